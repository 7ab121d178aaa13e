"""Rows (§8): L or more of one player's pieces, anchors included, in a line."""

from __future__ import annotations

from collections.abc import Mapping

from .board import Piece
from .geometry import Geometry


def has_row(pieces: Mapping[int, Piece], geo: Geometry, seat: int, length: int) -> bool:
    own = {cell for cell, piece in pieces.items() if piece.seat == seat}
    if len(own) < length:
        return False
    for forward, backward in zip(geo.forward, geo.backward, strict=True):
        for cell in own:
            if backward[cell] in own:
                continue  # not the start of a run
            run, nxt = 1, forward[cell]
            while nxt in own:
                run += 1
                nxt = forward[nxt]
            if run >= length:
                return True
    return False
