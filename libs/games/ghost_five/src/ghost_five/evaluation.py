"""A static evaluation for the bots: every window of L cells in a line that only one player occupies
counts for him, the more of his pieces it holds the more (open fours are near wins)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from .board import Piece, Wall
from .geometry import LINE_STEPS, geometry

WALL = 2


@cache
def windows(n: int, length: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """All windows of `length` cells in a line, and per cell the indices of the windows holding it."""
    geo = geometry(n)
    found = []
    for cell in range(geo.size):
        for step in LINE_STEPS:
            window = [geo.walk(cell, step, k) for k in range(length)]
            if None not in window:
                found.append(tuple(window))
    by_cell: list[list[int]] = [[] for _ in range(geo.size)]
    for i, window in enumerate(found):
        for c in window:
            by_cell[c].append(i)
    return tuple(found), tuple(tuple(ids) for ids in by_cell)  # type: ignore[arg-type]


def weights(length: int) -> tuple[float, ...]:
    """Value of a window holding k of a player's pieces and nothing else, k = 0..length."""
    base = (0.0, 1.0, 8.0, 60.0, 900.0, 100_000.0)
    return base[: length - 1] + (base[4], base[5]) if length == 4 else base


def owners(pieces: Mapping[int, Piece], walls: Mapping[int, Wall], size: int) -> list[int]:
    """Per cell: -1 empty, 0 / 1 the seat of its piece, WALL a wall."""
    cells = [-1] * size
    for c in walls:
        cells[c] = WALL
    for c, p in pieces.items():
        cells[c] = p.seat
    return cells


def score(cells: list[int], n: int, length: int) -> tuple[float, float]:
    """(seat 0's, seat 1's) sum of window values."""
    table = weights(length)
    totals = [0.0, 0.0]
    for window in windows(n, length)[0]:
        counts = [0, 0, 0]
        for c in window:
            v = cells[c]
            if v >= 0:
                counts[v] += 1
        if counts[WALL]:
            continue
        if counts[0] and not counts[1]:
            totals[0] += table[counts[0]]
        elif counts[1] and not counts[0]:
            totals[1] += table[counts[1]]
    return totals[0], totals[1]


def cell_values(cells: list[int], n: int, length: int, seat: int) -> dict[int, tuple[float, float]]:
    """For every empty cell: (what a stone of `seat` there adds to him, what it takes from the opponent)."""
    table = weights(length)
    all_windows, by_cell = windows(n, length)
    values: dict[int, tuple[float, float]] = {}
    other = 1 - seat
    for cell, v in enumerate(cells):
        if v != -1:
            continue
        attack = defence = 0.0
        for i in by_cell[cell]:
            mine = theirs = 0
            blocked = False
            for c in all_windows[i]:
                w = cells[c]
                if w == seat:
                    mine += 1
                elif w == other:
                    theirs += 1
                elif w == WALL:
                    blocked = True
                    break
            if blocked:
                continue
            if not theirs:
                attack += table[mine + 1] - table[mine]
            if not mine and theirs:
                defence += table[theirs]
        if attack or defence:
            values[cell] = (attack, defence)
    return values
