"""Echoes of Time (Эхо времени) rules: pure and deterministic from the game seed, no I/O.

The module-level names are the shared rules contract (`echo_events.game_rules.RulesPackage`)."""

from __future__ import annotations

from .catalogue import CARDS, CATALOGUE_VERSION, SOURCES, load_catalogue
from .commands import COMMANDS, Activate, Concede, CreateGame, Decide, EndTurn, ExpireStep, TakeMainAction
from .game import decide, evolve, fold, start
from .state import Table
from .view import view

KIND = "echoes_of_time"
SEATS = (2, 4)

__all__ = [
    "CARDS", "CATALOGUE_VERSION", "COMMANDS", "KIND", "SEATS", "SOURCES", "Activate", "Concede", "CreateGame",
    "Decide", "EndTurn", "ExpireStep", "Table", "TakeMainAction", "decide", "evolve", "fold", "load_catalogue",
    "start", "view",
]
