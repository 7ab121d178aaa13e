"""Move time, reserve, lag allowance and refill (§10, §18.15) as ghostctl's `@` times."""

from __future__ import annotations

import pytest

from tests.unit.ghost_rules.ghost_support import play

pytestmark = pytest.mark.unit


def clock(state: dict, seat: str = "A") -> tuple[float, int]:
    return state["clock"][seat]["reserve"], state["clock"][seat]["streak"]


def test_within_the_move_time_the_reserve_is_untouched_and_the_streak_grows() -> None:
    assert clock(play("P:A1@30 P:N1")) == (120, 1)


def test_past_the_move_time_the_reserve_is_spent() -> None:
    assert clock(play("P:A1@42.25 P:N1")) == (107.75, 0)


def test_the_lag_allowance_accepts_a_commit_with_the_reserve_at_zero() -> None:
    state = play("P:A1@152 P:N1")
    assert clock(state) == (0, 0) and state["log"][0]["void"]["A"] is None
    assert state["skips"]["A"] == 0


def test_a_commit_after_the_lag_allowance_is_refused_as_late() -> None:
    state = play("P:A1@152.001 P:N1")
    assert state["log"][0]["void"]["A"] == "late_commit" and state["log"][0]["actions"]["A"] is None
    assert clock(state) == (0, 0) and state["skips"]["A"] == 1


def test_no_commit_by_the_deadline_is_a_skip_and_empties_the_reserve() -> None:
    for script in ("P:A1@timeout P:N1", "- P:N1"):
        state = play(script)
        assert state["log"][0]["void"]["A"] == "no_commit" and clock(state) == (0, 0)


def test_a_void_reveal_is_a_skip_committed_in_time_that_breaks_the_streak() -> None:
    state = play("P:A1 P:N1; -@5 P:N2")
    assert state["log"][1]["void"]["A"] == "void" and state["log"][1]["actions"]["A"] is None
    assert clock(state) == (120, 0) and state["skips"]["A"] == 1


def test_an_illegal_action_in_time_breaks_the_streak() -> None:
    assert clock(play("P:A1 P:N1; P:A1 P:N2")) == (120, 0)


def test_three_turns_in_time_refill_the_reserve_and_the_streak_starts_again() -> None:
    state = play("P:A1@100 P:N1; P:A2 P:N2; P:A3@29.5 P:N3")
    assert clock(state) == (50, 2)
    state = play("P:A1@100 P:N1; P:A2 P:N2; P:A3@29.5 P:N3; P:A4@30 P:N4")
    assert clock(state) == (120, 0)


def test_a_streak_counts_with_the_reserve_full() -> None:
    state = play("P:A1 P:N1; P:A2 P:N2; P:A3 P:N3")
    assert clock(state) == (120, 0)


def test_with_an_empty_reserve_only_the_lag_allowance_is_left() -> None:
    state = play("P:A1@32 P:N1; P:A2@32.5 P:N2", "--reserve", "0")
    assert state["log"][1]["void"]["A"] == "late_commit" and state["log"][0]["void"]["A"] is None


def test_clocks_and_streaks_carry_across_rounds() -> None:
    state = play("P:A1@50 -; P:C1 -; P:E1 -")
    assert state["round"] == 2 and clock(state) == (100, 2) and clock(state, "B") == (0, 0)
    assert clock(play("P:A1@50 -; P:C1 -; P:E1 -; P:A1 P:N1")) == (120, 0)


def test_no_clock_ignores_times_and_never_changes_the_clocks() -> None:
    state = play("P:A1@500 P:N1@timeout; - P:N2", "--no-clock")
    assert [e["void"] for e in state["log"]] == [{"A": None, "B": None}, {"A": "no_commit", "B": None}]
    assert state["clock"] == {"A": {"reserve": 120, "streak": 0}, "B": {"reserve": 120, "streak": 0}}
