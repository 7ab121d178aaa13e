"""What a Ghost Five match leaves in its players' history (`summary`, §14): nothing while live or once
cancelled; the winner, rounds won and every round for a finished match; no result for an aborted one."""

from __future__ import annotations

import pytest
from ghost_five import summary
from ghost_five.state import RoundRecord

from tests.unit.ghost_rules.test_ghost_hosting import started

pytestmark = pytest.mark.unit


def test_live_and_cancelled_matches_are_not_history() -> None:
    state = started()
    assert summary(state) is None
    assert summary(state._replace(status="cancelled")) is None


def test_a_finished_match_lists_its_rounds_and_who_won() -> None:
    rounds = (RoundRecord(1, "draw", "full_board", 80, ()), RoundRecord(2, "B", "row", 12, ()),
              RoundRecord(3, "B", "skips", 9, ()))
    state = started()._replace(status="finished", winner=1, score=(0, 2), rounds=rounds)
    assert summary(state) == {
        "outcome": "finished",
        "seats": [{"result": "loss", "score": 0}, {"result": "win", "score": 2}],
        "rounds": [{"round": 1, "result": "draw", "reason": "full_board", "turns": 80},
                   {"round": 2, "result": "B", "reason": "row", "turns": 12},
                   {"round": 3, "result": "B", "reason": "skips", "turns": 9}],
    }


def test_an_aborted_match_has_no_result() -> None:
    rounds = (RoundRecord(1, "draw", "double_skip", 3, ()), RoundRecord(2, "draw", "double_skip", 3, ()))
    state = started()._replace(status="aborted", rounds=rounds)
    assert summary(state)["outcome"] == "aborted"
    assert [s["result"] for s in summary(state)["seats"]] == [None, None]
