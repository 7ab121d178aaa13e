"""The contract between a game's pure rules package and the engine service plumbing.

The service knows nothing of any game: it loads a rules package, starts a game from a setup, turns
commands into events with `decide`, folds events into state with `evolve` (or `fold`), appends the
events, and sends `view`s. Echo Challenge is the first package (`echo_engine.rules.echo`); later
games (spec/later/) plug in by providing the same functions:

- `start(setup) -> (state, events)`: the first events of a game (its setup, on internal subjects).
- `decide(state, command) -> events | rejection`: a rejection is a value with `code` and `message`.
- `evolve(state, event) -> state`: pure; never rolls dice, never reads a clock.
- `fold(events) -> state`: the state of a whole stream, from its first event.
- `view(state, viewer=None) -> dict`: what one viewer may see (a game with hidden information per
  player uses `viewer`; Echo Challenge has one player and ignores it). Never anything hidden.

Time, seeds and ids come in through setups and commands (timers are commands such as Expire).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol, runtime_checkable

from echo_events.model import Command, Event


@runtime_checkable
class Rejection(Protocol):
    """A refused command: nothing changes. `code` is machine-readable, `message` is for people."""

    @property
    def code(self) -> str: ...

    @property
    def message(self) -> str: ...


@runtime_checkable
class RulesPackage(Protocol):
    """A game's rules, usually a module. States and setups are the package's own immutable types."""

    def start(self, setup: Any) -> tuple[Any, list[Event]]: ...

    def decide(self, state: Any, command: Command) -> Sequence[Event] | Rejection: ...

    def evolve(self, state: Any, event: Event) -> Any: ...

    def fold(self, events: Iterable[Event]) -> Any: ...

    def view(self, state: Any, viewer: str | None = None) -> dict[str, Any]: ...


def is_rejection(outcome: object) -> bool:
    """True for a rejection value, False for a list of events."""
    return not isinstance(outcome, list | tuple) and isinstance(outcome, Rejection)
