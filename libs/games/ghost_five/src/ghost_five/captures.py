"""Capture of pairs (§7.4, §18.12): X O O X in a line, at least one X arrived this turn (pente rule)."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from .board import Piece
from .geometry import DIRECTIONS, Geometry


def captured_pairs(pieces: Mapping[int, Piece], geo: Geometry, seat: int,
                   arrived: Collection[int]) -> list[tuple[int, int]]:
    """The pairs `seat` captures on this board, each as (lower cell, higher cell), sorted."""
    found: set[tuple[int, int]] = set()
    for flank in arrived:
        piece = pieces.get(flank)
        if piece is None or piece.seat != seat:
            continue
        for step in DIRECTIONS.values():
            cells = [geo.walk(flank, step, k) for k in (1, 2, 3)]
            if None in cells:
                continue
            first, second, far = (pieces.get(c) for c in cells)  # type: ignore[arg-type]
            if (first is not None and second is not None and far is not None and far.seat == seat
                    and first.seat != seat and second.seat != seat and not first.anchor and not second.anchor):
                found.add((min(cells[0], cells[1]), max(cells[0], cells[1])))  # type: ignore[type-var]
    return sorted(found)
