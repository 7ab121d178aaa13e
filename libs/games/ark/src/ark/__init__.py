"""Ark (Ковчег) rules: pure, deterministic from the room seed, no I/O.

The module-level names keep `echo_events.game_rules.RulesPackage`: `KIND`, `SEATS`, `COMMANDS`, `start`,
`decide`, `evolve`, `fold` and `view(state, seat)`; a seat is a player id, None a spectator. `hosting` is the
same game for an engine table (`echo.games` entry point), where a seat is a number.
"""

from __future__ import annotations

from . import hosting
from .catalogue import Catalogue, shipped
from .commands import COMMANDS
from .evolve import evolve, fold
from .game import RoomSetup, decide, play, start
from .rejection import Rejection
from .state import Room
from .view import view

KIND = "ark"
SEATS = (4, 16)

__all__ = [
    "COMMANDS", "KIND", "SEATS", "Catalogue", "Rejection", "Room", "RoomSetup", "decide", "evolve", "fold", "hosting",
    "play", "shipped", "start", "view",
]
