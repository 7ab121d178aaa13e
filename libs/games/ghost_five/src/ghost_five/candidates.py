"""Every legal main action of a seat on the board at the start of a turn (for bots and test players)."""

from __future__ import annotations

from .board import Board
from .geometry import DIRECTIONS, Geometry
from .legality import magnet_ready
from .notation import Action


def legal_actions(board: Board, geo: Geometry, seat: int) -> list[Action]:
    """In a fixed order: placements, anchors, shots, shifts, magnets (no take-backs)."""
    names, pieces, walls = geo.names, board.pieces, board.walls
    empty = [c for c in range(geo.size) if c not in pieces and c not in walls]
    actions = [Action("P", names[c]) for c in empty]
    if board.reserve[seat] > 0:
        own_stones = [c for c, p in pieces.items() if p.seat == seat and not p.anchor]
        actions += [Action("A", names[c]) for c in sorted(empty + own_stones)]
    targets = [c for c, p in pieces.items() if p.seat != seat and not p.anchor]
    actions += [Action("X", names[c]) for c in sorted(empty + targets)]
    anchors = sorted(c for c, p in pieces.items() if p.seat == seat and p.anchor)
    for anchor in anchors:
        actions += [Action("S", names[anchor], to=names[to]) for to in geo.neighbours[anchor] if to not in pieces]
    if magnet_ready(board):
        actions += [Action("M", names[a], direction=d) for a in anchors for d in DIRECTIONS]
    return actions
