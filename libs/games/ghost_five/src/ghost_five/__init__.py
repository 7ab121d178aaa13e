"""Ghost Five rules: a gomoku variant with secret simultaneous moves. Pure, deterministic, no I/O.

The module-level names are the contract of `echo_events.game_rules`: KIND, SEATS, COMMANDS, start,
decide, evolve, fold and view. Seats are 0 (A) and 1 (B); `view(state, None)` is a spectator's.
"""

from __future__ import annotations

from .commands import COMMANDS, CancelMatch, CloseReveal, Commit, CreateMatch, ExpireClock, Resign, Reveal, Withdraw
from .decide import decide
from .evolve import evolve, fold, start
from .history import summary
from .settings import Settings
from .state import MatchState
from .view import view

KIND = "ghost_five"
SEATS = (2, 2)

__all__ = [
    "COMMANDS",
    "KIND",
    "SEATS",
    "CancelMatch",
    "CloseReveal",
    "Commit",
    "CreateMatch",
    "ExpireClock",
    "MatchState",
    "Resign",
    "Reveal",
    "Settings",
    "Withdraw",
    "decide",
    "evolve",
    "fold",
    "start",
    "summary",
    "view",
]
