"""Who is at each table, from the gateways' presence messages (`echo.presence.<game_id>`, echo_events.play),
as the rules' absence (`Tables.presence`, the rules' `presence` hook): a seat whose devices have all gone is
disconnected, and connected again when one comes back.

A device says it is here when it learns its seat and every heartbeat, and that it goes when its socket
closes; another device of the same player answers that it is still here. So a seat is gone `GRACE` seconds
after its device said so without another saying it is here (a reload, or a second device, changes nothing), or
once nothing was heard of it for `PRESENCE_QUIET_SECONDS` (its gateway died). A seat is told of only when it
changes; a seat never heard of (since this replica started) is not told of at all.

Every replica hears every message (no queue group) and keeps the same picture; each tells its changes, and
the rules make the second telling of a change a no-op (the appends' expected sequence settles the race).
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import orjson
import structlog
from echo_events.play import PRESENCE_PREFIX, PRESENCE_QUIET_SECONDS
from nats.aio.client import Client
from nats.aio.msg import Msg

from .tables import Tables

log = structlog.get_logger(__name__)
GRACE = 3.0  # seconds a seat whose device said it goes may take for another (or the reload) to say it is here
SWEEP = 1.0  # seconds between looks for seats gone
MOST_SEATS = 16
GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


@dataclass(slots=True)
class Watch:
    """One table: when each seat was last heard from, when its device said it goes, what the game was told."""

    heard: dict[int, float] = field(default_factory=dict)
    going: dict[int, float] = field(default_factory=dict)
    told: dict[int, bool] = field(default_factory=dict)

    def here(self, seat: int, now: float) -> bool:
        if seat in self.going and now - self.going[seat] >= GRACE:
            return False
        return now - self.heard.get(seat, -PRESENCE_QUIET_SECONDS) < PRESENCE_QUIET_SECONDS

    def changes(self, now: float) -> dict[int, bool]:
        return {seat: here for seat in self.heard if self.told.get(seat) != (here := self.here(seat, now))}


class PresenceWatcher:
    def __init__(self, nc: Client, tables: Tables, monotonic: Callable[[], float] = time.monotonic) -> None:
        self._nc = nc
        self._tables = tables
        self._now = monotonic
        self._watches: dict[str, Watch] = {}

    async def subscribe(self):  # noqa: ANN201 - the subscription
        return await self._nc.subscribe(f"{PRESENCE_PREFIX}.*", cb=self._on_message)

    async def run(self) -> None:
        """Look for seats gone, for ever (a worker of the service)."""
        while True:
            await asyncio.sleep(SWEEP)
            now = self._now()
            for game_id, watch in list(self._watches.items()):
                await self._tell(game_id, watch, watch.changes(now))
                if not any(watch.told.values()) and len(watch.told) == len(watch.heard):
                    del self._watches[game_id]  # everyone gone and told: nothing to watch until one comes back

    async def _on_message(self, msg: Msg) -> None:
        game_id = msg.subject.removeprefix(f"{PRESENCE_PREFIX}.")
        try:
            said = orjson.loads(msg.data)
            seat, here = int(said["seat"]), bool(said["here"])
        except (orjson.JSONDecodeError, KeyError, TypeError, ValueError):
            return
        if not GAME_ID.match(game_id) or not 0 <= seat < MOST_SEATS:
            return
        watch = self._watches.setdefault(game_id, Watch())
        now = self._now()
        if here:
            watch.heard[seat] = now
            watch.going.pop(seat, None)
            if watch.told.get(seat) is not True:
                await self._tell(game_id, watch, {seat: True})
        else:
            watch.going[seat] = now

    async def _tell(self, game_id: str, watch: Watch, seats: dict[int, bool]) -> None:
        if not seats:
            return
        try:
            await self._tables.presence(game_id, seats)
        except Exception:  # noqa: BLE001 - told again at the next sweep
            log.exception("presence not told", game_id=game_id)
            return
        watch.told.update(seats)
