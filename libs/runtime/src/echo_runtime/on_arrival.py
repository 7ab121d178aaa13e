"""Subscriptions whose messages are handled the moment nats-py reads them, not by the subscription's task.

nats-py hands a subscription's message to its callback through a queue that a task of the subscription's
reads: one turn of the event loop between the message parsed off the socket and the code that wants it. A
reply someone is waiting for (the engine's answer at the gateway, an append's ack at the engine) and a
request the engine makes a task of anyway gain nothing from that turn. Here the subscription's queue holds
nothing: each message goes to a plain function as it is parsed — what nats-py does for its own one-reply
subscriptions (`Subscription._future`). The function runs inside the client's reading, so it must be quick
and must not block: resolve a future, start a task. docs/performance.md «Messages handled as they are read»
has what that saved.

This reaches into nats-py's `Subscription._pending_queue` and `_pending_size` (nats-py 2.x, pinned in
uv.lock); `tests/integration/test_on_arrival.py` fails if they change."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import structlog
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription

log = structlog.get_logger(__name__)


class _HandedOn(asyncio.Queue[Msg]):
    """A subscription's pending queue that never holds a message: `put_nowait` hands it on."""

    def __init__(self, subscription: Subscription, handle: Callable[[Msg], None]) -> None:
        super().__init__()
        self._subscription = subscription
        self._handle = handle

    def put_nowait(self, item: Msg) -> None:
        self._subscription._pending_size -= len(item.data)  # nothing waits: its slow-consumer limit stays clear
        try:
            self._handle(item)
        except Exception:  # noqa: BLE001 - a failure here would stop the connection's reading
            log.exception("a message's handler failed", subject=item.subject)


async def subscribe_on_arrival(nc: Client, subject: str, handle: Callable[[Msg], None],
                               queue: str = "") -> Subscription:
    """Subscribe `handle`, called with each message as the client reads it (in queue group `queue`)."""
    subscription = await nc.subscribe(subject, queue=queue)
    early, subscription._pending_queue = subscription._pending_queue, _HandedOn(subscription, handle)
    while not early.empty():  # read while subscribing, before the handing on was in place
        subscription._pending_queue.put_nowait(early.get_nowait())
    return subscription
