"""WebSocket protocol v1 (deprecated; `PROTOCOL.md` says what replaces each message): Echo Challenge's own
messages, kept unchanged for the mobile apps in the field, as a thin adapter onto v2 — each v1 command
becomes the v2 message that does the same, and the connection serves only v2."""

from __future__ import annotations

from typing import Annotated, Literal

from echo_events.hosting import installed_game
from pydantic import BeforeValidator, Field, TypeAdapter, ValidationError

from .protocol import Act, CommandId, GameId, Message, Ping, Resume, Start

V1_TYPES = ("start", "probe", "beam", "finish", "resume", "ping")
KIND = "echo"


def _echo_sector(value: object) -> int:
    """A sector as Echo Challenge's own actions read it (A1..J10 or 0..99, through the registry), so that v1
    refuses one off the field as a bad message, as it always has."""
    try:
        return installed_game(KIND).commands.validate_python({"type": "probe", "sector": value}).sector
    except ValidationError as problem:
        first = problem.errors()[0]  # the rules' own words, not wrapped in a second "value error"
        raise ValueError(str(first.get("ctx", {}).get("error", first["msg"]))) from None


Sector = Annotated[int, BeforeValidator(_echo_sector)]


class StartV1(Message):
    type: Literal["start"]
    id: CommandId
    mode: Literal["tutorial", "free", "daily"]
    preset: str | None = Field(None, max_length=32)

    def to_v2(self) -> Start:
        return Start(type="start", id=self.id, kind=KIND, mode=self.mode, preset=self.preset)


class _SectorMoveV1(Message):
    id: CommandId
    game_id: GameId
    sector: Sector = Field(description="0..99 or A1..J10")

    def to_v2(self) -> Act:
        return Act(type="act", id=self.id, game_id=self.game_id,
                   action={"type": self.type, "sector": self.sector})  # type: ignore[attr-defined]


class ProbeV1(_SectorMoveV1):
    type: Literal["probe"]


class BeamV1(_SectorMoveV1):
    type: Literal["beam"]


class FinishV1(Message):
    type: Literal["finish"]
    id: CommandId
    game_id: GameId

    def to_v2(self) -> Act:
        return Act(type="act", id=self.id, game_id=self.game_id, action={"type": "finish"})


class ResumeV1(Resume):
    def to_v2(self) -> Resume:
        return Resume(type="resume", id=self.id, game_id=self.game_id, version=self.version)


class PingV1(Ping):
    def to_v2(self) -> Ping:
        return Ping(type="ping", id=self.id)


V1Message = Annotated[StartV1 | ProbeV1 | BeamV1 | FinishV1 | ResumeV1 | PingV1, Field(discriminator="type")]
V1_MESSAGE: TypeAdapter[V1Message] = TypeAdapter(V1Message)
