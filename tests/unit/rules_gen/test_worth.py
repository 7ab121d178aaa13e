"""The worth-playing criterion: a no-guess closure from the pre-opened sectors (worth.py docstring)."""

import pytest
from echo_challenge.field import Field, parse_sector
from echo_challenge.generator import generate
from echo_challenge.worth import MIN_SAFE, MIN_SEGMENTS, assess
from hypothesis import given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.unit


def field_from_rows(rows: list[str]) -> Field:
    segments = {}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch != ".":
                color = {"g": "green", "y": "yellow", "r": "red"}[ch.lower()]
                segments[y * 10 + x] = (color, ch.isupper())
    return Field.from_segments(segments)


FIELD = field_from_rows(
    [
        "..........",
        "..........",
        "..........",
        "....gG....",
        "..........",
        "..........",
        "..........",
        "......rR..",
        "..........",
        "..........",
    ]
)


def names(*sectors: str) -> list[int]:
    return [parse_sector(s) for s in sectors]


def test_an_empty_corner_opens_the_whole_quiet_area_and_proves_segments():
    worth = assess(FIELD, names("A1", "E3"))  # A1 is empty, E3 sees the green pair (digit 2)
    assert worth.nonzero_opened == 1
    assert len(worth.safe) > 50
    assert set(worth.segments) >= set(names("E4", "F4"))
    assert worth.worth_playing


def test_a_lone_digit_gives_no_sure_move():
    # E3 shows 2 among eight hidden neighbours: nothing follows, nothing safe, nothing proved
    worth = assess(FIELD, names("E3"))
    assert worth.safe == () and worth.segments == ()
    assert not worth.worth_playing


def test_empty_sectors_alone_are_not_enough():
    # only digit-0 sectors open: safe sectors, but the opening points at no ephemeron
    worth = assess(FIELD, names("A10"))
    assert worth.nonzero_opened == 0
    assert not worth.worth_playing


def test_thresholds_are_modest_and_positive():
    assert MIN_SAFE >= 1 and MIN_SEGMENTS >= 1


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10**9), extra=st.lists(st.integers(0, 99), max_size=6))
def test_the_closure_is_sound_from_any_opening(seed, extra):
    """Whatever is opened, proved-safe sectors are free and proved segments are segments."""
    field = generate("standard", seed).field
    opened = [s for s in dict.fromkeys(extra) if field.owner[s] == -1]
    worth = assess(field, opened)
    assert all(field.owner[s] == -1 for s in worth.safe)
    assert all(field.owner[s] >= 0 for s in worth.segments)
    assert len(set(worth.safe)) == len(worth.safe)
