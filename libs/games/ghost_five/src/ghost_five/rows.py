"""Rows (§8): L or more of one player's pieces, anchors included, in a line."""

from __future__ import annotations

from collections.abc import Mapping

from .board import Piece
from .geometry import LINE_STEPS, Geometry


def has_row(pieces: Mapping[int, Piece], geo: Geometry, seat: int, length: int) -> bool:
    for cell, piece in pieces.items():
        if piece.seat != seat:
            continue
        for step in LINE_STEPS:
            before = geo.walk(cell, (-step[0], -step[1]), 1)
            if before is not None and (p := pieces.get(before)) is not None and p.seat == seat:
                continue  # not the start of a run
            run = 1
            while run < length:
                nxt = geo.walk(cell, step, run)
                if nxt is None or (p := pieces.get(nxt)) is None or p.seat != seat:
                    break
                run += 1
            if run >= length:
                return True
    return False
