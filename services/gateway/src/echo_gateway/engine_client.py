"""Asking the engine over NATS request/reply: any replica (queue group `engine`), or the one that last
answered about the game, which holds it in its cache (`engine.cmd.replica.<id>`, `PlayReply.replica`).

Sent to any replica, a game's moves would mostly find it cached elsewhere: with two replicas half of
them, with twelve nearly all, and each such move reads the game back from the stream and folds it.
"""

from __future__ import annotations

import time
from typing import Any

from echo_events.play import DEADLINE_HEADER, ENGINE_SUBJECT, replica_subject
from echo_runtime.telemetry import inject_headers, start_span
from nats.aio.client import Client
from opentelemetry.trace import SpanKind

from .service_request import NobodyThere, Unavailable, request_json

ENGINE_TIMEOUT = 5.0


class EngineUnavailable(Unavailable):
    pass


async def ask_engine(nc: Client, request: dict[str, Any], replica: str | None = None) -> dict[str, Any]:
    """The engine's reply; asked of `replica` if given — or of any replica when that one is gone."""
    try:
        with start_span(f"engine {request.get('type')}", kind=SpanKind.CLIENT):
            deadline = {DEADLINE_HEADER: f"{time.time() + ENGINE_TIMEOUT:.3f}"}
            headers = inject_headers(deadline)
            if replica is not None:
                try:
                    return await request_json(nc, replica_subject(replica), request, timeout=ENGINE_TIMEOUT,
                                              headers=headers)
                except NobodyThere:
                    pass  # stopped or replaced: nothing was delivered, so any replica may take it
            return await request_json(nc, ENGINE_SUBJECT, request, timeout=ENGINE_TIMEOUT, headers=headers)
    except Unavailable:
        raise EngineUnavailable("the game server did not answer; retry with the same id") from None
