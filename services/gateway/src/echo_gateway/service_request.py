"""Asking a back-end service over NATS request/reply: JSON in, JSON out, or `Unavailable`."""

from __future__ import annotations

from typing import Any

import orjson
from nats.aio.client import Client
from nats.errors import NoRespondersError
from nats.errors import TimeoutError as NatsTimeout


class Unavailable(RuntimeError):
    """No replica answered in time (or none is subscribed)."""


async def request_json(nc: Client, subject: str, body: dict[str, Any], *, timeout: float,
                       headers: dict[str, str] | None = None) -> dict[str, Any]:
    try:
        reply = await nc.request(subject, orjson.dumps(body), timeout=timeout, headers=headers)
    except (NatsTimeout, NoRespondersError, TimeoutError):
        raise Unavailable(subject) from None
    return orjson.loads(reply.data)
