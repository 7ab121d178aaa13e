"""What a player may send to his game, as the wire's action (`{"type": "probe", "sector": 23}`): a Probe or a
Beam on a sector, or «Завершить». The calendar's Expire is not among them."""

from __future__ import annotations

from typing import Annotated, Literal

from echo_events.echo.commands import Beam, Finish, Probe, SectorIndex
from echo_events.model import Command, Message
from pydantic import Field, TypeAdapter


class ProbeAction(Message):
    type: Literal["probe"] = "probe"
    sector: SectorIndex

    def command(self) -> Command:
        return Probe(sector=self.sector)


class BeamAction(Message):
    type: Literal["beam"] = "beam"
    sector: SectorIndex

    def command(self) -> Command:
        return Beam(sector=self.sector)


class FinishAction(Message):
    type: Literal["finish"] = "finish"

    def command(self) -> Command:
        return Finish()


Action = Annotated[ProbeAction | BeamAction | FinishAction, Field(discriminator="type")]
COMMANDS: TypeAdapter[ProbeAction | BeamAction | FinishAction] = TypeAdapter(Action)
