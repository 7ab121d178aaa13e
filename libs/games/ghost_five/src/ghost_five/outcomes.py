"""What a turn did, per seat, in §9 step order: the `outcomes` of `TurnResolved` and of the log."""

from __future__ import annotations

from typing import Annotated, Literal

from echo_events.model import Message
from pydantic import ConfigDict, Field


class OnCell(Message):
    """An outcome about one cell."""

    cell: str


class Converted(OnCell):
    type: Literal["converted"] = "converted"


class Burnt(OnCell):
    type: Literal["burnt"] = "burnt"


class Placed(OnCell):
    type: Literal["placed"] = "placed"


class Anchored(OnCell):
    type: Literal["anchored"] = "anchored"


class Shifted(Message):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True, serialize_by_alias=True)
    type: Literal["shifted"] = "shifted"
    origin: str = Field(alias="from")
    to: str


class Silenced(OnCell):
    type: Literal["silenced"] = "silenced"
    direction: str


class Interlocked(Message):
    type: Literal["interlocked"] = "interlocked"


class Pulled(Message):
    type: Literal["pulled"] = "pulled"
    moves: tuple[tuple[str, str], ...]  # every taken stone nearest first, (from, to); from == to if adjacent


class Hit(OnCell):
    type: Literal["hit", "fresh_hit"] = "hit"


class Miss(OnCell):
    type: Literal["miss"] = "miss"


class Captured(Message):
    type: Literal["captured"] = "captured"
    cells: tuple[str, str]


class TakenBack(OnCell):
    type: Literal["taken_back"] = "taken_back"


class Expired(OnCell):
    type: Literal["expired"] = "expired"


Outcome = Annotated[
    Converted | Burnt | Placed | Anchored | Shifted | Silenced | Interlocked | Pulled | Hit | Miss | Captured
    | TakenBack | Expired,
    Field(discriminator="type"),
]
