"""Tic-tac-toe at an engine table (`echo_events.game_rules`): the whole contract as module-level names, found
by the engine through this package's `echo.games` entry point. Seats are the engine's 0 (X) and 1 (O); the
engine's `now` is `now.timestamp()`. No clock and no settings: the game has no timers."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from echo_events.game_rules import Deadline, Refused
from echo_events.model import Command

from .commands import COMMANDS, CreateGame
from .events import GameEnded
from .rules import State, decide, evolve, fold, start

KIND = "tictactoe"
SEATS = (2, 2)
ENDING_EVENTS = frozenset({GameEnded.event_type})
MARKS = ("X", "O")

__all__ = ["COMMANDS", "ENDING_EVENTS", "KIND", "SEATS", "command_for", "deadlines", "decide", "evolve", "fold",
           "is_over", "new_setup", "start", "summary", "timer_command", "view"]


def new_setup(settings: Mapping[str, Any], seats: int, seed: int, now: datetime) -> CreateGame | Refused:
    del seed  # nothing is drawn in this game
    if settings:
        return Refused("bad_settings", "Tic-tac-toe has no settings.")
    if seats != 2:
        return Refused("bad_seats", "Tic-tac-toe is for two players.")
    return CreateGame(now=now.timestamp())


def command_for(action: Mapping[str, Any], seat: int, now: datetime) -> Command:
    """The seat and the time are the server's: whatever `seat` or `now` the client wrote is replaced."""
    return COMMANDS.validate_python({**action, "seat": seat, "now": now.timestamp()})


def deadlines(state: State) -> list[Deadline]:
    del state
    return []


def timer_command(command: Mapping[str, Any]) -> Command:
    """Never called: `deadlines` asks for no timer."""
    raise LookupError(f"tic-tac-toe sets no timers, yet one fired: {dict(command)!r}")


def is_over(state: State) -> bool:
    return not state.live


def view(state: State, seat: int | None = None) -> dict[str, Any]:
    """Everything is public in this game: the board as marks, whose move it is, the result and the winning row."""
    return {"board": [None if mark is None else MARKS[mark] for mark in state.board],
            "to_move": MARKS[state.to_move] if state.live else None,
            "status": "live" if state.live else "finished",
            "winner": None if state.winner is None else MARKS[state.winner],
            "line": None if state.line is None else list(state.line),
            "seat": None if seat is None else MARKS[seat]}


def summary(state: State) -> dict[str, Any] | None:
    if state.live or state == State():
        return None

    def result(seat: int) -> str:
        return "draw" if state.winner is None else "win" if state.winner == seat else "loss"

    return {"outcome": "finished", "seats": [{"result": result(seat), "score": None} for seat in (0, 1)],
            "rounds": None}
