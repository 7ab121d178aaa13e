"""A JetStream publish whose ack comes back through the connection's reply mux (`echo_runtime.replies`).

A JetStream publish is a core NATS request to the stream's subject: the server stores the message and
answers with a PubAck JSON, or an API error (`{"error": {...}}`), or "no responders" when no stream takes
the subject. nats-py's `JetStreamContext.publish` is that request through `Client.request` (waited on with
`asyncio.wait_for`, parsed with the standard `json`); through the reply mux and orjson an append takes
about a fifth fewer instructions (docs/performance.md, «Where a move's time goes»). Errors are raised as
nats-py raises them, so callers cannot tell the two apart: `tests/integration/test_stream_publish.py` pins
that the expected-sequence conflict, the duplicate and a subject no stream takes come back the same way.
"""

from __future__ import annotations

import orjson
from nats.aio.client import Client
from nats.errors import NoRespondersError
from nats.js.api import Header, PubAck
from nats.js.errors import APIError, NoStreamResponseError

from .replies import replies_of


async def publish(nc: Client, subject: str, data: bytes, *, stream: str, headers: dict[str, str],
                  timeout: float) -> PubAck:
    """`JetStreamContext.publish(subject, data, stream=stream, headers=headers, timeout=timeout)`."""
    try:
        reply = await replies_of(nc).request(subject, data, timeout=timeout,
                                             headers={**headers, Header.EXPECTED_STREAM: stream})
    except NoRespondersError:
        raise NoStreamResponseError from None
    answer = orjson.loads(reply.data)
    if "error" in answer:
        raise APIError.from_error(answer["error"])
    return PubAck(stream=answer["stream"], seq=answer["seq"], duplicate=answer.get("duplicate"))
