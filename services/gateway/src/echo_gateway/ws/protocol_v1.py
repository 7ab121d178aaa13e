"""WebSocket protocol v1 (deprecated; `PROTOCOL.md` says what replaces each message): Echo Challenge's own
messages, kept unchanged for the mobile apps in the field, as a thin adapter onto v2 — each v1 command
becomes the v2 message that does the same, and the connection serves only v2."""

from __future__ import annotations

from typing import Annotated, Literal

from echo_challenge.actions import Sector
from pydantic import Field, TypeAdapter

from .protocol import Act, CommandId, GameId, Message, Ping, Resume, Start

V1_TYPES = ("start", "probe", "beam", "finish", "resume", "ping")


class StartV1(Message):
    type: Literal["start"]
    id: CommandId
    mode: Literal["tutorial", "free", "daily"]
    preset: str | None = Field(None, max_length=32)

    def to_v2(self) -> Start:
        return Start(type="start", id=self.id, kind="echo", mode=self.mode, preset=self.preset)


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
