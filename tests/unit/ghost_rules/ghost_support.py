"""Runs ghostctl in-process and returns its exit code and parsed JSON."""

from __future__ import annotations

import contextlib
import io
import json
from typing import Any

from ghost_five.cli import main


def ghostctl(*argv: str) -> tuple[int, Any]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(list(argv))
    text = out.getvalue()
    try:
        return code, json.loads(text)
    except json.JSONDecodeError:
        return code, text.strip()


def play(turns: str, *options: str) -> dict[str, Any]:
    """The state after the script; the script must be accepted."""
    code, state = ghostctl("play", *options, "--turns", turns)
    assert code == 0, state
    return state


def refused(turns: str, *options: str) -> str:
    code, state = ghostctl("play", *options, "--turns", turns)
    assert code == 2, state
    assert set(state) == {"error"}
    return state["error"]


def row(state: dict[str, Any], number: int) -> str:
    """Board row `number` (1 = bottom) as a string, column A first."""
    return state["board"][len(state["board"]) - number]


def stone(state: dict[str, Any], cell: str) -> dict[str, Any] | None:
    return next((s for s in state["stones"] if s["cell"] == cell), None)


def outcomes(state: dict[str, Any], seat: str, turn: int = -1) -> list[dict[str, Any]]:
    return state["log"][turn]["outcomes"][seat]


def filler(count: int, seat: str, start_row: int = 1) -> list[str]:
    """Harmless placements far from the action: one per turn along column A (A) or column T/P/N (B)."""
    column = "A" if seat == "A" else "N"
    return [f"P:{column}{start_row + i}" for i in range(count)]
