"""echoctl parts that need no rules core: arguments, presets, errors, rendering of a view."""

import dataclasses
import io

import pytest
from echo_challenge.cli import core, echoctl
from echo_challenge.cli.terminal import Painter, _log_line, header, render, render_board, sector_map
from echo_challenge.generator import generate
from echo_challenge.specials import with_overrides

pytestmark = pytest.mark.unit


def run(argv, stdin=""):
    out = io.StringIO()
    code = echoctl.main(argv, stdout=out, stdin=io.StringIO(stdin))
    return code, out.getvalue()


def test_presets_lists_ids_and_russian_titles():
    code, out = run(["presets"])
    assert code == 0
    assert "nine-small" in out and "Мелкая рябь · девять мелких, пустых мало" in out


def test_unknown_preset_is_a_clear_error(capsys):
    code, _ = run(["field", "--preset", "tiny", "--seed", "1"])
    assert code == 2
    assert "unknown preset 'tiny'" in capsys.readouterr().err


def test_missing_field_file(tmp_path, capsys):
    code, _ = run(["play", "--field", str(tmp_path / "nope.txt"), "--moves", "F"])
    assert code == 2
    assert "cannot read" in capsys.readouterr().err


def test_seed_rules(tmp_path, capsys):
    assert run(["play", "--preset", "standard", "--moves", "F"])[0] == 2
    assert "--seed is required" in capsys.readouterr().err
    assert run(["play", "--field", str(tmp_path / "f.txt"), "--seed", "3", "--moves", "F"])[0] == 2
    assert "own 'seed:'" in capsys.readouterr().err


def test_field_and_preset_are_exclusive(capsys):
    with pytest.raises(SystemExit) as info:
        run(["play", "--field", "a.txt", "--preset", "standard"])
    assert info.value.code == 2


def test_a_missing_core_piece_is_reported_not_crashed(monkeypatch):
    monkeypatch.setattr(core, "_load", _missing)
    code, _ = run(["field", "--preset", "standard", "--seed", "1"])
    assert code == 2


def _missing(module, name):
    raise core.CoreMissing(f"cannot import {name} from {module}")


VIEW = {
    "status": "live",
    "tick": 3,
    "credits": 40,
    "credits_breakdown": {"clean": {"count": 1, "price": 40}, "lossy": {"count": 0, "price": 20}},
    "connectivity": 3.5,
    "connectivity_max": 5,
    "charge": 4,
    "contour": 6,
    "layer_charge": 70,
    "detector": 2,
    "detector_max": 5,
    "spectrometer": 3,
    "spectrometer_max": 3,
    "orders": [{"symbols": ["1", "empty", "green"], "progress": 1}],
    "membranes": [{"color": "green", "kind": 1, "state": "triggered"}],
    "ephemera": [{"color": "green", "size": 2, "opened": True, "clean": True}],
    "board": ["0g######1#", "x#########"] + ["#" * 10] * 8,
    "hints": [{"sector": "C1", "digit": 2}],
    "highlights": [{"sector": 11, "color": "red", "membrane": True}],
    "interference": ["I1"],
    "timers": [],
    "log": [],
}


def test_render_board_plain():
    lines = render_board(VIEW, Painter(color=False))
    assert lines[0].split() == list("ABCDEFGHIJ")
    assert lines[1].startswith("  1     g (2)")
    assert "~1~" in lines[1]
    assert lines[2].startswith("  2  x [R]")
    text = render(VIEW, Painter(color=False))
    assert "Связность 3½/5" in text and "Кредиты 40" in text and "зелёная №1 (сработала)" in text


def test_render_board_with_colour_uses_ansi():
    assert "\x1b[32m" in "\n".join(render_board(VIEW, Painter(color=True)))


def test_sector_map_shapes():
    assert set(sector_map([5, "B1", {"sector": "C1"}, {"x": 3, "y": 0}, {"sectors": ["E1", 5]}])) == {
        5,
        1,
        2,
        3,
        4,
    }
    assert sector_map({"A2": 1, 7: 2}) == {10: 1, 7: 2}
    assert sector_map(None) == {}


def test_header_names_the_preset_prices_and_special_rules():
    setup = generate("standard", 1)
    text = header(setup, Painter(color=False))
    assert "Ровный фон" in text and "Эхолуч стоит 2" in text and "Особая" not in text
    special = dataclasses.replace(setup, rules=with_overrides(setup.rules, beam_cost=3))
    assert "Особая партия: Эхолуч стоит 3" in header(special, Painter(color=False))


def test_log_lines_read_in_russian():
    entry = {
        "tick": 1,
        "tool": "probe",
        "sector": "A1",
        "opened": "x",
        "charge_spent": 0,
        "nadloms": ["probe", "overload"],
        "credits": 0,
        "highlight": {"sector": "A2", "color": "yellow", "membrane": True},
    }
    assert _log_line(entry) == (
        "Такт 1: Зонд A1 → сегмент выжжен · Надлом (Зонд по сегменту) · Надлом (перегрузка)"
        " · Спектрометр: A2 — жёлтая мембрана"
    )
    beam = {"tick": 4, "tool": "beam", "sector": "C1", "opened": "green", "charge_spent": 2, "nadloms": []}
    beam |= {
        "credits": 40,
        "ephemeron": {"color": "green", "size": 2, "clean": True},
        "membrane": "triggered",
    }
    assert _log_line(beam) == (
        "Такт 4: Эхолуч C1 → зелёный сегмент · −2 Заряда · мембрана сработала"
        " · зелёный Эфемер (2) вскрыт чисто · +40 Кредитов"
    )
    assert _log_line({"tick": 2, "text": "что-то"}) == "такт 2: что-то"
    assert _log_line("строка") == "строка"
