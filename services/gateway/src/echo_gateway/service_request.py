"""Asking a back-end service over NATS request/reply: JSON in, JSON (or the reply message) out, or
`Unavailable`."""

from __future__ import annotations

from typing import Any

import orjson
from echo_runtime.replies import replies_of
from echo_runtime.telemetry import inject_headers, start_span
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.errors import MaxPayloadError, NoRespondersError
from nats.errors import TimeoutError as NatsTimeout
from opentelemetry.trace import SpanKind


class Unavailable(RuntimeError):
    """No replica answered in time (or none is subscribed)."""


class NobodyThere(Unavailable):
    """Nobody serves the subject: NATS said so at once (no responders), nothing was delivered."""


class TooLarge(ValueError):
    """The request does not fit in one NATS message (the server's payload limit): the client sent too much."""


class Unencodable(ValueError):
    """The request holds a value JSON cannot carry to the service (an integer beyond 64 bits, nesting deeper
    than 254): it came from the client, whose request is bad (400)."""


async def request_json(nc: Client, subject: str, body: dict[str, Any], *, timeout: float) -> dict[str, Any]:
    try:
        data = orjson.dumps(body)
    except orjson.JSONEncodeError as error:
        raise Unencodable(str(error)) from None
    reply = await request_message(nc, subject, data, timeout=timeout)
    return orjson.loads(reply.data)


async def request_message(nc: Client, subject: str, data: bytes, *, timeout: float,
                          headers: dict[str, str] | None = None) -> Msg:
    """The reply to the request `data` as it came (its headers, its bytes unread)."""
    if len(data) > nc.max_payload:
        raise TooLarge(subject)
    try:
        if headers is not None:  # the caller's own span and trace context (the engine client's)
            reply = await replies_of(nc).request(subject, data, timeout=timeout, headers=headers)
        else:
            with start_span(f"request {subject}", kind=SpanKind.CLIENT):
                reply = await replies_of(nc).request(subject, data, timeout=timeout, headers=inject_headers())
    except MaxPayloadError:
        raise TooLarge(subject) from None
    except NoRespondersError:
        raise NobodyThere(subject) from None
    except (NatsTimeout, TimeoutError):
        raise Unavailable(subject) from None
    return reply
