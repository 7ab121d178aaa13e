"""Clean and lossy openings and their credits (echo-challenge.md §5, §11, §23)."""

import pytest
from echo_helpers import SMALL, view_after

pytestmark = pytest.mark.unit


def test_an_ephemeron_opened_only_by_the_beam_is_clean_and_pays_the_clean_price():
    v = view_after(SMALL, "B C1; B C2; B D1", charge=6)
    assert v["credits"] == 40
    assert v["credits_breakdown"]["clean"] == {"count": 1, "price": 40, "sum": 40}
    assert v["ephemera"][0] == {"color": "green", "size": 3, "opened": True, "clean": True}


def test_credits_are_paid_only_when_the_last_segment_opens():
    v = view_after(SMALL, "B C1; B C2", charge=6)
    assert v["credits"] == 0
    assert v["ephemera"][0] == {"color": "green", "size": 3, "opened": False, "clean": None}


def test_one_burnt_segment_makes_a_lossy_opening():
    v = view_after(SMALL, "P C1; B C2; B D1", charge=6)
    assert v["credits"] == 20 and v["ephemera"][0]["clean"] is False
    assert v["credits_breakdown"]["lossy"] == {"count": 1, "price": 20, "sum": 20}


def test_the_lossy_price_is_flat_however_many_segments_burnt():
    v = view_after(SMALL, "P C1; P C2; P D1")
    assert v["credits"] == 20 and v["credits_breakdown"]["lossy"]["count"] == 1


def test_prices_are_the_presets():
    v = view_after(SMALL, "B C1; B C2; B D1; P F4; B F5; B G4", charge=6, contour=30, prices="50/10/5")
    assert v["credits"] == 60
    assert v["credits_breakdown"]["clean"]["sum"] == 50 and v["credits_breakdown"]["lossy"]["sum"] == 10
    assert v["prices"] == {"clean": 50, "lossy": 10, "order": 5}


def test_ephemera_are_listed_in_reading_order_of_their_first_sector():
    v = view_after(SMALL, "")
    assert [(e["color"], e["size"]) for e in v["ephemera"]] == [("green", 3), ("yellow", 3), ("red", 3)]
