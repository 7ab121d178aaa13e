"""What a client sends (`place`, `resign`) with the seat and the time the server adds, and the setup."""

from __future__ import annotations

from typing import Annotated, Literal

from echo_events.model import Command
from echo_events.registry import command
from pydantic import Field, TypeAdapter

Seat = Annotated[int, Field(ge=0, le=1)]


@command("tictactoe.CreateGame")
class CreateGame(Command):
    type: Literal["create_game"] = "create_game"
    now: float


@command("tictactoe.Place")
class Place(Command):
    type: Literal["place"] = "place"
    seat: Seat
    cell: int = Field(ge=0, le=8)
    now: float


@command("tictactoe.Resign")
class Resign(Command):
    type: Literal["resign"] = "resign"
    seat: Seat
    now: float


COMMANDS: TypeAdapter[Place | Resign] = TypeAdapter(Annotated[Place | Resign, Field(discriminator="type")])
