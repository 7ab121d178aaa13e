"""Asking the engine over NATS request/reply (queue group `engine`: any replica answers)."""

from __future__ import annotations

import time
from typing import Any

from echo_events.play import DEADLINE_HEADER, ENGINE_SUBJECT
from echo_runtime.telemetry import inject_headers, start_span
from nats.aio.client import Client
from opentelemetry.trace import SpanKind

from .service_request import Unavailable, request_json

ENGINE_TIMEOUT = 5.0


class EngineUnavailable(Unavailable):
    pass


async def ask_engine(nc: Client, request: dict[str, Any]) -> dict[str, Any]:
    try:
        with start_span(f"engine {request.get('type')}", kind=SpanKind.CLIENT):
            deadline = {DEADLINE_HEADER: f"{time.time() + ENGINE_TIMEOUT:.3f}"}
            return await request_json(nc, ENGINE_SUBJECT, request, timeout=ENGINE_TIMEOUT,
                                      headers=inject_headers(deadline))
    except Unavailable:
        raise EngineUnavailable("the game server did not answer; retry with the same id") from None
