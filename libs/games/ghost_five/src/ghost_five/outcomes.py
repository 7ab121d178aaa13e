"""What a turn did, per seat, in §9 step order: the `outcomes` of `TurnResolved` and of the log."""

from __future__ import annotations

from typing import Annotated, Literal

from echo_events.model import Message
from pydantic import ConfigDict, Field


class Converted(Message):
    type: Literal["converted"] = "converted"
    cell: str


class Burnt(Message):
    type: Literal["burnt"] = "burnt"
    cell: str


class Placed(Message):
    type: Literal["placed"] = "placed"
    cell: str


class Anchored(Message):
    type: Literal["anchored"] = "anchored"
    cell: str


class Shifted(Message):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True, serialize_by_alias=True)
    type: Literal["shifted"] = "shifted"
    origin: str = Field(alias="from")
    to: str


class Silenced(Message):
    type: Literal["silenced"] = "silenced"
    cell: str
    direction: str


class Interlocked(Message):
    type: Literal["interlocked"] = "interlocked"


class Pulled(Message):
    type: Literal["pulled"] = "pulled"
    moves: tuple[tuple[str, str], ...]  # every taken stone nearest first, (from, to); from == to if adjacent


class Hit(Message):
    type: Literal["hit", "fresh_hit"] = "hit"
    cell: str


class Miss(Message):
    type: Literal["miss"] = "miss"
    cell: str


class Captured(Message):
    type: Literal["captured"] = "captured"
    cells: tuple[str, str]


class TakenBack(Message):
    type: Literal["taken_back"] = "taken_back"
    cell: str


class Expired(Message):
    type: Literal["expired"] = "expired"
    cell: str


Outcome = Annotated[
    Converted | Burnt | Placed | Anchored | Shifted | Silenced | Interlocked | Pulled | Hit | Miss | Captured
    | TakenBack | Expired,
    Field(discriminator="type"),
]
