"""Facts of one game, in the order they happened: `GameCreated`, then `MarkPlaced` per move, then
`GameEnded` once a row is made, the board is full or a player resigns. Seats: 0 is X, 1 is O."""

from __future__ import annotations

from typing import Literal

from echo_events.model import Event
from echo_events.registry import event


@event("tictactoe.GameCreated", 1)
class GameCreated(Event):
    at: float


@event("tictactoe.MarkPlaced", 1)
class MarkPlaced(Event):
    seat: int
    cell: int  # 0..8, row by row from the top left
    at: float


@event("tictactoe.GameEnded", 1)
class GameEnded(Event):
    result: Literal["row", "full_board", "resign"]
    winner: int | None  # None: a draw
    line: tuple[int, int, int] | None = None  # the row that won
    at: float
