"""Black-market Orders (echo-challenge.md §9, §12 step 5 and 8, §23): progress, restart, pay, deal, staleness."""

import pytest
from echo_challenge.field import sector_name
from echo_challenge.view import client_view
from echo_helpers import SMALL, begin, header, run, sec, set_orders

pytestmark = pytest.mark.unit

# SMALL digits used here: A1 0, J10 0, B1 2, B2 2, E1 1, D2 3, B3 1.


def play(moves: str, orders, progress=(), **values):
    state = set_orders(begin(SMALL, header(**values), None), orders, progress)
    state, outcomes = run(state, moves)
    return client_view(state), outcomes


def test_probe_clicks_fill_digits_and_empties_and_a_completed_order_pays():
    v, outcomes = play("P B1; P J10", [("2", "empty", "1")])
    assert v["orders"][0]["progress"] == 2 and v["credits"] == 0
    v, outcomes = play("P B1; P J10; P E1", [("2", "empty", "1")])
    tick = outcomes[-1][0]
    assert [c.slot for c in tick.orders_completed] == [0]
    assert v["credits"] == 15 and v["credits_breakdown"]["orders"] == {"count": 1, "price": 15, "sum": 15}


def test_a_completed_order_is_replaced_in_its_slot_by_one_that_does_not_see_the_click():
    v, outcomes = play("P B1; P J10; P E1", [("2", "empty", "1")])
    tick = outcomes[-1][0]
    assert [d.slot for d in tick.orders_dealt] == [0]
    assert v["orders"][0]["progress"] == 0 and v["orders"][0]["symbols"] == list(tick.orders_dealt[0].symbols)


def test_a_completed_order_charges_the_spectrometer_which_can_fire_in_the_same_tick():
    v, outcomes = play("P B1; P J10; P E1", [("2", "empty", "1")], spectrometer="0/3")
    tick = outcomes[-1][0]
    assert tick.spectrometer_highlight is not None and tick.spectrometer_highlight.sector == sec("D1")
    assert v["spectrometer"] == 2
    assert v["highlights"] == [{"sector": "D1", "color": "green", "membrane": True}]


def test_the_order_price_is_the_presets():
    v, _ = play("P B1; P J10; P E1", [("2", "empty", "1")], prices="40/20/25")
    assert v["credits"] == 25


def test_digits_count_only_for_the_probe_and_a_beam_miss_restarts():
    v, _ = play("P B1; B B2", [("2", "2", "1")])
    assert v["orders"][0]["progress"] == 0


def test_a_segment_counts_whatever_the_tool():
    v, _ = play("P C2; B C1", [("green", "green", "1")])
    assert v["orders"][0]["progress"] == 2


def test_a_non_matching_segment_never_restarts_an_order():
    v, _ = play("P B1; B F5", [("2", "1", "empty")], charge=2)
    assert v["orders"][0]["progress"] == 1


def test_a_non_matching_free_click_restarts_and_may_fill_the_first_symbol():
    v, outcomes = play("P B2", [("2", "1", "1"), ("1", "2", "3")], progress=[1, 1])
    assert v["orders"][0]["progress"] == 1  # restarted, then B2's "2" filled the first symbol again
    assert v["orders"][1]["progress"] == 2  # "2" was its next symbol
    progressed = {p.slot: p for p in outcomes[-1][0].orders_progressed}
    assert progressed[0].restarted and progressed[0].filled


def test_a_mismatching_free_click_sends_progress_back_to_zero():
    v, _ = play("P J10", [("1", "2", "3")], progress=[2])
    assert v["orders"][0]["progress"] == 0


def test_the_dotted_symbol_is_digit_zero_only():
    v, _ = play("P E1", [("empty", "1", "1")])
    assert v["orders"][0]["progress"] == 0
    v, _ = play("P A1", [("empty", "1", "1")])
    assert v["orders"][0]["progress"] == 1


QUIET = "P J10; P I10; P H10; P G10; P F10; P E10; P D10; P C10; P B10"


def quiet(n: int) -> str:
    return "; ".join(QUIET.split("; ")[:n])


def test_the_hardest_stale_order_is_withdrawn_after_eight_ticks_one_per_tick():
    orders = [("red", "red", "red"), ("8", "8", "8"), ("green", "8", "8")]
    v, outcomes = play(quiet(7), orders, contour=50)
    assert all(not o.orders_withdrawn for [o] in outcomes)
    v, outcomes = play(quiet(8), orders, contour=50)
    tick = outcomes[-1][0]
    assert [w.slot for w in tick.orders_withdrawn] == [1]  # no closed 8 at all: the hardest
    assert [d.slot for d in tick.orders_dealt] == [1]  # the replacement takes its slot
    assert v["credits"] == 0
    v, outcomes = play(quiet(9), orders, contour=50)
    assert [w.slot for w in outcomes[-1][0].orders_withdrawn] == [0]  # tie at 3 closed: earlier slot


def test_a_filled_symbol_restarts_the_staleness_clock_and_a_restart_does_not():
    orders = [("empty", "8", "8"), ("8", "8", "8")]
    moves = "P J10; P B1; P B2; P D2; P E1; P E2; P B3; P D3; P E3"  # J10 fills slot 0, B1 restarts it
    v, outcomes = play("; ".join(moves.split("; ")[:8]), orders, contour=50)
    assert [w.slot for w in outcomes[-1][0].orders_withdrawn] == [1]  # slot 0 is only 7 ticks idle
    v, outcomes = play(moves, orders, contour=50)
    assert [w.slot for w in outcomes[-1][0].orders_withdrawn] == [0]  # 8 ticks after tick 1


TWO_SINGLETONS = """
G.Y.......
..........
..........
..........
..........
..........
..........
..........
..........
..........
"""
ALL_FREE_BUT_B1 = " ".join(sector_name(i) for i in range(100) if i not in (0, 1, 2))


def test_orders_are_dealt_to_suit_the_closed_sectors():
    state = begin(TWO_SINGLETONS, header(open=ALL_FREE_BUT_B1), None)
    patterns = [o.symbols for o in state.orders]
    assert len(patterns) == 3
    assert all(sorted(p) == ["2", "green", "yellow"] for p in patterns)


def test_when_no_pattern_can_be_dealt_the_slot_stays_empty():
    state = begin(TWO_SINGLETONS, header(open=ALL_FREE_BUT_B1 + " B1"), None)
    assert state.orders == (None, None, None) and client_view(state)["orders"] == []
