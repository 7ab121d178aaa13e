"""Short memory (§5) and shields (§6.2): which stones age, which go first, the corner digits."""

from __future__ import annotations

from collections.abc import Mapping

from .board import Piece
from .geometry import Geometry


def is_shielded(pieces: Mapping[int, Piece], geo: Geometry, cell: int, piece: Piece) -> bool:
    """An ordinary stone next to one of its owner's anchors (only your own anchors shield)."""
    if piece.anchor:
        return False
    for other in geo.neighbours[cell]:
        neighbour = pieces.get(other)
        if neighbour is not None and neighbour.anchor and neighbour.seat == piece.seat:
            return True
    return False


def shield_cells(pieces: Mapping[int, Piece], geo: Geometry) -> tuple[set[int], set[int]]:
    """Per seat, the cells next to one of its anchors (where its ordinary stones are shielded)."""
    shields: tuple[set[int], set[int]] = (set(), set())
    for cell, piece in pieces.items():
        if piece.anchor:
            shields[piece.seat].update(geo.neighbours[cell])
    return shields


def memory(pieces: Mapping[int, Piece], geo: Geometry, seat: int) -> list[int]:
    """The seat's stones in memory, oldest first: greatest age, then placed earlier."""
    shield = shield_cells(pieces, geo)[seat]
    cells = [c for c, p in pieces.items() if p.seat == seat and not p.anchor and c not in shield]
    cells.sort(key=lambda c: (-pieces[c].age, pieces[c].born))
    return cells


def over_capacity(pieces: Mapping[int, Piece], geo: Geometry, seat: int, size: int) -> list[int]:
    """The stones that expire (step 9): the oldest ones beyond `size`, oldest first."""
    if sum(1 for p in pieces.values() if p.seat == seat and not p.anchor) <= size:
        return []  # even unshielded, they all fit
    held = memory(pieces, geo, seat)
    return held[: max(0, len(held) - size)]


def corner_digits(pieces: Mapping[int, Piece], geo: Geometry, seat: int, size: int) -> dict[int, tuple[int, bool]]:
    """cell -> (digit, frame) for the seat's stones in memory: digit M − m + r, frame on rank 1 while m = M."""
    held = memory(pieces, geo, seat)
    m = len(held)
    return {cell: (size - m + rank, rank == 1 and m == size) for rank, cell in enumerate(held, start=1)}
