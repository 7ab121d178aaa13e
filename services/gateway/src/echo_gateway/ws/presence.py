"""Who is at a table right now: each device seated at a table says so on `echo.presence.<game_id>` when it
learns its seat, every heartbeat, and when it goes; every device seated there hears the others and gets a
`presence` frame (`online`: the seats with a device) whenever that changes. A device that hears a seat it did
not know of says it is here at once, so a newcomer learns who is there without waiting for their heartbeats.
Nothing is stored: a seat whose devices all went quiet for `QUIET_AFTER` seconds is offline. Works across
gateway replicas (it is NATS), and carries seats only — never an account. The engine hears the same
messages and turns them into the rules' absence (a dropped socket marks its player disconnected in the room)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Awaitable, Callable
from typing import Any

import orjson
from echo_events.play import PRESENCE_PREFIX, PRESENCE_QUIET_SECONDS
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription

QUIET_AFTER = PRESENCE_QUIET_SECONDS


def presence_subject(game_id: str) -> str:
    """`game_id` has been validated (`[A-Za-z0-9_-]`) and named a table this device's player sits at."""
    return f"{PRESENCE_PREFIX}.{game_id}"


class Table:
    """One table as this device sees it: its own seat, and when each seat was last heard from."""

    def __init__(self, seat: int, subscription: Subscription) -> None:
        self.seat = seat
        self.subscription = subscription
        self.heard: dict[int, float] = {}
        self.sent: list[int] | None = None

    def online(self, now: float) -> list[int]:
        return sorted(seat for seat, at in self.heard.items() if now - at < QUIET_AFTER)


class Presence:
    def __init__(self, nc: Client, send: Callable[[dict[str, Any]], Awaitable[None]]) -> None:
        self._nc = nc
        self._send = send
        self._tables: dict[str, Table] = {}

    async def seated(self, game_id: str, seat: int | None) -> None:
        """This device's player sits at `seat` of the table `game_id` (None: no more)."""
        table = self._tables.get(game_id)
        if table is not None and table.seat == seat:
            return
        if table is not None:
            await self._leave(game_id)
        if seat is None:
            return
        subscription = await self._nc.subscribe(presence_subject(game_id), cb=self._heard(game_id))
        self._tables[game_id] = Table(seat, subscription)
        await self._say(game_id, here=True)

    async def heartbeat(self) -> None:
        for game_id in list(self._tables):
            await self._say(game_id, here=True)
            await self._report(game_id)

    async def close(self) -> None:
        for game_id in list(self._tables):
            await self._leave(game_id)

    async def _leave(self, game_id: str) -> None:
        await self._say(game_id, here=False)
        table = self._tables.pop(game_id)
        with contextlib.suppress(Exception):
            await table.subscription.unsubscribe()

    async def _say(self, game_id: str, here: bool) -> None:
        table = self._tables[game_id]
        with contextlib.suppress(Exception):
            await self._nc.publish(presence_subject(game_id), orjson.dumps({"seat": table.seat, "here": here}))

    def _heard(self, game_id: str) -> Callable[[Msg], Awaitable[None]]:
        async def on(msg: Msg) -> None:
            table = self._tables.get(game_id)
            try:
                said = orjson.loads(msg.data)
                seat, here = int(said["seat"]), bool(said["here"])
            except (orjson.JSONDecodeError, KeyError, TypeError, ValueError):
                return
            if table is None or not 0 <= seat < 16:
                return
            if here:
                if seat not in table.heard and seat != table.seat:
                    await self._say(game_id, here=True)  # a newcomer (or one back) learns this device is here
                table.heard[seat] = time.monotonic()
            else:
                table.heard.pop(seat, None)
                if seat == table.seat:  # another device of this player went: this one is still here
                    await self._say(game_id, here=True)
            await self._report(game_id)

        return on

    async def _report(self, game_id: str) -> None:
        table = self._tables.get(game_id)
        if table is None:
            return
        online = table.online(time.monotonic())
        if online != table.sent:
            table.sent = online
            await self._send({"type": "presence", "game_id": game_id, "online": online})
