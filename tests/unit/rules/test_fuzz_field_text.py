"""Fuzzing the field text parser: any text either parses or is refused with a FieldError naming where."""

import pytest
from echo_challenge.field import FieldError
from echo_challenge.textformat import format_field_text, parse_field_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.unit.rules.echo_helpers import SMALL

pytestmark = pytest.mark.unit

VALID = "preset: standard\nseed: 5\nopen: A1\n" + SMALL.lstrip("\n")

cells = st.sampled_from(list(".gyrGYR#x 1"))
rows = st.lists(st.text(cells, min_size=0, max_size=12), min_size=0, max_size=12).map("\n".join)
headers = st.lists(st.sampled_from([
    "preset: standard", "preset: nope", "seed: 7", "seed: -1", "seed: x", "open: A1 J10", "open: Z9",
    "connectivity: 3/5", "connectivity: 9/5", "connectivity: 2.5/5", "contour: 6", "charge: -3",
    "detector: 3/5", "spectrometer: 9/3", "detector_chance: 2", "red_timer: 3", "beam_cost: 2",
    "prices: 40/20/15", "prices: 40/20", "# comment", "bogus: 1", ":", "",
]), max_size=6).map("\n".join)


def parse_or_refuse(text: str) -> None:
    try:
        setup = parse_field_text(text)
    except FieldError as error:
        assert str(error)
        return
    assert parse_field_text(format_field_text(setup)) == setup


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(headers, rows)
def test_structured_garbage_is_parsed_or_refused(header: str, grid: str) -> None:
    parse_or_refuse(f"{header}\n{grid}\n")


@settings(max_examples=300)
@given(st.text(max_size=300))
def test_arbitrary_text_is_parsed_or_refused(text: str) -> None:
    parse_or_refuse(text)


@settings(max_examples=300)
@given(st.integers(0, len(VALID) - 1), st.characters())
def test_one_changed_character_is_parsed_or_refused(position: int, char: str) -> None:
    parse_or_refuse(VALID[:position] + char + VALID[position + 1:])
