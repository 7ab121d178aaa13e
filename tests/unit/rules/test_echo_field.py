"""Field placement rules (echo-challenge.md §2, §7): known answers and a property over any layout."""

import pytest
from echo_challenge.field import (
    COLORS,
    NEIGHBOURS4,
    NEIGHBOURS8,
    SECTORS,
    Field,
    FieldError,
    parse_sector,
    sector_name,
)
from echo_challenge.grid import field_from_rows
from echo_helpers import SMALL
from echo_strategies import fields
from hypothesis import given
from hypothesis import strategies as st

pytestmark = pytest.mark.unit


def grid(text: str) -> Field:
    return field_from_rows([r.strip() for r in text.strip().splitlines()])


def test_notation_runs_a1_to_j10_columns_then_rows():
    assert sector_name(0) == "A1" and sector_name(9) == "J1" and sector_name(90) == "A10"
    assert parse_sector("j10") == 99 and parse_sector("K1") is None and parse_sector("A11") is None


def test_ephemera_are_the_4_connected_groups_in_reading_order_of_their_first_sector():
    field = grid(SMALL)
    assert [(e.color, [sector_name(i) for i in e.sectors]) for e in field.ephemera] == [
        ("green", ["C1", "D1", "C2"]),
        ("yellow", ["F4", "G4", "F5"]),
        ("red", ["A7", "B7", "B8"]),
    ]
    assert [sector_name(e.membrane) for e in field.ephemera] == ["D1", "G4", "B8"]


def test_digits_count_segments_among_the_8_neighbours_membranes_included():
    field = grid(SMALL)
    assert field.digits[parse_sector("B1")] == 2
    assert field.digits[parse_sector("D2")] == 3
    assert field.digits[parse_sector("E1")] == 1  # only the membrane D1
    assert field.digits[parse_sector("A1")] == 0


def test_corners_may_touch():
    field = grid("G.........\n.Y........\n..R.......\n" + "..........\n" * 7)
    assert [e.color for e in field.ephemera] == ["green", "yellow", "red"]


def test_same_colour_segments_touching_by_a_side_are_one_ephemeron():
    field = grid("gG........\n.g........\n" + "..........\n" * 8)
    assert len(field.ephemera) == 1 and field.ephemera[0].size == 3


def test_side_touching_ephemera_of_different_colours_are_refused_with_row_and_column():
    with pytest.raises(FieldError, match=r"row 1, column 1 \(A1\): ephemera of different colours touch"):
        grid("GY........\n" + "..........\n" * 9)


def test_an_ephemeron_needs_exactly_one_membrane():
    with pytest.raises(FieldError, match=r"row 1, column 1 .*0 membranes"):
        grid("gg........\n" + "..........\n" * 9)
    with pytest.raises(FieldError, match=r"2 membranes"):
        grid("GG........\n" + "..........\n" * 9)


def test_membrane_kinds_alternate_per_colour():
    field = grid("G.G.G.R.R.\n" + "..........\n" * 9)
    assert [(e.color, e.kind) for e in field.ephemera] == [
        ("green", 1), ("green", 2), ("green", 1), ("red", 1), ("red", 2),
    ]  # fmt: skip


def _check(field: Field) -> None:
    owner = field.owner
    for e_index, eph in enumerate(field.ephemera):
        assert sum(1 for i in eph.sectors if i == eph.membrane) == 1
        assert all(owner[i] == e_index for i in eph.sectors)
        for i in eph.sectors:  # every side neighbour is the same ephemeron or free
            assert all(owner[n] in (-1, e_index) for n in NEIGHBOURS4[i])
    firsts = [e.sectors[0] for e in field.ephemera]
    assert firsts == sorted(firsts)
    for color in COLORS:
        kinds = [e.kind for e in field.ephemera if e.color == color]
        assert kinds == [1 if k % 2 == 0 else 2 for k in range(len(kinds))]
    for i in range(SECTORS):
        if owner[i] < 0:
            assert field.digits[i] == sum(1 for n in NEIGHBOURS8[i] if owner[n] >= 0)


@given(fields())
def test_every_generated_field_keeps_the_placement_rules(field):
    _check(field)


@given(
    st.dictionaries(
        st.integers(0, SECTORS - 1),
        st.tuples(st.sampled_from(COLORS), st.booleans()),
        max_size=40,
    )
)
def test_any_layout_is_either_refused_or_a_valid_field(segments):
    try:
        field = Field.from_segments(segments)
    except FieldError as error:
        assert "row" in str(error) and "column" in str(error)
        return
    _check(field)
    assert {i for e in field.ephemera for i in e.sectors} == set(segments)
