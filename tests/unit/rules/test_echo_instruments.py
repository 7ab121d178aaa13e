"""Detector and Spectrometer (echo-challenge.md §8, §12 step 6, §23)."""

import pytest
from echo_challenge.view import client_view
from echo_helpers import SMALL, begin, header, run

pytestmark = pytest.mark.unit

SURE = {"detector_chance": 1}


def play(moves: str, **values):
    state, outcomes = run(begin(SMALL, header(**values)), moves)
    return client_view(state), outcomes


def test_detector_shows_the_digit_of_a_hidden_free_neighbour_and_costs_a_charge():
    v, outcomes = play("P J10", open="I9 J9", **SURE)  # I10 is the only candidate
    assert v["hints"] == [{"sector": "I10", "digit": 0}]  # digit-0 sectors can be hinted
    assert v["detector"] == 2 and v["board"][9][8] == "#"


def test_detector_chance_zero_never_fires():
    v, _ = play("P J10", open="I9 J9", detector_chance=0)
    assert v["hints"] == [] and v["detector"] == 3


def test_detector_also_rolls_after_a_beam():
    v, _ = play("B J10", open="I9 J9", **SURE)
    assert v["hints"] == [{"sector": "I10", "digit": 0}]


def test_detector_without_charge_does_not_fire():
    v, _ = play("P J10", open="I9 J9", detector="0/5", **SURE)
    assert v["hints"] == [] and v["detector"] == 0


def test_detector_never_hints_a_sector_twice_and_without_a_candidate_costs_nothing():
    v, outcomes = play("P J10; P H10", open="I9 J9 G9 H9 G10", **SURE)
    assert outcomes[1][0].detector_hint is None and v["detector"] == 2


def test_detector_never_hints_a_segment():
    v, outcomes = play("P E1", open="F1 D2 E2 F2", **SURE)  # only D1 (a segment) is hidden
    assert outcomes[0][0].detector_hint is None and v["detector"] == 3


def test_a_hinted_sector_stays_clickable():
    v, _ = play("P J10; P I10", open="I9 J9", **SURE)
    assert "I10" not in [h["sector"] for h in v["hints"]]
    assert v["board"][9][8] == "0" and v["tick"] == 2


def test_a_red_segment_refills_the_detector_which_can_fire_in_the_same_tick():
    v, outcomes = play("B A7", detector="0/5", **SURE)
    assert outcomes[0][0].detector_hint is not None and v["detector"] == 4


def test_spectrometer_frames_a_hidden_neighbour_segment_after_a_probe():
    v, _ = play("P E1")
    assert v["highlights"] == [{"sector": "D1", "color": "green", "membrane": True}]
    assert v["spectrometer"] == 2


def test_spectrometer_does_not_fire_after_a_beam():
    v, _ = play("B E1")
    assert v["highlights"] == [] and v["spectrometer"] == 3


def test_spectrometer_fires_after_a_probe_that_burnt_a_segment():
    v, outcomes = play("P C2")
    assert outcomes[0][0].spectrometer_highlight is not None and v["spectrometer"] == 2
    assert {h["sector"] for h in v["highlights"]} <= {"C1", "D1"}


def test_spectrometer_does_not_frame_a_sector_twice_and_without_a_candidate_costs_nothing():
    v, outcomes = play("P E1; P E2")
    assert outcomes[1][0].spectrometer_highlight is None and v["spectrometer"] == 2


def test_spectrometer_without_charge_does_not_fire():
    v, _ = play("P E1", spectrometer="0/3")
    assert v["highlights"] == [] and v["spectrometer"] == 0


def test_a_highlight_lasts_until_its_sector_opens():
    v, _ = play("P E1; P J10; B D1")
    assert v["highlights"] == []
    v, _ = play("P E1; P J10")
    assert len(v["highlights"]) == 1
