"""Computer players built on the `eotctl` policies: random, greedy and balanced, deterministic from a seed."""

from .agent import POLICIES, Agent, actor

__all__ = ["POLICIES", "Agent", "actor"]
