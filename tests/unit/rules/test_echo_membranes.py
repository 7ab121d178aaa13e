"""The six membranes, going out, and interference (echo-challenge.md §7, §12 step 4, §23)."""

import pytest
from echo_challenge.view import client_view
from echo_helpers import begin, header, run, set_orders

pytestmark = pytest.mark.unit

# Ephemeron order (reading order of first sectors) and membrane kinds:
#  0 A1 green №1   1 C1 green №2   2 E1 yellow №1   3 G1 yellow №2   4 I1 yellow №1
#  5 A3 red №1     6 C3 red №2     7 A5 yellow №2   8 A7-C7 red №1 (membrane C7)   9 H9-J9 green №1
MEMBRANES = """
G.G.Y.Y.Y.
..........
R.R.......
..........
Y.........
..........
rrR.......
..........
.......ggG
..........
"""
QUIET = "P J10; P I10; P H10; P G10; P F10; P E10; P D10; P C10; P B10; P A10; P J7; P J6"


def quiet(n: int) -> str:
    return "; ".join(QUIET.split("; ")[:n])


def after(moves: str, orders=(), progress=(), **values):
    state = begin(MEMBRANES, header(**values), None)
    state = set_orders(state, orders, progress)
    state, outcomes = run(state, moves)
    return client_view(state), outcomes


def test_kinds_alternate_per_colour_in_ephemeron_order_and_the_panel_shows_no_position():
    v, _ = after("")
    assert [(m["color"], m["kind"]) for m in v["membranes"]] == [
        ("green", 1), ("green", 2), ("yellow", 1), ("yellow", 2), ("yellow", 1),
        ("red", 1), ("red", 2), ("yellow", 2), ("red", 1), ("green", 1),
    ]  # fmt: skip
    assert all(set(m) == {"color", "kind", "state"} and m["state"] == "hidden" for m in v["membranes"])


def test_green_1_raises_the_maximum_and_adds_half_after_the_segments_own_effect():
    v, _ = after("B A1", connectivity="5/5")
    assert v["connectivity"] == 5.5 and v["connectivity_max"] == 6
    assert v["membranes"][0]["state"] == "triggered"


def test_green_2_advances_every_order_then_the_click_itself_applies():
    v, outcomes = after(
        "B C1",
        orders=[("1", "2", "3"), ("empty", "green", "yellow"), ("1", "2", "red")],
        progress=[0, 0, 2],
    )
    tick = outcomes[0][0]
    assert v["orders"][0] == {"slot": 0, "symbols": ["1", "2", "3"], "progress": 1}
    assert v["orders"][1] == {"slot": 1, "symbols": ["empty", "green", "yellow"], "progress": 2}
    assert [c.slot for c in tick.orders_completed] == [2]  # an Order completed so pays
    assert v["credits"] == 40 + 15 and v["credits_breakdown"]["orders"]["count"] == 1
    assert [d.slot for d in tick.orders_dealt] == [2] and v["orders"][2]["progress"] == 0


def test_yellow_1_raises_the_contour_and_its_own_plus_four_meets_the_old_contour():
    v, _ = after("B E1", charge=4)
    assert v["charge"] == 6 and v["contour"] == 8 and v["connectivity"] == 3
    v, _ = after("B E1", charge=6)
    assert v["charge"] == 6 and v["contour"] == 8 and v["connectivity"] == 2  # overloaded first


def test_yellow_2_freezes_red_timers_for_seven_ticks_from_its_own_tick():
    v, _ = after("B A7; B G1", contour=50, charge=6)
    assert v["timers"][0]["ticks"] == 3 and v["freeze"] == 6
    v, _ = after("B A7; B G1; " + quiet(6), contour=50, charge=6)  # ticks 2..8 frozen
    assert v["timers"][0]["ticks"] == 3 and v["freeze"] == 0
    v, _ = after("B A7; B G1; " + quiet(7), contour=50, charge=6)
    assert v["timers"][0]["ticks"] == 2
    v, _ = after("B A7; B G1; " + quiet(9), contour=50, charge=6)
    assert v["connectivity"] == 2 and v["timers"][0]["ticks"] == 3


def test_a_second_freeze_extends_the_first_to_the_later_end():
    moves = "B A7; B G1; P J10; P I10; B A5; "  # freezes triggered on ticks 2 and 5
    v, _ = after(moves + "P H10; P G10; P F10; P E10; P D10; P C10", contour=50, charge=8)  # tick 11
    assert v["timers"][0]["ticks"] == 3
    v, _ = after(moves + "P H10; P G10; P F10; P E10; P D10; P C10; P B10", contour=50, charge=8)
    assert v["timers"][0]["ticks"] == 2


def test_a_red_touched_during_a_freeze_starts_at_its_full_timer_and_stands_still():
    v, _ = after("B G1; B A7; " + quiet(5), contour=50, charge=6)  # tick 7: last frozen tick
    assert v["timers"][0]["ticks"] == 3
    v, _ = after("B G1; B A7; " + quiet(8), contour=50, charge=6)  # ticks 8, 9, 10
    assert v["connectivity"] == 2


def test_red_1_raises_only_the_instrument_maxima():
    v, _ = after("B A3", detector="2/5", spectrometer="1/3")
    assert (v["detector"], v["detector_max"]) == (5, 6)
    assert (v["spectrometer"], v["spectrometer_max"]) == (1, 4)


def test_red_2_makes_the_board_hold_five_orders_dealt_at_once():
    v, outcomes = after("B C3", orders=[("1", "1", "1"), ("2", "2", "2"), ("3", "3", "3")])
    tick = outcomes[0][0]
    assert v["order_slots"] == 5 and tick.order_slots == 5
    assert [d.slot for d in tick.orders_dealt] == [3, 4]
    assert [o["slot"] for o in v["orders"]] == [0, 1, 2, 3, 4]
    assert all(o["progress"] == 0 for o in v["orders"])  # the new ones do not see this click


def test_a_membrane_opened_before_the_last_segment_goes_out_and_gives_nothing():
    v, _ = after("B A7; B C7", charge=6)
    assert v["membranes"][8]["state"] == "out"
    v, _ = after("B A7; B C7; B B7", charge=6)
    assert v["membranes"][8]["state"] == "out" and v["detector_max"] == 5
    assert v["ephemera"][8]["opened"] is True


def test_a_triggered_membrane_stays_bright():
    v, _ = after("B A7; B B7; B C7; " + quiet(2), charge=6, contour=50)
    assert v["membranes"][8]["state"] == "triggered" and v["detector_max"] == 6


def test_interference_marks_open_digits_next_to_a_hidden_membrane_only():
    v, _ = after("P B8; P A8; P D8")
    assert v["board"][7][:4] == "23#1"
    assert v["interference"] == ["B8", "D8"]  # A8 touches only ordinary segments
    v, _ = after("P B8; P A8; P D8; B C7", contour=50)
    assert v["interference"] == []


def test_a_membrane_triggers_when_last_even_under_the_probe():
    v, outcomes = after("P E1", charge=0)  # yellow №1, one segment: burnt, lossy, still last
    assert v["membranes"][2]["state"] == "triggered" and v["contour"] == 8
    assert v["board"][0][4] == "x" and v["ephemera"][2]["clean"] is False and v["credits"] == 20


def test_an_opened_membrane_shows_as_its_colour_letter():
    v, _ = after("B A1; B C3", charge=6)
    assert v["board"][0][0] == "g" and v["board"][2][2] == "r"
