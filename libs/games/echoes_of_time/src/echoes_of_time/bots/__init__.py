"""Computer players built on the `eotctl` policies: random, greedy and balanced, deterministic from a seed;
the levels `casual` and `strong` for games against the computer."""

from .agent import POLICIES, Agent, actor
from .levels import LEVELS, bot

__all__ = ["LEVELS", "POLICIES", "Agent", "actor", "bot"]
