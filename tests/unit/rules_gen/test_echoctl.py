"""echoctl against the real rules core (echo-challenge.md §20–§22)."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from echo_challenge.cli import echoctl  # noqa: E402
from echo_challenge.generator import generate, layout_rows  # noqa: E402
from echo_challenge.textformat import parse_field_text  # noqa: E402

pytestmark = pytest.mark.unit

FIELD = """\
# the example of docs/games/echo-challenge.md §20, made deterministic
preset: standard
seed: 1234
open: A1 J1 A5
connectivity: 3/5
contour: 6
charge: 3
detector: 3/5
spectrometer: 3/3
detector_chance: 0
red_timer: 3
beam_cost: 2
prices: 40/20/15
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

SUMMARY_KEYS = {
    "status",
    "tick",
    "credits",
    "credits_breakdown",
    "connectivity",
    "connectivity_max",
    "charge",
    "contour",
    "layer_charge",
    "detector",
    "detector_max",
    "spectrometer",
    "spectrometer_max",
    "orders",
    "membranes",
    "ephemera",
    "board",
    "hints",
    "highlights",
    "interference",
    "timers",
    "log",
    "rejected",
}


def run(argv, stdin=""):
    out = io.StringIO()
    code = echoctl.main(argv, stdout=out, stdin=io.StringIO(stdin))
    return code, out.getvalue()


@pytest.mark.parametrize("preset_id", ["standard", "nine-small", "big-red"])
def test_field_prints_the_text_format_that_parses_back(preset_id):
    code, out = run(["field", "--preset", preset_id, "--seed", "7"])
    assert code == 0
    generated = generate(preset_id, 7)
    for row in layout_rows(generated):
        assert row in out.splitlines()
    parsed = parse_field_text(out)
    assert parsed.field == generated.field
    assert sorted(parsed.opened) == sorted(generated.opened)
    assert parsed.rules == generated.rules


def test_scripted_moves_print_the_state_with_rejections(tmp_path):
    path = tmp_path / "field.txt"
    path.write_text(FIELD, encoding="utf-8")
    moves = "P A1; B K1; P J10; B C1; F; P A2"
    code, out = run(["play", "--field", str(path), "--moves", moves])
    assert code == 0
    view = json.loads(out)
    assert SUMMARY_KEYS <= set(view)
    assert view["status"] == "finished"
    assert view["tick"] == 2
    assert view["charge"] == 2  # 3 + 1 (probe J10) - 2 (beam C1)
    assert view["connectivity"] == 3.5  # a green segment gives half a division
    assert view["board"][0][2] == "g" and view["board"][9][9] == "0"
    assert [(r["move"], r["code"]) for r in view["rejected"]] == [
        ("P A1", "sector_open"),
        ("B K1", "bad_move"),
        ("P A2", "game_over"),
    ]
    assert all(r["message"] for r in view["rejected"])


def test_scripted_moves_on_a_generated_field():
    code, out = run(["play", "--preset", "big-red", "--seed", "3", "--moves", "F"])
    assert code == 0
    view = json.loads(out)
    assert view["status"] == "finished" and view["tick"] == 0 and view["rejected"] == []
    setup = generate("big-red", 3)
    opened = {(s // 10, s % 10) for s in setup.opened}
    assert {(y, x) for y in range(10) for x in range(10) if view["board"][y][x] != "#"} == opened


def test_not_enough_charge_is_a_rejection(tmp_path):
    path = tmp_path / "field.txt"
    path.write_text(FIELD.replace("charge: 3\n", "charge: 1\n"), encoding="utf-8")
    code, out = run(["play", "--field", str(path), "--moves", "B C1"])
    view = json.loads(out)
    assert [r["code"] for r in view["rejected"]] == ["not_enough_charge"]
    assert view["tick"] == 0


def test_a_bad_field_file_names_row_and_column(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    bad = FIELD.replace(".R........", "yR........")  # yellow touches red by a side (A8/B8)
    path.write_text(bad, encoding="utf-8")
    code, _ = run(["play", "--field", str(path), "--moves", "F"])
    assert code == 2
    assert "row" in capsys.readouterr().err.lower()


def test_interactive_game_reads_commands_until_the_end():
    code, out = run(["play", "--preset", "standard", "--seed", "0"], stdin="help\nzz\nr\np A1\nf\n")
    assert code == 0
    assert "A  B  C  D  E  F  G  H  I  J" in out
    assert "Зонд" in out and "Не понял" in out
    assert "Партия окончена" in out and "Поле целиком" in out
    assert "\x1b[" not in out  # not a terminal: no colours


def test_interactive_quit_and_end_of_input():
    code, out = run(["play", "--preset", "nine-small", "--seed", "1"], stdin="q\n")
    assert code == 0 and "Партия не завершена" in out
    code, _ = run(["play", "--preset", "nine-small", "--seed", "1"], stdin="")
    assert code == 0


def test_installed_console_script():
    echoctl_bin = Path(sys.executable).parent / "echoctl"
    result = subprocess.run(
        [str(echoctl_bin), "field", "--preset", "nine-small", "--seed", "1"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "\n".join(layout_rows(generate("nine-small", 1))) in result.stdout
