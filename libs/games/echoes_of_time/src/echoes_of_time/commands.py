"""Commands: what clients send (`COMMANDS` validates them) and the system's CreateGame and ExpireStep.
`at` is the shell's clock in milliseconds when timers are on; the rules never read a clock."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from echo_events.model import Command
from echo_events.registry import command
from pydantic import Field, TypeAdapter


@command("echoes_of_time.CreateGame")
class CreateGame(Command):
    """The setup of `start`: seed is 64 hex digits (the key bytes) or any text (hashed with SHA-256)."""

    type: Literal["create_game"] = "create_game"
    game_id: str
    players: tuple[str, ...] = Field(min_length=2, max_length=4)
    seed: str
    turn_timer_s: int | None = Field(default=None, ge=30, le=300)
    at: int | None = None


@command("echoes_of_time.TakeMainAction")
class TakeMainAction(Command):
    """slot `draw.1` … `entrench.2`; args: play {card, discards, space}, advance {moves: [{card, steps}]},
    capture / entrench {source, creatures}. A play without space goes on the lowest legal space with room."""

    type: Literal["main"] = "main"
    player: str
    slot: str
    args: dict[str, Any] = {}
    at: int | None = None


@command("echoes_of_time.Activate")
class Activate(Command):
    type: Literal["activate"] = "activate"
    player: str
    target: str
    discards: tuple[str, ...] = ()
    at: int | None = None


@command("echoes_of_time.Decide")
class Decide(Command):
    type: Literal["decide"] = "decide"
    player: str
    decision_id: str
    choice: Any = None
    at: int | None = None


@command("echoes_of_time.EndTurn")
class EndTurn(Command):
    type: Literal["end_turn"] = "end_turn"
    player: str
    at: int | None = None


@command("echoes_of_time.Concede")
class Concede(Command):
    type: Literal["concede"] = "concede"
    player: str
    at: int | None = None


@command("echoes_of_time.ExpireStep")
class ExpireStep(Command):
    """System: the open step's timer ran out (`at` None: the shell forces the default, clock ignored)."""

    type: Literal["expire_step"] = "expire_step"
    step_id: str
    at: int | None = None


ClientCommand = Annotated[TakeMainAction | Activate | Decide | EndTurn | Concede, Field(discriminator="type")]
COMMANDS: TypeAdapter[ClientCommand] = TypeAdapter(ClientCommand)
