"""Client → server messages of WebSocket protocol v2, validated strictly; server → client builders.

v2 is game-agnostic: `start` names the game kind (Echo Challenge's modes, or a table of a game with seats),
`join` takes a seat by an invitation, and a move is one `act` whose `action` that game's rules validate.
Every client command carries an `id` chosen by the client (a retry reuses it). The server answers each
with `ack` or `error` carrying the same id, and pushes `update`, `notice` and `heartbeat` on its own.
Protocol v1 (`protocol_v1`) is an adapter onto these messages.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from echo_events.play import CommandId, GameKind, Id, Invite, Settings
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

PROTOCOL_VERSION = 2
SUPPORTED_VERSIONS = (1, 2)
MAX_FRAME_BYTES = 4096
#: levels of arrays and objects a client message may nest; no message of the protocol needs more than four,
#: and a deeper one (4 KB holds 2000 levels) would only reach the validators and the engine to exhaust them
MAX_DEPTH = 16


def too_deep(value: Any) -> bool:
    """Whether the parsed JSON nests arrays or objects more than MAX_DEPTH levels (without recursing)."""
    pending: list[tuple[Any, int]] = [(value, 1)]
    while pending:
        item, level = pending.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else ()
        for child in children:
            if isinstance(child, dict | list):
                if level + 1 > MAX_DEPTH:
                    return True
                pending.append((child, level + 1))
    return False

GameId = Id


class Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Hello(Message):
    type: Literal["hello"]
    v: Literal[1, 2] = Field(description="protocol version (1: deprecated)")
    token: str = Field(min_length=1, max_length=512)
    log_delta: bool = Field(False, description="views of a game this connection has seen carry only the "
                                                "log entries it has not (log_from, base_version)")


class Start(Message):
    """Start a game: Echo Challenge in a mode, or open a table of a game with seats (the asker sits first)."""

    type: Literal["start"]
    id: CommandId
    kind: GameKind
    mode: Literal["tutorial", "free", "daily"] | None = Field(None, description="Echo Challenge")
    preset: str | None = Field(None, max_length=32, description="Echo Challenge's Free games")
    seats: int | None = Field(None, ge=1, le=16, description="a table's seats")
    settings: Settings = Field(default_factory=dict)
    bots: list[Annotated[str, Field(max_length=32)]] = Field(default_factory=list, max_length=15,
                                                             description="bot levels taking a table's empty seats")
    one_device: bool = Field(False, description="players sharing this device: the asker takes every seat of the "
                                                "table, and each `act` names its seat in the action")


class Join(Message):
    """Take a seat at a table by its invitation (`<game_id>.<secret>`, from the invite link)."""

    type: Literal["join"]
    id: CommandId
    kind: GameKind
    invite: Invite


class Pair(Message):
    """Quick pairing: a table with a waiting player of similar rating and the same settings, or wait for one."""

    type: Literal["pair"]
    id: CommandId
    kind: GameKind
    settings: Settings = Field(default_factory=dict)


class Unpair(Message):
    """Stop waiting for a quick pairing."""

    type: Literal["unpair"]
    id: CommandId
    kind: GameKind


class Leave(Message):
    """Leave a table before its game starts (a started game is left by its own rules' action)."""

    type: Literal["leave"]
    id: CommandId
    game_id: GameId


class Act(Message):
    """One move: `action` is an object with a `type`, validated by the game's own schema."""

    type: Literal["act"]
    id: CommandId
    game_id: GameId
    action: dict[str, Any] = Field(max_length=16)

    @field_validator("action")
    @classmethod
    def _typed(cls, action: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(action.get("type"), str) or not 0 < len(action["type"]) <= 32:
            raise ValueError("an action is an object with a `type` (a string of 1..32 characters)")
        return action


class Resume(Message):
    """After a reconnect: the last version of the game this device saw; the server sends what is newer."""

    type: Literal["resume"]
    id: CommandId
    game_id: GameId
    version: int = Field(0, ge=0)


class Ping(Message):
    type: Literal["ping"]
    id: CommandId


ClientMessage = Annotated[Start | Join | Pair | Unpair | Leave | Act | Resume | Ping, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)
V2_TYPES = ("start", "join", "pair", "unpair", "leave", "act", "resume", "ping")


def error(code: str, message: str, command_id: str | None = None) -> dict[str, Any]:
    frame: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if command_id is not None:
        frame["id"] = command_id
    return frame
