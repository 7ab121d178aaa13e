"""Client → server messages of WebSocket protocol v1, validated strictly; server → client builders.

Every client command carries an `id` chosen by the client (a retry reuses it). The server answers each
with `ack` or `error` carrying the same id, and pushes `update`, `notice` and `heartbeat` on its own.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from echo_challenge.field import parse_sector
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

PROTOCOL_VERSION = 1
MAX_FRAME_BYTES = 4096

CommandId = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_:-]+$")]
GameId = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]


class _Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Hello(_Message):
    type: Literal["hello"]
    v: Literal[1] = Field(description="protocol version")
    token: str = Field(min_length=1, max_length=512)
    log_delta: bool = Field(False, description="views of a game this connection has seen carry only the "
                                                "log entries it has not (log_from, base_version)")


class Start(_Message):
    type: Literal["start"]
    id: CommandId
    mode: Literal["tutorial", "free", "daily"]
    preset: str | None = Field(None, max_length=32)


class _SectorMove(_Message):
    id: CommandId
    game_id: GameId
    sector: int = Field(description="0..99 or A1..J10")

    @field_validator("sector", mode="before")
    @classmethod
    def _sector(cls, value: Any) -> int:
        if isinstance(value, bool):
            raise ValueError("a sector is A1..J10 or 0..99")
        if isinstance(value, int):
            if not 0 <= value <= 99:
                raise ValueError(f"sector {value} is off the field (0..99)")
            return value
        if isinstance(value, str):
            index = parse_sector(value)
            if index is None:
                raise ValueError(f"sector {value[:8]!r} is off the field (A1..J10)")
            return index
        raise ValueError("a sector is A1..J10 or 0..99")


class Probe(_SectorMove):
    type: Literal["probe"]


class Beam(_SectorMove):
    type: Literal["beam"]


class Finish(_Message):
    type: Literal["finish"]
    id: CommandId
    game_id: GameId


class Resume(_Message):
    """After a reconnect: the last version of the game this device saw; the server sends what is newer."""

    type: Literal["resume"]
    id: CommandId
    game_id: GameId
    version: int = Field(0, ge=0)


class Ping(_Message):
    type: Literal["ping"]
    id: CommandId


ClientMessage = Annotated[Hello | Start | Probe | Beam | Finish | Resume | Ping, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)
KNOWN_TYPES = ("hello", "start", "probe", "beam", "finish", "resume", "ping")


def error(code: str, message: str, command_id: str | None = None) -> dict[str, Any]:
    frame: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if command_id is not None:
        frame["id"] = command_id
    return frame
