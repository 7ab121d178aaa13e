"""Echoes of Time (Эхо времени) rules: pure and deterministic from the game seed, no I/O.

The module-level names are the shared rules contract (`echo_events.game_rules.RulesPackage`) and, from
`hosting`, what the engine needs to host a game at a table (`TableRules`, bots, each seat's legal moves
in its view)."""

from __future__ import annotations

from .catalogue import CARDS, CATALOGUE_VERSION, SOURCES, catalogue, load_catalogue
from .commands import COMMANDS, Activate, Concede, CreateGame, Decide, EndTurn, ExpireStep, TakeMainAction
from .game import decide, decided, evolve, fold, start
from .hosting import (
    BOT_LEVELS,
    ENDING_EVENTS,
    SETTINGS,
    bot_action,
    command_for,
    compact,
    deadlines,
    is_over,
    new_setup,
    public,
    summary,
    timer_command,
    view,
)
from .public import public_event
from .state import Table

KIND = "echoes_of_time"
SEATS = (2, 4)

__all__ = [
    "Activate", "BOT_LEVELS", "CARDS", "CATALOGUE_VERSION", "COMMANDS", "Concede", "CreateGame", "Decide",
    "ENDING_EVENTS", "EndTurn", "ExpireStep", "KIND", "SEATS", "SETTINGS", "SOURCES", "Table", "TakeMainAction",
    "bot_action", "catalogue", "command_for", "compact", "deadlines", "decide", "decided", "evolve", "fold", "is_over",
    "load_catalogue", "new_setup", "public", "public_event", "start", "summary", "timer_command", "view",
]
