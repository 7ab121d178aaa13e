"""Which actions are legal on the board at the start of a turn (§4, §18.7, §18.8).

An action naming a cell off this board, or illegal here, is void at step 0: a skip.
"""

from __future__ import annotations

from .board import Board
from .geometry import Geometry
from .notation import Action
from .settings import TAKE_BACK_AGE


def magnet_ready(board: Board) -> bool:
    """No interlock cooldown on the coming turn."""
    return board.cooldown_until <= board.turn


def is_legal(board: Board, geo: Geometry, seat: int, action: Action) -> bool:
    cell = geo.index.get(action.cell)
    if cell is None:
        return False
    pieces = board.pieces
    piece = pieces.get(cell)
    kind = action.kind
    if kind == "P":
        legal = piece is None and cell not in board.walls
    elif kind == "A":
        legal = board.reserve[seat] > 0 and cell not in board.walls and (
            piece is None or (piece.seat == seat and not piece.anchor))
    elif kind == "X":
        legal = cell not in board.walls and (piece is None or (piece.seat != seat and not piece.anchor))
    else:
        legal = piece is not None and piece.anchor and piece.seat == seat
        if kind == "S":
            to = geo.index.get(action.to or "")
            legal = legal and to is not None and to in geo.neighbours[cell] and to not in pieces
        else:
            legal = legal and magnet_ready(board)
    if legal and action.take_back is not None:
        anchor = pieces.get(geo.index.get(action.take_back, -1))  # type: ignore[arg-type]
        legal = anchor is not None and anchor.anchor and anchor.seat == seat and anchor.age >= TAKE_BACK_AGE
    return legal
