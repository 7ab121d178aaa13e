"""The gateway's live connections, and the Daily notices fanned out to them (one NATS subscription per
subject and gateway process, not one per connection). A Daily's coming out is heard on `daily.announced.*`
(DAILY_PUBLIC), never on `daily.published.*`, whose events carry the seed. A notice is about one league's
Daily, so it goes only to the connections of that league's players: one request to the leagues service per
notice names the leagues of every player connected here. When the leagues service does not answer, the
notice goes to every connection (the client names its league's Daily by the notice's `league`): a notice
too many beats a warning missed.

A player moved up or down by the week's close may get Monday's first notice (its publication) for his old
league when it comes before the leagues service has projected the close."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import structlog
from echo_events.daily import NOTICE_SUBJECTS, DailyAnnounced, DailyClosed, DailyWarning
from echo_events.envelope import decode, unwrap
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription
from prometheus_client import Gauge

from ..daily_routes import name_en
from ..leagues_client import LeaguesUnavailable, leagues_of

log = structlog.get_logger(__name__)
CONNECTIONS = Gauge("echo_gateway_websocket_connections", "Open WebSocket connections")

Send = Callable[[dict[str, Any]], Awaitable[None]]


def notice_of(msg: Msg) -> dict[str, Any] | None:
    event = unwrap(decode(msg.data).events[-1])
    if isinstance(event, DailyWarning):
        return {"type": "notice", "kind": event.kind, "daily_id": event.daily_id, "league": event.league,
                "closes_at": event.closes_at.isoformat()}
    if isinstance(event, DailyClosed):
        return {"type": "notice", "kind": "daily_closed", "daily_id": event.daily_id, "league": event.league}
    if isinstance(event, DailyAnnounced):
        return {"type": "notice", "kind": "daily_published", "daily_id": event.daily_id, "league": event.league,
                "number": event.number, "name": event.name_ru, "name_en": name_en(event)}
    return None


class Hub:
    def __init__(self) -> None:
        self._connections: dict[Send, str] = {}  # each connection's send → its player's account id
        self._subscriptions: list[Subscription] = []
        self._nc: Client | None = None

    def __len__(self) -> int:
        return len(self._connections)

    async def start(self, nc: Client) -> None:
        self._nc = nc
        self._subscriptions = [await nc.subscribe(subject, cb=self._on_daily) for subject in NOTICE_SUBJECTS]

    async def stop(self) -> None:
        for subscription in self._subscriptions:
            await subscription.unsubscribe()

    def add(self, send: Send, account_id: str) -> None:
        self._connections[send] = account_id
        CONNECTIONS.set(len(self._connections))

    def remove(self, send: Send) -> None:
        self._connections.pop(send, None)
        CONNECTIONS.set(len(self._connections))

    async def _audience(self, league: str) -> list[Send]:
        connections = dict(self._connections)
        if not connections or self._nc is None:
            return list(connections)
        try:
            leagues = await leagues_of(self._nc, set(connections.values()))
        except LeaguesUnavailable:
            log.warning("leagues unknown: a notice goes to every connection", league=league)
            return list(connections)
        return [send for send, account in connections.items() if leagues.get(account) == league]

    async def _on_daily(self, msg: Msg) -> None:
        try:
            notice = notice_of(msg)
        except Exception:  # noqa: BLE001 - a malformed event must not stop the fan-out; it is logged
            log.exception("undecodable daily event", subject=msg.subject)
            return
        if notice is not None:
            audience = await self._audience(notice["league"])
            await asyncio.gather(*(send(notice) for send in audience), return_exceptions=True)
