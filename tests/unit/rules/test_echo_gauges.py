"""Gauges, tools and colour effects (echo-challenge.md §3, §5, §6, §23): known answers from field text."""

import pytest
from echo_challenge.game import Rejection
from echo_helpers import SMALL, begin, header, run, view_after

pytestmark = pytest.mark.unit


def test_start_values_are_the_preset_defaults():
    v = view_after(SMALL, "")
    assert (v["connectivity"], v["connectivity_max"], v["contour"], v["charge"]) == (3, 5, 6, 3)
    assert (v["detector"], v["detector_max"], v["spectrometer"], v["spectrometer_max"]) == (3, 5, 3, 3)
    assert v["tick"] == 0 and v["status"] == "live"


def test_probe_on_a_free_sector_shows_its_digit_and_gives_one_charge():
    v = view_after(SMALL, "P B1")
    assert v["board"][0][1] == "2"  # C1 and C2 are its segment neighbours
    assert v["charge"] == 4 and v["connectivity"] == 3 and v["tick"] == 1


def test_digits_count_membranes_and_diagonals():
    v = view_after(SMALL, "P E1; P E2; P A9")
    assert v["board"][0][4] == "1"  # D1 (membrane)
    assert v["board"][1][4] == "1"  # D1 diagonal
    assert v["board"][8][0] == "1"  # B8 (membrane) diagonal


def test_probe_on_a_free_sector_opens_exactly_one_sector():
    v = view_after(SMALL, "P J10")
    assert v["board"][9] == "#########0" and v["board"][8] == "##########"


def test_overload_at_full_contour_even_plus_one_costs_a_nadlom():
    v = view_after(SMALL, "P A1", charge=6)
    assert v["charge"] == 6 and v["connectivity"] == 2


def test_overload_costs_one_nadlom_however_large_the_excess():
    v = view_after(SMALL, "B F5", charge=6)  # 6 - 2 + 4 = 8 > 6
    assert v["charge"] == 6 and v["connectivity"] == 2
    v = view_after(SMALL, "B F5", charge=2, contour=2)
    assert v["charge"] == 2 and v["connectivity"] == 2


def test_probe_on_a_segment_costs_a_nadlom_burns_it_and_still_applies_the_colour():
    v = view_after(SMALL, "P C2")  # green: 3 - 1 + 0.5
    assert v["connectivity"] == 2.5 and v["board"][1][2] == "x"
    v = view_after(SMALL, "P F5", charge=0)  # yellow still gives +4
    assert v["charge"] == 4 and v["connectivity"] == 2 and v["board"][4][5] == "x"


def test_nadlom_comes_before_the_colour_effect_yellow_probe_near_full_contour_costs_two():
    v = view_after(SMALL, "P F5", charge=5)
    assert v["charge"] == 6 and v["connectivity"] == 1


def test_nadlom_comes_before_the_colour_effect_green_does_not_save_you_at_one():
    v = view_after(SMALL, "P C2", connectivity="1/5")
    assert v["status"] == "breakdown" and v["connectivity"] == 0


def test_connectivity_never_goes_below_zero():
    v = view_after(SMALL, "P F5", connectivity="0.5/5", charge=0)
    assert v["status"] == "breakdown" and v["connectivity"] == 0


def test_beam_costs_two_and_opens_a_segment_without_nadlom():
    v = view_after(SMALL, "B C2")
    assert v["charge"] == 1 and v["connectivity"] == 3.5 and v["board"][1][2] == "g"


def test_beam_miss_costs_two_opens_the_sector_and_gives_no_charge():
    v = view_after(SMALL, "B B1")
    assert v["charge"] == 1 and v["board"][0][1] == "2" and v["connectivity"] == 3


def test_beam_with_too_little_charge_is_refused_and_changes_nothing():
    state = begin(SMALL, header(charge=1))
    after, outcomes = run(state, "B C2")
    assert outcomes == [Rejection("not_enough_charge", outcomes[0].message)]
    assert after == state and "2" in outcomes[0].message


def test_beam_cost_is_the_presets():
    _, outcomes = run(begin(SMALL, header(charge=2, beam_cost=3)), "B C2")
    assert outcomes[0].code == "not_enough_charge"
    v = view_after(SMALL, "B C2", charge=3, beam_cost=3)
    assert v["charge"] == 0 and v["board"][1][2] == "g"


def test_green_gives_half_a_division_and_never_above_the_maximum():
    assert view_after(SMALL, "B C2")["connectivity"] == 3.5
    assert view_after(SMALL, "B C2; B C1", charge=4)["connectivity"] == 4
    assert view_after(SMALL, "B C2", connectivity="5/5")["connectivity"] == 5


def test_yellow_gives_four_charge_at_once():
    v = view_after(SMALL, "B F5", charge=2)
    assert v["charge"] == 4 and v["connectivity"] == 3


def test_red_charges_the_detector_to_its_maximum():
    v = view_after(SMALL, "B A7", detector="0/5")
    assert v["detector"] == 5 and v["detector_max"] == 5


def test_layer_charge_counts_hidden_free_sectors_only():
    state = begin(SMALL, "detector_chance: 0\nopen: A1 J10\n")
    v = view_after(SMALL, "")
    assert v["layer_charge"] == 91
    from echo_challenge.view import client_view

    assert client_view(state)["layer_charge"] == 89
    after, _ = run(state, "P B1; B C2")
    assert client_view(after)["layer_charge"] == 88


def test_pre_opened_sectors_give_nothing():
    v = view_after(SMALL, "", open="A1 J10")
    assert v["charge"] == 3 and v["tick"] == 0 and v["credits"] == 0
    assert v["board"][0][0] == "0" and v["board"][9][9] == "0"


def test_the_beam_pays_before_the_sector_opens():
    v = view_after(SMALL, "B F5", charge=4)  # 4 - 2 + 4 = 6 fits; paying after would overload
    assert v["charge"] == 6 and v["connectivity"] == 3
