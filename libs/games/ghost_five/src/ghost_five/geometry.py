"""The board's geometry: cell names (§2), neighbours, magnet rays and row lines, per board size.

A cell is an index `row * n + column` counted from A1 (row 0, column 0 = bottom left). Everything
here depends only on n and is computed once per size.
"""

from __future__ import annotations

from functools import cache

LETTERS = "ABCDEFGHJKLMNOPQRST"  # no «I»: 19 columns at most
DIRECTIONS: dict[str, tuple[int, int]] = {  # (columns, rows): N = towards higher rows, E = later letters
    "N": (0, 1), "NE": (1, 1), "E": (1, 0), "SE": (1, -1),
    "S": (0, -1), "SW": (-1, -1), "W": (-1, 0), "NW": (-1, 1),
}
LINE_STEPS = ((1, 0), (0, 1), (1, 1), (1, -1))  # one step of each of the 4 lines
MAGNET_REACH = 3


class Geometry:
    """Names, neighbours and rays of an n×n board."""

    __slots__ = ("n", "size", "names", "index", "neighbours", "rays", "forward", "backward")

    def __init__(self, n: int) -> None:
        self.n = n
        self.size = n * n
        self.names: tuple[str, ...] = tuple(f"{LETTERS[i % n]}{i // n + 1}" for i in range(self.size))
        self.index: dict[str, int] = {name: i for i, name in enumerate(self.names)}
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(c for step in DIRECTIONS.values() if (c := self._walk(i, step, 1)) is not None)
            for i in range(self.size)
        )
        self.rays: dict[tuple[int, str], tuple[int, ...]] = {
            (i, d): tuple(c for k in range(1, MAGNET_REACH + 1) if (c := self._walk(i, step, k)) is not None)
            for i in range(self.size) for d, step in DIRECTIONS.items()
        }
        # per line step: the next and the previous cell of every cell along that line (-1 off the board)
        self.forward = tuple(tuple(self._or_off(self._walk(i, step, 1)) for i in range(self.size))
                             for step in LINE_STEPS)
        self.backward = tuple(tuple(self._or_off(self._walk(i, step, -1)) for i in range(self.size))
                              for step in LINE_STEPS)

    @staticmethod
    def _or_off(cell: int | None) -> int:
        return -1 if cell is None else cell

    def _walk(self, cell: int, step: tuple[int, int], k: int) -> int | None:
        column, row = cell % self.n + step[0] * k, cell // self.n + step[1] * k
        if 0 <= column < self.n and 0 <= row < self.n:
            return row * self.n + column
        return None

    def walk(self, cell: int, step: tuple[int, int], k: int) -> int | None:
        return self._walk(cell, step, k)


@cache
def geometry(n: int) -> Geometry:
    return Geometry(n)
