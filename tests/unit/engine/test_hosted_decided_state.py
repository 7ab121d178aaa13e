"""A decision's own state (the rules contract's optional `decided`) is kept as the game's state after its events,
instead of evolving them again; without one, the events are evolved as before. Either way the hosted game's
`decide` answers with one shape, `Decided`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from echo_engine.store import LoadedGame
from echo_events.game_rules import Refused
from echo_events.hosting import Decided, host
from echo_events.model import Event
from echo_events.play import GameCreated, SeatTaken

pytestmark = pytest.mark.unit


class Marked(Event):
    event_type: str = "test.Marked"
    mark: str


@dataclass
class CountingRules:
    """Rules whose state is a string of marks, counting how often the engine evolves one."""

    evolved: int = 0
    KIND = "marks"
    SEATS = (2, 2)
    COMMANDS = None

    def start(self, setup: Any) -> tuple[str, list[Marked]]:
        return "", []

    def fold(self, events: Any) -> str:
        return "".join(event.mark for event in events)

    def view(self, state: str, seat: int | None = None) -> dict[str, Any]:
        return {"marks": state}

    def evolve(self, state: str, event: Marked) -> str:
        self.evolved += 1
        return state + event.mark

    def decide(self, state: str, command: str) -> list[Marked] | Refused:
        return Refused("no", "refused") if command == "no" else [Marked(mark=m) for m in command]


@dataclass
class DecidingRules(CountingRules):
    def decided(self, state: str, command: str) -> tuple[list[Marked], str] | Refused:
        outcome = self.decide(state, command)
        return outcome if isinstance(outcome, Refused) else (outcome, state + command)


def game(rules: Any, state: str = "ab") -> LoadedGame:
    meta = GameCreated(game_id="k1", account_id="a", mode="table", msk_date="2026-12-05",
                       kind="marks", seats=2)
    return LoadedGame(meta=meta, rules=host(rules), state=state, version=3, last_sequence=3, roster=("a",))


def test_the_decided_state_is_kept_and_nothing_is_evolved_again() -> None:
    rules = DecidingRules()
    loaded = game(rules)
    outcome = loaded.rules.decide(loaded.state, "cd")
    assert isinstance(outcome, Decided) and outcome.state == "abcd"
    after = loaded.advanced(outcome.events, outcome.state)
    assert after.state == "abcd" and rules.evolved == 0
    assert isinstance(loaded.rules.decide(loaded.state, "no"), Refused)


def test_rules_without_it_are_evolved_event_by_event() -> None:
    rules = CountingRules()
    loaded = game(rules)
    outcome = loaded.rules.decide(loaded.state, "cd")
    assert isinstance(outcome, Decided) and outcome.state is None
    assert loaded.advanced(outcome.events, outcome.state).state == "abcd" and rules.evolved == 2


def test_seats_still_change_beside_a_decided_state() -> None:
    loaded = game(DecidingRules())
    after = loaded.advanced([SeatTaken(seat=1, account_id="b"), Marked(mark="c")], "abc")
    assert after.roster == ("a", "b") and after.state == "abc"
