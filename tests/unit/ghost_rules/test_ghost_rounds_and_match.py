"""Ending a round (§8), drawn rounds, abort, best of three, resign and cancel (§3, §11), ratings (§13)."""

from __future__ import annotations

import pytest
from ghost_five.driver import Driver
from ghost_five.script import parse_script
from ghost_five.settings import Settings
from ghost_five.view import view

from tests.unit.ghost_rules.ghost_support import play, refused, row

pytestmark = pytest.mark.unit

A_ROW = "P:A1 P:A15; P:B1 P:C15; P:C1 P:E15; P:D1 P:G15; P:E1 P:J15"
B_LOSES_ON_SKIPS = "P:A1 -; P:C1 -; P:E1 -"


def test_a_row_of_five_takes_the_round_and_the_next_round_starts_empty() -> None:
    state = play(A_ROW)
    assert state["rounds"] == [{"round": 1, "result": "A", "reason": "row", "turns": 5,
                                "board": ["b.b.b.b.b......"] + ["." * 15] * 13 + ["aaaaa.........."]}]
    assert state["log"][-1]["round_end"] == {"result": "A", "reason": "row"}
    assert (state["round"], state["turn"], state["score"]) == (2, 0, {"A": 1, "B": 0})
    assert state["stones"] == [] and state["reserve"] == {"A": 2, "B": 2} and state["skips"] == {"A": 0, "B": 0}


def test_a_row_of_four_with_the_setting_and_overlines_win() -> None:
    assert play("P:A1 P:A15; P:B1 P:C15; P:C1 P:E15; P:D1 P:G15", "--row", "4")["score"]["A"] == 1
    state = play("P:A1 P:A15; P:B1 P:C15; P:D1 P:E15; P:E1 P:G15; P:F1 P:J15; P:C1 P:L15", "--memory", "9")
    assert state["rounds"][0]["reason"] == "row"


def test_anchors_count_in_rows() -> None:
    assert play("A:A1 P:A15; P:B1 P:C15; A:C1 P:E15; P:D1 P:G15; P:E1 P:J15")["score"]["A"] == 1


def test_a_wall_breaks_a_row() -> None:
    state = play("P:C1 P:C1; P:A1 P:A15; P:B1 P:C15; P:D1 P:E15; P:E1 P:G15; P:F1 P:J15")
    assert state["rounds"] == [] and row(state, 1) == "aa#aaa........."


def test_both_rows_on_one_turn_draw_the_round_and_it_is_replayed() -> None:
    state = play("P:A1 P:A15; P:B1 P:B15; P:C1 P:C15; P:D1 P:D15; P:E1 P:E15")
    assert state["rounds"][0]["result"] == "draw" and state["rounds"][0]["reason"] == "both_qualify"
    assert state["score"] == {"A": 0, "B": 0} and state["round"] == 2


def test_three_skips_in_a_row_lose_the_round_not_the_match() -> None:
    state = play(B_LOSES_ON_SKIPS)
    assert state["rounds"][0]["result"] == "A" and state["rounds"][0]["reason"] == "skips"
    assert state["status"] == "live" and state["score"] == {"A": 1, "B": 0}


def test_any_action_resets_the_skip_count() -> None:
    state = play("P:A1 -; P:C1 -; P:E1 X:A1; P:G1 -; P:J1 -")
    assert state["skips"] == {"A": 0, "B": 2} and state["rounds"] == []


def test_a_void_action_is_a_skip() -> None:
    state = play("P:A1 P:C5; P:C1 P:C5; P:E1 P:C5; P:G1 P:C5")
    assert state["rounds"][0]["reason"] == "skips"


def test_both_skipping_three_times_draws_and_twice_running_aborts() -> None:
    once = "- -; - -; - -"
    state = play(once)
    assert state["rounds"][0]["reason"] == "double_skip" and state["status"] == "live"
    state = play(once + "; " + once)
    assert state["status"] == "aborted" and state["winner"] is None and len(state["rounds"]) == 2


def test_another_result_between_double_skip_draws_resets_the_abort_count() -> None:
    state = play("- -; - -; - -; " + A_ROW + "; - -; - -; - -")
    assert state["status"] == "live" and [r["reason"] for r in state["rounds"]] == ["double_skip", "row",
                                                                                      "double_skip"]


def test_a_full_board_draws() -> None:
    from ghost_five.geometry import geometry
    names = geometry(13).names
    state = play("; ".join(f"P:{c} P:{c}" for c in names), "--board", "13", "--no-clock")
    assert state["rounds"][0] == {"round": 1, "result": "draw", "reason": "full_board", "turns": 169,
                                  "board": ["#" * 13] * 13}


def test_best_of_three_ends_the_match_with_a_winner() -> None:
    state = play(B_LOSES_ON_SKIPS + "; " + A_ROW)
    assert state["status"] == "finished" and state["winner"] == "A" and state["score"] == {"A": 2, "B": 0}
    assert state["round"] == 2 and state["turn"] == 5
    assert row(state, 1) == "aaaaa.........." and row(state, 15) == "b.b.b.b.b......"
    assert state["cooldown"] == {"A": 0, "B": 0} and state["magnet_ready"] == {"A": False, "B": False}


def test_the_finished_match_shows_the_last_board_played() -> None:
    state = play(B_LOSES_ON_SKIPS + "; " + B_LOSES_ON_SKIPS)
    assert row(state, 1) == "a.a.a.........."


def test_resign_gives_the_opponent_the_match_and_keeps_the_score() -> None:
    state = play("P:A1 P:B1; resign A", "--ratings", "1500,1500")
    assert state["status"] == "finished" and state["winner"] == "B" and state["score"] == {"A": 0, "B": 0}
    assert state["rounds"] == [{"round": 1, "result": "B", "reason": "resign", "turns": 1,
                                "board": ["." * 15] * 14 + ["ab............."]}]
    assert "round_end" not in state["log"][-1]
    assert state["ratings"] == {"A": 1484, "B": 1516}


def test_resign_in_a_fresh_round_lists_that_round() -> None:
    state = play(B_LOSES_ON_SKIPS + "; resign B")
    assert state["rounds"][-1] == {"round": 2, "result": "A", "reason": "resign", "turns": 0,
                                   "board": ["." * 15] * 15}
    assert state["score"] == {"A": 1, "B": 0}


def test_resign_before_the_first_turn_and_cancel_after_it_are_refused() -> None:
    refused("resign A")
    refused("P:A1 P:B1; cancel B")
    refused("- -; cancel A")


def test_cancel_before_the_first_turn() -> None:
    state = play("cancel B", "--ratings", "1500,1600")
    assert state["status"] == "cancelled" and state["winner"] is None and state["turn"] == 0
    assert state["ratings"] == {"A": 1500, "B": 1600}
    refused("cancel B; P:A1 P:B1")


def test_ratings_change_once_for_a_finished_match_and_never_offline() -> None:
    won = B_LOSES_ON_SKIPS + "; " + B_LOSES_ON_SKIPS
    assert play(won, "--ratings", "1500,1900")["ratings"] == {"A": 1529, "B": 1871}
    assert play(won, "--ratings", "1500,1900", "--offline")["ratings"] == {"A": 1500, "B": 1900}
    assert play(B_LOSES_ON_SKIPS, "--ratings", "1500,1900")["ratings"] == {"A": 1500, "B": 1900}
    assert play("- -; - -; - -; - -; - -; - -", "--ratings", "1500,1900")["ratings"] == {"A": 1500, "B": 1900}


def test_a_rounds_record_keeps_its_last_corner_digits_and_frames_for_the_views() -> None:
    """The view shows the fresh round at once: the finished one's corners are only in its record, and the
    seats' views carry them (the replay draws that board); ghostctl's round entries stay as the contract fixes."""
    driver = Driver(Settings(memory=5))
    for segment in parse_script(A_ROW):
        driver.run(segment)
    (record,) = view(driver.state, 0)["rounds"]
    assert record["digits"] == {"A1": 1, "B1": 2, "C1": 3, "D1": 4, "E1": 5, "A15": 1, "C15": 2, "E15": 3, "G15": 4,
                                "J15": 5}
    assert record["next_to_go"] == ["A1", "A15"]  # memory full: the oldest goes next
    assert set(play(A_ROW, "--memory", "5")["rounds"][0]) == {"round", "result", "reason", "turns", "board"}
