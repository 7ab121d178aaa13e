"""Echo Challenge rules: pure, deterministic from a seed, no I/O.

This package satisfies `echo_events.game_rules.RulesPackage`: `KIND`, `SEATS`, `COMMANDS`, `start`,
`decide`, `evolve`, `fold` and `view` are its module-level names, and it keeps the contract's
incremental log (`compact`): a long game's log is rendered once per tick, not per view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import COMMANDS
from .events import GameFinished
from .game import Rejection, decide, evolve, fold, play, start
from .setup import GameSetup, Rules
from .state import GameState
from .view import client_view, log_entry, revealed_field

KIND = "echo"
SEATS = (1, 1)
ENDING_EVENTS = frozenset({GameFinished.event_type})


def view(state: GameState, seat: int | None = None, log: Sequence[Any] | None = None) -> dict[str, Any]:
    """The contract's view: Echo Challenge has one seat, so `seat` changes nothing."""
    return client_view(state, log)


def compact(state: GameState) -> tuple[GameState, list[dict[str, Any]]]:
    """The state without its log, and the log as the view's entries."""
    return state._replace(log=()), [log_entry(tick) for tick in state.log]


__all__ = [
    "COMMANDS",
    "ENDING_EVENTS",
    "KIND",
    "SEATS",
    "GameSetup",
    "GameState",
    "Rejection",
    "Rules",
    "client_view",
    "compact",
    "decide",
    "evolve",
    "fold",
    "play",
    "revealed_field",
    "start",
    "view",
]
