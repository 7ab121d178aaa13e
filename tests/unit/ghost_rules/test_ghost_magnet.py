"""The magnet (§6.4, §18.5): the ray, its cut, silencing, the caps; interlock and cooldown (§6.5, §18.6)."""

from __future__ import annotations

import pytest

from tests.unit.ghost_rules.ghost_support import outcomes, play, refused, row, stone

pytestmark = pytest.mark.unit


def pulled(moves: list[list[str]]) -> list[dict[str, object]]:
    return [{"type": "pulled", "moves": moves}]


def test_stones_close_up_to_the_anchor_in_order_keeping_owner_and_age() -> None:
    state = play("A:H8 P:K8; P:L8 P:A15; M:H8:E P:B15")
    assert outcomes(state, "A") == pulled([["K8", "J8"], ["L8", "K8"]])
    assert row(state, 8)[7:11] == "Aba."
    assert stone(state, "J8")["age"] == 3 and stone(state, "K8")["age"] == 2


def test_an_adjacent_stone_takes_a_place_and_the_third_of_one_player_is_not_taken() -> None:
    state = play("A:H8 P:J8; P:A1 P:K8; P:A2 P:L8; M:H8:E P:A15")
    assert outcomes(state, "A") == pulled([["J8", "J8"], ["K8", "K8"]])


def test_of_three_own_stones_two_are_taken_leaving_the_farthest() -> None:
    state = play("A:H8 P:N1; P:K8 P:N2; P:L8 P:N3; M:H8:E P:N4")
    assert outcomes(state, "A") == pulled([["K8", "J8"], ["L8", "K8"]])


def test_a_magnet_with_nothing_to_pull_or_at_the_edge_is_legal() -> None:
    state = play("A:A1 P:N1; M:A1:SW P:N2")
    assert outcomes(state, "A") == pulled([])
    assert state["skips"]["A"] == 0


def test_a_wall_on_the_ray_silences_the_magnet_completely() -> None:
    state = play("A:H8 P:J8; P:L8 P:L8; M:H8:E P:A15")
    assert outcomes(state, "A") == [{"type": "silenced", "cell": "H8", "direction": "E"}]
    assert stone(state, "J8") is not None


def test_any_anchor_cuts_the_ray_and_a_wall_beyond_it_does_not_silence() -> None:
    state = play("A:H8 A:K8; P:L8 P:L8; P:A1 P:J9; M:H8:E P:A15")
    assert outcomes(state, "A") == pulled([])
    state = play("A:H8 P:N1; A:K8 P:J8; P:L8 P:L8; M:H8:E P:A15")
    assert outcomes(state, "A") == pulled([["J8", "J8"]])


def test_fresh_stones_can_be_pulled_and_arrived_stones_count_as_arrived() -> None:
    state = play("A:H8 P:N1; M:H8:E P:L8")
    assert outcomes(state, "A") == pulled([["L8", "J8"]])
    assert stone(state, "J8")["seat"] == "B"


def test_two_magnets_on_one_stone_interlock_and_both_cool_down() -> None:
    script = "A:H8 A:M8; P:K8 P:A15; M:H8:E M:M8:W"
    state = play(script)
    assert outcomes(state, "A") == outcomes(state, "B") == [{"type": "interlocked"}]
    assert stone(state, "K8") is not None
    assert state["cooldown"] == {"A": 2, "B": 2}
    assert state["magnet_ready"] == {"A": False, "B": False}
    state = play(script + "; M:H8:E P:A14")
    assert state["log"][-1]["void"]["A"] == "illegal_action"
    assert state["cooldown"] == {"A": 1, "B": 1}
    state = play(script + "; P:A1 P:A14; P:A2 M:M8:W")
    assert state["log"][-1]["void"]["B"] == "illegal_action"
    assert state["cooldown"] == {"A": 0, "B": 0} and state["magnet_ready"] == {"A": True, "B": True}
    state = play(script + "; P:A1 P:A14; P:A2 P:A13; M:H8:E P:A12")
    assert outcomes(state, "A") == pulled([["K8", "J8"]])


def test_the_cooldown_also_blocks_an_anchor_placed_during_it() -> None:
    state = play("A:H8 A:M8; P:K8 P:A15; M:H8:E M:M8:W; A:C3 P:A14; M:C3:N P:A13")
    assert state["log"][-1]["void"]["A"] == "illegal_action"


def test_two_pulls_ending_on_one_cell_interlock() -> None:
    state = play("A:H8 A:K9; P:K8 P:H7; M:H8:E M:K9:SW")
    assert outcomes(state, "A") == outcomes(state, "B") == [{"type": "interlocked"}]


def test_an_unmoved_taken_stone_counts_for_the_interlock() -> None:
    state = play("A:H8 A:K9; P:J8 P:N1; M:H8:E M:K9:SW")
    assert outcomes(state, "A") == outcomes(state, "B") == [{"type": "interlocked"}]


def test_a_silenced_magnet_is_no_interlock() -> None:
    state = play("A:H8 A:M8; P:K8 P:A15; P:N8 P:N8; M:H8:E M:M8:E")
    assert outcomes(state, "B") == [{"type": "silenced", "cell": "M8", "direction": "E"}]
    assert outcomes(state, "A") == pulled([["K8", "J8"]])
    assert state["cooldown"] == {"A": 0, "B": 0}


def test_a_magnet_needs_ones_own_anchor() -> None:
    state = play("A:H8 P:N1; P:A1 M:H8:E")
    assert state["log"][-1]["void"]["B"] == "illegal_action"
    refused("M:H8:X -")
