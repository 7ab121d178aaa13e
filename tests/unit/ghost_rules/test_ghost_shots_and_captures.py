"""Shots, fresh hits and marks (§7.1, §7.2, §18.7, §18.11); capture of pairs (§7.4, §18.12)."""

from __future__ import annotations

import pytest

from tests.unit.ghost_rules.ghost_support import outcomes, play, stone

pytestmark = pytest.mark.unit

CAPTURE = ("--capture", "on")


def test_a_shot_knocks_off_an_opponent_stone_and_marks_the_cell_for_one_turn() -> None:
    state = play("P:N1 P:H8; X:H8 P:N2")
    assert outcomes(state, "A") == [{"type": "hit", "cell": "H8"}]
    assert stone(state, "H8") is None
    assert state["marks"] == [{"cell": "H8", "until": 3}]
    assert play("P:N1 P:H8; X:H8 P:N2; P:A1 P:N3")["marks"] == []


def test_a_shot_at_the_cell_the_opponent_places_on_is_a_fresh_hit() -> None:
    state = play("X:H8 P:H8")
    assert outcomes(state, "A") == [{"type": "fresh_hit", "cell": "H8"}]
    assert outcomes(state, "B") == [{"type": "placed", "cell": "H8"}]
    assert state["stones"] == [] and state["skips"] == {"A": 0, "B": 0}


def test_a_shot_at_an_empty_cell_nobody_takes_is_a_miss_and_still_an_action() -> None:
    state = play("X:H8 P:J8")
    assert outcomes(state, "A") == [{"type": "miss", "cell": "H8"}]
    assert state["skips"]["A"] == 0 and state["marks"] == []


@pytest.mark.parametrize("target", ["own stone", "anchor", "wall"])
def test_shooting_an_own_stone_an_anchor_or_a_wall_is_illegal(target: str) -> None:
    setup = {"own stone": "P:H8 P:N1", "anchor": "P:N1 A:H8", "wall": "P:H8 P:H8"}[target]
    state = play(setup + "; X:H8 P:N2")
    assert state["log"][-1]["void"]["A"] == "illegal_action"


def test_a_conversion_beats_a_simultaneous_shot() -> None:
    state = play("P:H8 P:N1; A:H8 X:H8")
    assert outcomes(state, "A") == [{"type": "converted", "cell": "H8"}]
    assert outcomes(state, "B") == [{"type": "miss", "cell": "H8"}]
    assert stone(state, "H8")["anchor"] is True and state["reserve"]["A"] == 1


def test_an_old_stone_pulled_onto_the_shot_cell_is_a_plain_hit() -> None:
    state = play("A:H8 P:N1; P:K8 P:N2; M:H8:E X:J8")
    assert outcomes(state, "B") == [{"type": "hit", "cell": "J8"}]
    assert state["marks"] == [{"cell": "J8", "until": 4}]


def test_a_shot_whose_target_changed_during_the_turn_is_a_miss() -> None:
    state = play("A:H8 P:K8; M:H8:E X:J8")  # B aimed at an empty cell; A pulled B's own stone onto it
    assert outcomes(state, "B") == [{"type": "miss", "cell": "J8"}]
    assert stone(state, "J8")["seat"] == "B"


def test_a_marked_cell_is_empty_for_the_rules() -> None:
    state = play("P:N1 P:H8; X:H8 P:N2; P:H8 P:N3")
    assert outcomes(state, "A") == [{"type": "placed", "cell": "H8"}]
    assert state["marks"] == []  # the mark's turn (3) is over


def test_a_placed_flank_captures_exactly_two() -> None:
    state = play("P:G8 P:H8; P:A1 P:J8; P:K8 P:N1", *CAPTURE)
    assert outcomes(state, "A") == [{"type": "placed", "cell": "K8"}, {"type": "captured", "cells": ["H8", "J8"]}]
    assert state["pairs"] == {"A": 1, "B": 0}
    assert [s["cell"] for s in state["stones"] if s["seat"] == "B"] == ["N1"]


def test_captures_are_off_by_default() -> None:
    state = play("P:G8 P:H8; P:A1 P:J8; P:K8 P:N1")
    assert state["pairs"] == {"A": 0, "B": 0} and stone(state, "H8") is not None


def test_moving_into_a_flanked_spot_is_safe() -> None:
    state = play("P:G8 P:H8; P:K8 P:N1; P:A1 P:J8", *CAPTURE)
    assert state["pairs"] == {"A": 0, "B": 0}


def test_three_between_the_flanks_is_no_capture() -> None:
    state = play("P:G8 P:H8; P:A1 P:J8; P:A2 P:K8; P:L8 P:N1", *CAPTURE)
    assert state["pairs"] == {"A": 0, "B": 0}


def test_an_anchor_flanks_but_is_never_captured() -> None:
    state = play("A:G8 P:H8; P:A1 P:J8; P:K8 P:N1", *CAPTURE)
    assert state["pairs"]["A"] == 1
    state = play("P:G8 A:H8; P:A1 P:J8; P:K8 P:N1", *CAPTURE)
    assert state["pairs"]["A"] == 0


def test_a_flank_pulled_by_the_opponent_has_arrived() -> None:
    state = play("P:G8 A:K9; P:K7 P:H8; P:N1 P:J8; P:N2 M:K9:S", *CAPTURE)
    assert outcomes(state, "B") == [{"type": "pulled", "moves": [["K7", "K8"]]}]
    assert outcomes(state, "A") == [{"type": "placed", "cell": "N2"}, {"type": "captured", "cells": ["H8", "J8"]}]


def test_a_taken_stone_that_did_not_move_has_not_arrived() -> None:
    state = play("P:G8 A:K9; P:K8 P:H8; P:N1 P:J8; P:N2 M:K9:S", *CAPTURE)
    assert outcomes(state, "B") == [{"type": "pulled", "moves": [["K8", "K8"]]}]
    assert state["pairs"] == {"A": 0, "B": 0}


def test_both_captures_are_found_on_one_board() -> None:
    state = play("P:G8 P:H8; P:A1 P:J8; P:C3 P:B3; P:D3 P:N1; P:K8 P:E3", *CAPTURE)
    assert state["pairs"] == {"A": 1, "B": 1}
    assert outcomes(state, "B")[-1] == {"type": "captured", "cells": ["C3", "D3"]}
