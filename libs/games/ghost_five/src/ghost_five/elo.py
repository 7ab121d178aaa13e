"""Rating (§13, §18.18): Elo from 1500, K = 32, at least one point, integers."""

from __future__ import annotations

import math

START = 1500
K = 32


def elo_delta(winner: int, loser: int) -> int:
    expected = 1 / (1 + 10 ** ((loser - winner) / 400))
    return max(1, math.floor(K * (1 - expected) + 0.5))


def rate(winner: int, loser: int) -> tuple[int, int]:
    """The winner's and the loser's ratings after a rated match."""
    delta = elo_delta(winner, loser)
    return winner + delta, loser - delta
