"""One round's board and counters (§3), immutable between turns, and the scratch copy a turn works on.

`Board` is what evolve keeps; `Work` is a mutable copy made at the start of a turn's resolution (or of
applying a resolved turn) so the steps of §9 can update it in place, then frozen again with `freeze`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .geometry import Geometry
from .settings import ANCHORS_PER_ROUND

SEAT_LETTERS = ("A", "B")


class Piece(NamedTuple):
    seat: int
    anchor: bool
    age: int  # stone age (§5) for an ordinary stone, anchor age (§6.6) for an anchor
    born: int  # the turn it first arrived; breaks ties between equal ages ("placed earlier")


class Wall(NamedTuple):
    until: int | None  # last turn it stands; None = permanent
    trail: bool


class Board(NamedTuple):
    round: int
    turn: int  # last resolved turn of the round, 0 before the first
    pieces: dict[int, Piece]  # never mutated once in a Board
    walls: dict[int, Wall]
    marks: dict[int, int]  # cell -> last turn shown
    reserve: tuple[int, int]
    pairs: tuple[int, int]
    skips: tuple[int, int]
    cooldown_until: int  # last turn on which no magnet may act (0: none this round)


def fresh_board(round_number: int) -> Board:
    return Board(round_number, 0, {}, {}, {}, (ANCHORS_PER_ROUND,) * 2, (0, 0), (0, 0), 0)


@dataclass(slots=True)
class Work:
    """A turn in progress: the board being changed, and the turn's number."""

    turn: int
    pieces: dict[int, Piece]
    walls: dict[int, Wall]
    marks: dict[int, int]
    reserve: list[int]
    pairs: list[int]
    skips: list[int]
    cooldown_until: int
    fresh_anchors: set[int]  # anchors placed or converted this turn (they do not age at step 11)
    arrived: set[int]  # cells whose piece arrived this turn (placed, shifted, pulled): capture flanks

    @classmethod
    def of(cls, board: Board) -> Work:
        return cls(board.turn + 1, dict(board.pieces), dict(board.walls), dict(board.marks), list(board.reserve),
                   list(board.pairs), list(board.skips), board.cooldown_until, set(), set())

    def freeze(self, round_number: int) -> Board:
        return Board(round_number, self.turn, self.pieces, self.walls, self.marks, tuple(self.reserve),
                     tuple(self.pairs), tuple(self.skips), self.cooldown_until)  # type: ignore[arg-type]


def rows_text(board: Board, geo: Geometry) -> list[str]:
    """The board as n strings, top row first: `.` empty, `a`/`b` stone, `A`/`B` anchor, `#` wall or trail."""
    n = geo.n
    chars = ["."] * geo.size
    for cell in board.walls:
        chars[cell] = "#"
    for cell, piece in board.pieces.items():
        letter = SEAT_LETTERS[piece.seat]
        chars[cell] = letter if piece.anchor else letter.lower()
    return ["".join(chars[row * n:(row + 1) * n]) for row in range(n - 1, -1, -1)]
