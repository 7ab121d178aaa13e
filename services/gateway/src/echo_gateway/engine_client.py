"""Asking the engine over NATS request/reply (queue group `engine`: any replica answers)."""

from __future__ import annotations

from typing import Any

import orjson
from echo_events.play import ENGINE_SUBJECT
from echo_runtime.telemetry import inject_headers, tracer
from nats.aio.client import Client
from nats.errors import NoRespondersError
from nats.errors import TimeoutError as NatsTimeout
from opentelemetry.trace import SpanKind

ENGINE_TIMEOUT = 5.0


class EngineUnavailable(RuntimeError):
    pass


async def ask_engine(nc: Client, request: dict[str, Any]) -> dict[str, Any]:
    try:
        with tracer.start_as_current_span(f"engine {request.get('type')}", kind=SpanKind.CLIENT):
            reply = await nc.request(ENGINE_SUBJECT, orjson.dumps(request), timeout=ENGINE_TIMEOUT,
                                     headers=inject_headers())
    except (TimeoutError, NatsTimeout, NoRespondersError):
        raise EngineUnavailable("the game server did not answer; retry with the same id") from None
    return orjson.loads(reply.data)
