"""Ghost Five commands (§15): what a client sends, and the two timers the service fires.

Every command carries `now`, the service's time when it arrived (or when the timer fired). Seats are
0 (A) and 1 (B). `CreateMatch` is the setup given to `start`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from echo_events.model import Command
from echo_events.registry import command
from pydantic import Field, TypeAdapter

from .settings import Settings

Seat = Annotated[int, Field(ge=0, le=1)]


@command("ghost_five.CreateMatch")
class CreateMatch(Command):
    type: Literal["create_match"] = "create_match"
    match_id: str = Field(min_length=1, pattern=r"^[^|]+$")
    settings: Settings = Settings()
    secret: str | None = Field(None, max_length=64, description="the host's secret of this match (its bots' "
                               "salts and choices); internal events only, never in a view")
    now: float


@command("ghost_five.Commit")
class Commit(Command):
    type: Literal["commit"] = "commit"
    seat: Seat
    commit: str = Field(pattern=r"^[0-9a-f]{64}$")
    now: float


@command("ghost_five.Withdraw")
class Withdraw(Command):
    type: Literal["withdraw"] = "withdraw"
    seat: Seat
    now: float


@command("ghost_five.Reveal")
class Reveal(Command):
    type: Literal["reveal"] = "reveal"
    seat: Seat
    action: str = Field(max_length=40)  # checked by the rules: a malformed one voids the turn, not the command
    salt: str = Field(max_length=128)
    now: float


@command("ghost_five.Resign")
class Resign(Command):
    type: Literal["resign"] = "resign"
    seat: Seat
    now: float


@command("ghost_five.CancelMatch")
class CancelMatch(Command):
    type: Literal["cancel_match"] = "cancel_match"
    seat: Seat
    now: float


@command("ghost_five.ExpireClock")
class ExpireClock(Command):
    """Timer: the seat's move time, reserve and lag allowance are spent for this turn."""

    type: Literal["expire_clock"] = "expire_clock"
    seat: Seat
    round: int
    turn: int
    now: float


@command("ghost_five.CloseReveal")
class CloseReveal(Command):
    """Timer: the 15 s reveal window of this turn is over."""

    type: Literal["close_reveal"] = "close_reveal"
    round: int
    turn: int
    now: float


ClientCommand = Annotated[Commit | Withdraw | Reveal | Resign | CancelMatch, Field(discriminator="type")]
COMMANDS: TypeAdapter[Commit | Withdraw | Reveal | Resign | CancelMatch] = TypeAdapter(ClientCommand)
