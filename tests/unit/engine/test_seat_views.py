"""A state's public part (the rules contract's optional `public(state)`) is rendered once for all its seats'
views and handed to each; a new state gets its own; rules without one are asked for views as before."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from echo_engine.seat_views import SeatViews
from echo_engine.store import LoadedGame
from echo_events.hosting import host
from echo_events.play import GameCreated

pytestmark = pytest.mark.unit


class PlainRules:
    """A game's rules as SeatViews asks them: a view of a state for a seat (and the contract's other names)."""

    KIND, SEATS, COMMANDS = "trio", (3, 3), None
    start = decide = evolve = fold = staticmethod(lambda *_: None)

    @staticmethod
    def view(state: Any, seat: int | None, public: Any = None) -> dict[str, Any]:
        return {"seat": seat, "public": public}


@dataclass
class RulesWithPublic(PlainRules):
    """... and the state's public part, counted."""

    publics: int = 0

    def public(self, state: Any) -> dict[str, Any]:
        self.publics += 1
        return {"board": state["board"]}


def game(rules: Any, state: dict[str, Any]) -> LoadedGame:
    meta = GameCreated(game_id="k1", account_id="a", mode="table", msk_date="2026-12-02",
                       kind="trio", seats=3)
    return LoadedGame(meta=meta, rules=host(rules), state=state, version=len(state["board"]), last_sequence=1,
                      roster=("a", "b", "c"))


def test_every_seat_of_a_state_gets_the_one_public_part_rendered_for_it() -> None:
    rules, views = RulesWithPublic(), SeatViews()
    first = game(rules, {"board": "x"})
    seen = [views.of(first, seat) for seat in (0, 1, 2, None)]
    assert rules.publics == 1
    assert all(view["public"] is seen[0]["public"] == {"board": "x"} for view in seen)
    assert [view["seat"] for view in seen] == [0, 1, 2, None]

    second = game(rules, {"board": "xo"})
    assert views.of(second, 1)["public"] == {"board": "xo"} and views.of(second, 2)["public"] == {"board": "xo"}
    assert rules.publics == 2


def test_rules_without_a_public_part_are_asked_for_each_view_alone() -> None:
    rules, views = PlainRules(), SeatViews()
    loaded = game(rules, {"board": "x"})
    assert [views.of(loaded, seat) for seat in (0, 1)] == [{"seat": 0, "public": None}, {"seat": 1, "public": None}]
