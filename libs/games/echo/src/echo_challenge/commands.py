"""Echo Challenge commands: what a player (or the calendar) asks a game to do. Orders, not facts."""

from __future__ import annotations

from typing import Annotated

from echo_events.model import Command
from echo_events.registry import command
from pydantic import Field

SectorIndex = Annotated[int, Field(ge=0, le=99, description="y*10+x: 0 = A1, 9 = J1, 99 = J10")]


@command("echo.Probe")
class Probe(Command):
    """Open one sector with the free Probe (Зонд)."""

    sector: SectorIndex


@command("echo.Beam")
class Beam(Command):
    """Open one sector with the Beam (Эхолуч); costs the preset's beam_cost in Charge."""

    sector: SectorIndex


@command("echo.Finish")
class Finish(Command):
    """The player presses «Завершить»: the game ends, credits count."""


@command("echo.Expire")
class Expire(Command):
    """The Daily closed at midnight MSK: the game ends by itself, credits count."""


__all__ = ["Beam", "Expire", "Finish", "Probe"]
