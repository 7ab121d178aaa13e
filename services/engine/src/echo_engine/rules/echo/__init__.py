"""Echo Challenge rules: pure, deterministic from a seed, no I/O.

This package satisfies `echo_engine.rules.contract.RulesPackage`: `start`, `decide`, `evolve`,
`fold` and `view` are its module-level functions.
"""

from __future__ import annotations

from typing import Any

from .game import Rejection, decide, evolve, fold, play, start
from .setup import GameSetup, Rules
from .state import GameState
from .view import client_view, revealed_field


def view(state: GameState, viewer: str | None = None) -> dict[str, Any]:
    """The contract's view: Echo Challenge has one player, so `viewer` changes nothing."""
    return client_view(state)


__all__ = [
    "GameSetup",
    "GameState",
    "Rejection",
    "Rules",
    "client_view",
    "decide",
    "evolve",
    "fold",
    "play",
    "revealed_field",
    "start",
    "view",
]
