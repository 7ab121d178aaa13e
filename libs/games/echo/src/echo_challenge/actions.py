"""What a player may send to his game, as the wire's action (`{"type": "probe", "sector": "D3"}`): a Probe or a
Beam on a sector (`A1`..`J10`, or `0`..`99` = y*10+x), or «Завершить». The calendar's Expire is not among them."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from echo_events.model import Command, Message
from pydantic import BeforeValidator, Field, TypeAdapter

from .commands import Beam, Finish, Probe
from .field import parse_sector


def _sector(value: Any) -> int:
    if isinstance(value, bool):
        raise ValueError("a sector is A1..J10 or 0..99")
    if isinstance(value, int):
        if not 0 <= value <= 99:
            raise ValueError(f"sector {value} is off the field (0..99)")
        return value
    if isinstance(value, str):
        index = parse_sector(value[:8])
        if index is None:
            raise ValueError(f"sector {value[:8]!r} is off the field (A1..J10)")
        return index
    raise ValueError("a sector is A1..J10 or 0..99")


#: a sector as a player names it: `A1`..`J10` (column letter, row number) or its index 0..99
Sector = Annotated[int, BeforeValidator(_sector)]


class ProbeAction(Message):
    type: Literal["probe"] = "probe"
    sector: Sector

    def command(self) -> Command:
        return Probe(sector=self.sector)


class BeamAction(Message):
    type: Literal["beam"] = "beam"
    sector: Sector

    def command(self) -> Command:
        return Beam(sector=self.sector)


class FinishAction(Message):
    type: Literal["finish"] = "finish"

    def command(self) -> Command:
        return Finish()


Action = Annotated[ProbeAction | BeamAction | FinishAction, Field(discriminator="type")]
COMMANDS: TypeAdapter[ProbeAction | BeamAction | FinishAction] = TypeAdapter(Action)
