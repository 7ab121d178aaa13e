"""Bot levels for games against the computer, each one of the `eotctl random` policies: `casual` plays the
softmax-noisy `balanced` policy with a style of its own, `strong` always takes the best one-ply worth
(`greedy`). Both are deterministic from the seed they are given."""

from __future__ import annotations

from .agent import Agent

LEVELS = {"casual": "balanced", "strong": "greedy"}


def bot(level: str, seed: str, players: list[str]) -> Agent:
    """An agent of that level for a table of these players; ask it `command(table)` when its seat must act."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}")
    return Agent(LEVELS[level], seed, players)
