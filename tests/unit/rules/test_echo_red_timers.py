"""Red perturbation and its timer (echo-challenge.md §6, §12 step 7, §23)."""

import pytest
from echo_helpers import SMALL, view_after

pytestmark = pytest.mark.unit

QUIET = "P J10; P J9; P J8; P J7; P J6; P J5; P J4; P J3"  # far free sectors, one per tick


def quiet(n: int) -> str:
    return "; ".join(QUIET.split("; ")[:n])


def test_first_contact_starts_the_timer_at_three_on_its_open_sectors():
    v = view_after(SMALL, "B A7", contour=50)
    assert v["timers"] == [{"sectors": ["A7"], "ticks": 3}]


def test_probe_on_a_red_also_perturbs_it():
    v = view_after(SMALL, "P A7", contour=50)
    assert v["timers"] == [{"sectors": ["A7"], "ticks": 3}] and v["board"][6][0] == "x"


def test_the_timer_counts_down_after_each_later_tick_and_strikes_at_the_end_of_the_third():
    assert view_after(SMALL, "B A7; " + quiet(1), contour=50)["timers"][0]["ticks"] == 2
    assert view_after(SMALL, "B A7; " + quiet(2), contour=50)["timers"][0]["ticks"] == 1
    v = view_after(SMALL, "B A7; " + quiet(3), contour=50)
    assert v["connectivity"] == 2 and v["timers"][0]["ticks"] == 3  # struck and restarted
    assert v["log"][-1]["nadloms"] == ["strike"] and v["log"][-1]["strikes"] == 1


def test_the_timer_strikes_again_every_three_ticks():
    v = view_after(SMALL, "B A7; " + quiet(6), contour=50)
    assert v["connectivity"] == 1 and v["timers"][0]["ticks"] == 3


def test_later_segments_do_not_refresh_the_timer():
    v = view_after(SMALL, "B A7; P J10; B B7; P J9", contour=50, charge=6)
    assert v["connectivity"] == 2  # struck at the end of tick 4
    assert v["timers"] == [{"sectors": ["A7", "B7"], "ticks": 3}]


def test_perturbation_ends_when_the_whole_body_is_open_and_a_completed_red_gets_no_countdown():
    v = view_after(SMALL, "B A7; P J10; B B7; B B8", contour=50, charge=6)
    assert v["timers"] == [] and v["connectivity"] == 3
    assert v["ephemera"][2]["opened"] is True


def test_the_red_timer_is_the_presets():
    v = view_after(SMALL, "B A7; " + quiet(2), contour=50, red_timer=2)
    assert v["connectivity"] == 2 and v["timers"][0]["ticks"] == 2


TWO_REDS = """
rrR.......
..........
..........
.......rrR
..........
..........
..........
..........
..........
.........G
"""


def test_several_perturbed_reds_each_keep_their_own_timer():
    v = view_after(TWO_REDS, "B A1; P A10; B H4", contour=50, charge=6)
    assert v["timers"] == [{"sectors": ["A1"], "ticks": 1}, {"sectors": ["H4"], "ticks": 3}]
    v = view_after(TWO_REDS, "B A1; P A10; B H4; P B10", contour=50, charge=6)
    assert v["connectivity"] == 2  # only the first one struck
    assert v["timers"] == [{"sectors": ["A1"], "ticks": 3}, {"sectors": ["H4"], "ticks": 2}]
    v = view_after(TWO_REDS, "B A1; P A10; B H4; P B10; P C10; P D10", contour=50, charge=6)
    assert v["connectivity"] == 1  # then the second, on its own schedule
    assert v["timers"] == [{"sectors": ["A1"], "ticks": 1}, {"sectors": ["H4"], "ticks": 3}]
