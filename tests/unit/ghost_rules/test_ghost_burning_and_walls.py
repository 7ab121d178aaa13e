"""Burning (§7.3), walls and their lifetime, shifts into walls and trails (§6.3, §18.10)."""

from __future__ import annotations

import pytest

from tests.unit.ghost_rules.ghost_support import outcomes, play, row, stone

pytestmark = pytest.mark.unit


def test_two_stones_on_one_cell_burn_it_into_a_permanent_wall() -> None:
    state = play("P:H8 P:H8")
    assert state["walls"] == [{"cell": "H8", "until": None, "trail": False}]
    assert state["stones"] == []
    assert outcomes(state, "A") == outcomes(state, "B") == [{"type": "burnt", "cell": "H8"}]


def test_an_anchor_and_a_stone_burn_and_the_anchor_stays_in_reserve() -> None:
    state = play("A:H8 P:H8")
    assert state["reserve"] == {"A": 2, "B": 2}
    assert row(state, 8)[7] == "#"


def test_a_wall_with_a_lifetime_goes_at_the_end_of_turn_t_plus_w() -> None:
    three = "P:H8 P:H8; P:A1 P:N1; P:A2 P:N2"
    state = play(three, "--walls", "3")
    assert state["walls"] == [{"cell": "H8", "until": 4, "trail": False}]
    assert play(three + "; P:A3 P:N3", "--walls", "3")["walls"] == []


def test_a_wall_blocks_placing_and_shooting() -> None:
    state = play("P:H8 P:H8; P:H8 X:H8")
    assert state["log"][1]["void"] == {"A": "illegal_action", "B": "illegal_action"}
    assert state["skips"] == {"A": 1, "B": 1}


def test_a_shift_destroys_the_wall_and_leaves_a_trail_for_one_turn() -> None:
    script = "P:H8 P:H8; A:G8 P:N1; S:G8:H8 P:N2"
    state = play(script)
    assert outcomes(state, "A") == [{"type": "shifted", "from": "G8", "to": "H8"}]
    assert state["walls"] == [{"cell": "G8", "until": 4, "trail": True}]
    assert stone(state, "H8")["anchor"] is True
    assert play(script + "; P:A1 P:N3")["walls"] == []


def test_a_trail_lasts_one_turn_whatever_the_wall_lifetime() -> None:
    state = play("A:G8 P:N1; S:G8:G9 P:N2", "--walls", "10")
    assert state["walls"] == [{"cell": "G8", "until": 3, "trail": True}]


def test_a_shift_keeps_the_anchor_age() -> None:
    state = play("A:G8 P:N1; P:A1 P:N2; S:G8:G9 P:N3")
    assert stone(state, "G9")["age"] == 2


def test_a_shift_burns_when_the_opponent_aims_at_its_destination() -> None:
    state = play("A:G8 P:N1; S:G8:H9 P:H9")
    assert outcomes(state, "A") == outcomes(state, "B") == [{"type": "burnt", "cell": "H9"}]
    assert stone(state, "G8")["anchor"] is True
    assert state["walls"] == [{"cell": "H9", "until": None, "trail": False}]  # no trail


def test_two_shifts_into_a_wall_burn_it_into_a_fresh_wall() -> None:
    state = play("P:H8 P:H8; A:G8 A:J8; S:G8:H8 S:J8:H8", "--walls", "5")
    assert state["walls"] == [{"cell": "H8", "until": 8, "trail": False}]
    assert [s["cell"] for s in state["stones"]] == ["G8", "J8"]


def test_a_burn_on_a_trail_makes_a_wall_with_the_room_lifetime() -> None:
    state = play("A:G8 A:H7; S:G8:G9 P:N1; S:G9:G8 S:H7:G8", "--walls", "5")
    assert state["walls"] == [{"cell": "G8", "until": 8, "trail": False}]
    assert [s["cell"] for s in state["stones"] if s["anchor"]] == ["H7", "G9"]


def test_nothing_is_placed_on_a_trail() -> None:
    state = play("A:G8 P:N1; S:G8:G9 P:N2; P:A1 P:G8")
    assert state["log"][2]["void"]["B"] == "illegal_action"
    assert state["walls"] == []


def test_a_trail_silences_a_magnet_on_its_own_turn() -> None:
    state = play("A:H8 A:L8; P:A1 P:N1; S:H8:H9 M:L8:W")
    assert outcomes(state, "B") == [{"type": "silenced", "cell": "L8", "direction": "W"}]
    state = play("A:H8 A:K8; P:A1 P:N1; S:H8:H9 M:K8:W")
    assert outcomes(state, "B") == [{"type": "silenced", "cell": "K8", "direction": "W"}]
