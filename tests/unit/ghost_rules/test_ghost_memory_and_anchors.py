"""Short memory (§5, §18.9), ages and corner digits; anchors: place, convert, shield, take back (§6)."""

from __future__ import annotations

import pytest

from tests.unit.ghost_rules.ghost_support import outcomes, play, stone

pytestmark = pytest.mark.unit

M5 = ("--memory", "5")


def turns(*pairs: str) -> str:
    return "; ".join(pairs)


SIX = turns("P:A1 P:N1", "P:C1 P:N3", "P:E1 P:N5", "P:G1 P:N7", "P:J1 P:N9", "P:L1 P:N11")


def test_an_extra_stone_makes_the_oldest_disappear() -> None:
    state = play(SIX, *M5)
    assert outcomes(state, "A") == [{"type": "placed", "cell": "L1"}, {"type": "expired", "cell": "A1"}]
    assert stone(state, "A1") is None
    assert len([s for s in state["stones"] if s["seat"] == "A"]) == 5


def test_ages_count_turn_ends_in_memory_and_digits_rank_the_stones() -> None:
    state = play(turns("P:A1 P:N1", "P:C1 P:N3", "P:E1 P:N5"), *M5)
    mine = {s["cell"]: (s["age"], s["digit"], s["frame"]) for s in state["stones"] if s["seat"] == "A"}
    assert mine == {"A1": (3, 3, False), "C1": (2, 4, False), "E1": (1, 5, False)}


def test_the_dashed_frame_marks_the_next_to_go_while_memory_is_full() -> None:
    state = play(turns("P:A1 P:N1", "P:C1 P:N3", "P:E1 P:N5", "P:G1 P:N7", "P:J1 P:N9"), *M5)
    mine = {s["cell"]: (s["digit"], s["frame"]) for s in state["stones"] if s["seat"] == "A"}
    assert mine == {"A1": (1, True), "C1": (2, False), "E1": (3, False), "G1": (4, False), "J1": (5, False)}


def test_shielded_stones_do_not_age_are_not_in_memory_and_have_no_digit() -> None:
    state = play(turns("A:H8 P:N1", "P:J8 P:N3", "P:A1 P:N5"), *M5)
    shielded = stone(state, "J8")
    assert (shielded["shielded"], shielded["age"], shielded["digit"], shielded["frame"]) == (True, 0, None, False)
    assert stone(state, "A1")["digit"] == 5  # alone in memory: m = 1, rank 1
    assert stone(state, "H8")["shielded"] is False and stone(state, "H8")["digit"] is None


def test_only_ones_own_anchor_shields() -> None:
    state = play("P:J8 A:H8")
    assert stone(state, "J8")["shielded"] is False and stone(state, "J8")["age"] == 1


def test_a_row_grows_around_an_anchor_beyond_the_memory_size() -> None:
    around = turns("A:H8 P:N1", "P:G7 P:N3", "P:H7 P:N5", "P:J7 P:N7", "P:G9 P:N9", "P:H9 P:N11",
                   "P:A1 P:N13", "P:A3 P:B13")
    state = play(around, *M5)
    assert len([s for s in state["stones"] if s["seat"] == "A"]) == 8


def test_placing_an_anchor_uses_the_reserve_and_converting_keeps_the_stone() -> None:
    state = play("A:H8 P:N1; P:J9 P:N3; A:J9 P:N5")
    assert state["reserve"]["A"] == 0
    assert outcomes(state, "A") == [{"type": "converted", "cell": "J9"}]
    assert stone(state, "J9")["anchor"] and stone(state, "J9")["age"] == 0
    state = play("A:H8 P:N1; A:J9 P:N3; A:K10 P:N5")
    assert state["log"][-1]["void"]["A"] == "illegal_action"  # no anchor left


def test_anchors_age_from_the_turn_after_they_are_placed() -> None:
    state = play("A:H8 P:N1; P:A1 P:N3")
    assert stone(state, "H8")["age"] == 1


TAKE_BACK_READY = "A:H8 P:N1; " + turns(*(f"P:A{2 * i + 1} P:N{2 * i + 3}" for i in range(5)))


def test_take_back_from_age_five_returns_the_anchor_and_leaves_a_stone_of_age_zero_then_one() -> None:
    early = play("A:H8 P:N1; " + turns(*(f"P:A{2 * i + 1} P:N{2 * i + 3}" for i in range(4))) + "; P:C1+T:H8 P:B1")
    assert early["log"][-1]["void"]["A"] == "illegal_action"  # age 4 at the start of turn 6
    assert stone(early, "H8")["age"] == 5
    state = play(TAKE_BACK_READY + "; P:C1+T:H8 P:B1")
    assert outcomes(state, "A") == [{"type": "placed", "cell": "C1"}, {"type": "taken_back", "cell": "H8"}]
    taken = stone(state, "H8")
    assert (taken["anchor"], taken["age"]) == (False, 1)
    assert state["reserve"]["A"] == 2


def test_a_taken_back_stone_goes_first_among_stones_of_age_zero() -> None:
    state = play(TAKE_BACK_READY + "; P:C1+T:H8 P:B1", "--memory", "9")
    mine = [s for s in state["stones"] if s["seat"] == "A" and s["age"] == 1]
    assert [(s["cell"], s["digit"]) for s in mine] == [("C1", 9), ("H8", 8)]


def test_a_take_back_rides_along_a_shift_of_the_same_anchor() -> None:
    state = play(TAKE_BACK_READY + "; S:H8:H9+T:H8 P:B1")
    assert outcomes(state, "A")[:2] == [{"type": "shifted", "from": "H8", "to": "H9"},
                                        {"type": "taken_back", "cell": "H9"}]
    assert stone(state, "H9")["anchor"] is False


def test_shielded_stones_expire_when_the_anchor_is_taken_back() -> None:
    script = turns("A:H8 P:N1", "P:G7 P:N3", "P:H7 P:N5", "P:J7 P:N7", "P:A1 P:N9", "P:A3 P:N11", "P:A5 P:N13",
                   "P:A7+T:H8 P:N15")
    state = play(script, *M5)
    expired = [o["cell"] for o in outcomes(state, "A") if o["type"] == "expired"]
    assert expired == ["A1", "A3", "A5"]  # 8 in memory again: the three oldest go, the frozen ones are age 0
    mine = [(s["cell"], s["digit"]) for s in state["stones"] if s["seat"] == "A"]
    assert sorted(mine) == [("A7", 5), ("G7", 2), ("H7", 3), ("H8", 1), ("J7", 4)]


def test_an_illegal_take_back_voids_the_whole_action() -> None:
    state = play("A:H8 P:N1; P:A1+T:H8 P:N3")
    assert state["log"][-1]["void"]["A"] == "illegal_action" and stone(state, "A1") is None


def test_a_take_back_needs_ones_own_anchor() -> None:
    state = play("P:N1 A:H8; " + turns(*(f"P:A{2 * i + 1} P:N{2 * i + 3}" for i in range(5))) + "; P:C1+T:H8 P:B1")
    assert state["log"][-1]["void"]["A"] == "illegal_action"


def test_an_anchor_needs_one_in_reserve_at_the_start_of_the_turn() -> None:
    script = "A:H8 P:N1; A:H10 P:N2; " + turns(*(f"P:A{2 * i + 1} P:N{2 * i + 3}" for i in range(4)))
    state = play(script + "; A:C1+T:H8 P:B1")
    assert state["log"][-1]["void"]["A"] == "illegal_action"
