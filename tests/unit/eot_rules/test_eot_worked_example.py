"""Spec §21: the worked example, step by step (2 players, round 3, Anna = p1 first, Boris = p2)."""

from __future__ import annotations

import pytest
from echoes_of_time.commands import Activate, Decide, EndTurn, TakeMainAction

from tests.unit.eot_rules.eot_tables import names, ok, settled, table

pytestmark = pytest.mark.unit


def _round_three():
    t = table(hands={"p1": ["S03a", "E08a", "W02a"], "p2": ["W03a", "E02a"]},
              boards={"p1": {1: ["F05", "F01a"], 4: ["S05"]}}, fellowships={"p2": ["E01a"]},
              turn=None, phase="time")
    return settled(t, [("time_phase", 0)])


def test_the_order_choice_gives_two_vp_fox_first_and_one_hedgehog_first() -> None:
    t, events = _round_three()
    assert t.pending is not None and t.pending.kind == "summon_order" and set(t.pending.options) == {"F05", "F01a"}
    fox_first, _ = ok(t, Decide(player="p1", decision_id=t.pending.decision_id, choice="F05"))
    hedgehog_first, _ = ok(t, Decide(player="p1", decision_id=t.pending.decision_id, choice="F01a"))
    assert fox_first.seat("p1").vp == 2 and fox_first.vp_main == 32
    assert hedgehog_first.seat("p1").vp == 1
    assert fox_first.seat("p1").fellowship == ["F05", "F01a"]


def test_the_whole_example() -> None:
    t, _ = _round_three()
    t, _ = ok(t, Decide(player="p1", decision_id=t.pending.decision_id, choice="F05"))
    assert t.turn.player == "p1" and t.seat("p1").board[2] == ["S05"]
    t, events = ok(t, TakeMainAction(player="p1", slot="play.1",
                                     args={"card": "S03a", "discards": ["E08a"], "space": 3}))
    assert t.seat("p1").board[2] == ["S05", "S03a"] and t.discard == ["E08a"]
    assert events[-2].__class__.__name__ == "TurnEnded" and events[-2].auto
    before = t.count("p2")
    t, events = ok(t, TakeMainAction(player="p2", slot="capture.1", args={"source": "X7", "creatures": ["E01a"]}))
    captured = next(e for e in events if type(e).__name__ == "SourceCaptured")
    assert captured.attack == 5 and t.source("X7").holder == "p2" and t.count("p2") == before + 1
    assert t.turn.player == "p2"  # «Рудная жила» can still be used: the turn does not end by itself
    t, _ = ok(t, EndTurn(player="p2"))
    t, _ = ok(t, TakeMainAction(player="p1", slot="advance.1", args={"moves": [{"card": "S03a", "steps": 2}]}))
    assert t.seat("p1").board[0] == ["S03a"]
    t, _ = ok(t, Activate(player="p2", target="X7", discards=("W03a",)))
    assert t.seat("p2").vp == 2
    t, events = ok(t, TakeMainAction(player="p2", slot="draw.1", args={}))
    assert names(events)[-1] == "TurnStarted" and "RoundEnded" in names(events)
    assert t.round == 4 and t.seats[t.first].id == "p2" and not t.tokens
    assert all(not seat.cubes for seat in t.seats)
