"""Parsing the CLI's move language (echo-challenge.md §22): ``P A1; B C3; F`` — Probe, Beam, Finish.

Pure and independent of the rules core: a move that cannot be parsed (or names a sector off the
field) becomes a `BadMove`, which the CLI reports as a `bad_move` rejection (echo-challenge.md §23).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from echo_challenge.field import parse_sector

Kind = Literal["probe", "beam", "finish"]

_KINDS: dict[str, Kind] = {
    "p": "probe",
    "probe": "probe",
    "b": "beam",
    "beam": "beam",
    "f": "finish",
    "finish": "finish",
}


@dataclass(frozen=True, slots=True)
class Move:
    raw: str
    kind: Kind
    sector: int | None = None  # None only for finish


@dataclass(frozen=True, slots=True)
class BadMove:
    raw: str
    message: str
    code: str = "bad_move"


def parse_move(text: str) -> Move | BadMove:
    raw = text.strip()
    parts = raw.split()
    if not parts:
        return BadMove(raw, "empty move")
    kind = _KINDS.get(parts[0].lower())
    if kind is None:
        return BadMove(raw, f"unknown move {raw!r}: expected 'P <sector>', 'B <sector>' or 'F'")
    if kind == "finish":
        if len(parts) != 1:
            return BadMove(raw, f"finish takes no sector: {raw!r}")
        return Move(raw, kind)
    if len(parts) != 2:
        return BadMove(raw, f"{kind} needs exactly one sector, e.g. '{parts[0].upper()} A1': {raw!r}")
    sector = parse_sector(parts[1])
    if sector is None:
        return BadMove(raw, f"sector {parts[1]!r} is not on the field (A1..J10)")
    return Move(raw, kind, sector)


def parse_moves(text: str) -> list[Move | BadMove]:
    """Split on ';' or newlines; blank pieces are skipped."""
    pieces = text.replace("\n", ";").split(";")
    return [parse_move(piece) for piece in pieces if piece.strip()]
