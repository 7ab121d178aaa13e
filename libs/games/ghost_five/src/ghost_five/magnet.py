"""The magnet (§6.4) and the interlock of two magnets (§6.5, §18.5, §18.6)."""

from __future__ import annotations

from collections.abc import Mapping

from .board import Piece, Wall
from .geometry import Geometry

PER_PLAYER_CAP = 2
TOTAL_CAP = 4
Moves = list[tuple[int, int]]


def pull(pieces: Mapping[int, Piece], walls: Mapping[int, Wall], geo: Geometry, anchor: int,
         direction: str) -> Moves | None:
    """The taken stones as (from, to), nearest first; None when a wall silences the magnet.

    The ray is cut just before the first anchor (either player's) before walls are looked for.
    """
    ray: list[int] = []
    for cell in geo.rays[(anchor, direction)]:
        piece = pieces.get(cell)
        if piece is not None and piece.anchor:
            break
        ray.append(cell)
    if any(cell in walls for cell in ray):
        return None
    taken: list[int] = []
    per_player = [0, 0]
    for cell in ray:
        piece = pieces.get(cell)
        if piece is None:
            continue
        if per_player[piece.seat] == PER_PLAYER_CAP or len(taken) == TOTAL_CAP:
            break  # the longest prefix within the caps
        per_player[piece.seat] += 1
        taken.append(cell)
    return [(origin, ray[k]) for k, origin in enumerate(taken)]


def interlocked(first: Moves, second: Moves) -> bool:
    """Both magnets take one stone, or two pulled stones would end on one cell (unmoved ones included)."""
    return bool({a for a, _ in first} & {a for a, _ in second} or {b for _, b in first} & {b for _, b in second})
