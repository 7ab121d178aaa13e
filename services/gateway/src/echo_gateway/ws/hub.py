"""The gateway's live connections, and the Daily notices fanned out to all of them (one NATS
subscription per subject and gateway process, not per connection). A Daily's coming out is heard on
`daily.announced.*` (DAILY_PUBLIC), never on `daily.published.*`, whose events carry the seed."""

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
                "number": event.number, "name": event.name_ru}
    return None


class Hub:
    def __init__(self) -> None:
        self._connections: set[Send] = set()
        self._subscriptions: list[Subscription] = []

    def __len__(self) -> int:
        return len(self._connections)

    async def start(self, nc: Client) -> None:
        self._subscriptions = [await nc.subscribe(subject, cb=self._on_daily) for subject in NOTICE_SUBJECTS]

    async def stop(self) -> None:
        for subscription in self._subscriptions:
            await subscription.unsubscribe()

    def add(self, send: Send) -> None:
        self._connections.add(send)
        CONNECTIONS.set(len(self._connections))

    def remove(self, send: Send) -> None:
        self._connections.discard(send)
        CONNECTIONS.set(len(self._connections))

    async def _on_daily(self, msg: Msg) -> None:
        try:
            notice = notice_of(msg)
        except Exception:  # noqa: BLE001 - a malformed event must not stop the fan-out; it is logged
            log.exception("undecodable daily event", subject=msg.subject)
            return
        if notice is not None:
            await asyncio.gather(*(send(notice) for send in list(self._connections)), return_exceptions=True)
