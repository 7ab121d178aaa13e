"""The field text format v1 (echo-challenge.md §20): parsing, errors naming row and column, exact round trip."""

import pytest
from echo_challenge.field import FieldError, parse_sector
from echo_challenge.setup import Rules
from echo_challenge.textformat import FieldTextError, format_field_text, parse_field_text
from echo_strategies import setups
from hypothesis import given, settings

pytestmark = pytest.mark.unit

SPEC_EXAMPLE = """\
# a '#' starts a comment, on its own line or after a value
preset: standard          # optional; the rule values below override the preset's
seed: 1234                # optional (default 0); seeds the dice (§13)
open: A1 J1 A5            # pre-opened sectors, free ones only; missing or empty = none
connectivity: 3/5         # start / max, in whole or half divisions (e.g. 2.5/5)
contour: 6
charge: 3
detector: 3/5
spectrometer: 3/3
detector_chance: 0.5      # 0 and 1 make tests deterministic
red_timer: 3
beam_cost: 2
prices: 40/20/15          # clean / lossy / order
..gG......
..g.......
..........
.....yY...
.....y....
..........
rr........
.R........
..........
..........
"""
GRID = "\n".join(SPEC_EXAMPLE.splitlines()[13:]) + "\n"


def test_the_spec_example_parses():
    setup = parse_field_text(SPEC_EXAMPLE)
    assert setup.seed == 1234 and setup.preset == "standard"
    assert setup.opened == (parse_sector("A1"), parse_sector("J1"), parse_sector("A5"))
    assert setup.rules == Rules()
    assert [e.color for e in setup.field.ephemera] == ["green", "yellow", "red"]


def test_defaults_without_a_header():
    setup = parse_field_text(GRID)
    assert setup.seed == 0 and setup.opened == () and setup.preset is None and setup.rules == Rules()


def test_header_values_override_the_defaults():
    setup = parse_field_text(
        "connectivity: 2.5/6\ncontour: 8\ncharge: 1\ndetector: 0/4\nspectrometer: 2/2\n"
        "detector_chance: 1\nred_timer: 2\nbeam_cost: 3\nprices: 50/25/10\nopen:\n" + GRID
    )
    r = setup.rules
    assert (r.connectivity, r.connectivity_max, r.contour, r.charge) == (5, 12, 8, 1)
    assert (r.detector, r.detector_max, r.spectrometer, r.spectrometer_max) == (0, 4, 2, 2)
    assert (r.detector_chance, r.red_timer, r.beam_cost) == (1.0, 2, 3)
    assert (r.price_clean, r.price_lossy, r.price_order) == (50, 25, 10)
    assert setup.opened == ()


def test_the_spec_example_round_trips():
    setup = parse_field_text(SPEC_EXAMPLE)
    assert parse_field_text(format_field_text(setup)) == setup
    assert format_field_text(parse_field_text(format_field_text(setup))) == format_field_text(setup)


@settings(max_examples=60)
@given(setups())
def test_format_then_parse_is_exact(setup):
    assert parse_field_text(format_field_text(setup)) == setup


@pytest.mark.parametrize(
    ("text", "where"),
    [
        (GRID.replace("..........\n", "", 1), r"row 10 of the grid is missing"),
        (GRID + "..........\n", r"line 11: row 11"),
        (GRID.replace("..g.......", "..g......"), r"row 2 \(line 2\) has 9 characters"),
        (GRID.replace("..g.......", "..g..z...."), r"row 2, column 6 \(F2\): unknown character 'z'"),
        (
            GRID.replace("rr........", "rrY......."),
            r"row 7, column \d+ \(\w+\): ephemera of different colours",
        ),
        (GRID.replace(".R........", ".r........"), r"row 7, column 1 \(A7\): .*0 membranes"),
        (GRID.replace("..gG......", "..GG......"), r"row 1, column 3 \(C1\): .*2 membranes"),
        ("open: C1\n" + GRID, r"row 1, column 3 \(C1\): a pre-opened sector must be free"),
        ("open: K1\n" + GRID, r"line 1: open: 'K1' is not a sector"),
        ("colour: red\n" + GRID, r"line 1: unknown key 'colour'"),
        ("connectivity: 3\n" + GRID, r"line 1: connectivity: '3' is not start/max"),
        ("connectivity: 3.25/5\n" + GRID, r"line 1: connectivity: '3.25' is not a whole or half"),
        ("connectivity: 6/5\n" + GRID, r"line 1: connectivity: start 6 is above the maximum 5"),
        ("\n\ncontour: many\n" + GRID, r"line 3: contour: 'many' is not a number"),
        ("detector_chance: 2\n" + GRID, r"line 1: detector_chance: '2' is not between 0 and 1"),
        ("prices: 40/20\n" + GRID, r"line 1: prices: '40/20' is not clean/lossy/order"),
        ("seed: x\n" + GRID, r"line 1: seed: 'x' is not a whole number"),
        ("seed: 1\nseed: 2\n" + GRID, r"line 2: key 'seed' given twice"),
    ],
)
def test_bad_text_is_refused_naming_the_line_or_the_row_and_column(text, where):
    with pytest.raises(FieldError, match=where):
        parse_field_text(text)


def test_comments_and_blank_lines_are_ignored_anywhere():
    text = "# heading\n\nseed: 7 # lucky\n" + GRID.replace("..g.......", "..g.......   # a comment")
    assert parse_field_text(text).seed == 7


def test_errors_are_value_errors():
    assert issubclass(FieldTextError, FieldError) and issubclass(FieldTextError, ValueError)


def test_an_unknown_preset_is_refused():
    with pytest.raises(FieldTextError, match="unknown preset 'no-such-preset'"):
        parse_field_text("preset: no-such-preset\n" + GRID)


def test_extension_keys_keep_every_rule_value_in_the_round_trip():
    setup = parse_field_text("order_slots: 2/4\nstale_after: 5\nfreeze_ticks: 3\n" + GRID)
    r = setup.rules
    assert (r.order_slots, r.order_slots_red2, r.stale_after, r.freeze_ticks) == (2, 4, 5, 3)
    assert "order_slots: 2/4" in format_field_text(setup)
    assert "stale_after" not in format_field_text(parse_field_text(GRID))


def test_preset_rules_come_from_the_presets_module_and_header_keys_override_them(monkeypatch):
    import sys
    import types

    def rules_for_preset(preset_id: str) -> Rules:
        if preset_id != "special":
            raise KeyError(preset_id)
        return Rules(beam_cost=3, red_timer=2, stale_after=6)

    fake = types.ModuleType("echo_challenge.presets")
    fake.rules_for_preset = rules_for_preset  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "echo_challenge.presets", fake)
    setup = parse_field_text("preset: special\nred_timer: 4\n" + GRID)
    assert (setup.rules.beam_cost, setup.rules.red_timer, setup.rules.stale_after) == (3, 4, 6)
    assert setup.preset == "special"
    assert parse_field_text(format_field_text(setup)) == setup
    assert "stale_after" not in format_field_text(setup)  # the preset's own value
    with pytest.raises(FieldTextError, match="unknown preset 'nope'"):
        parse_field_text("preset: nope\n" + GRID)
