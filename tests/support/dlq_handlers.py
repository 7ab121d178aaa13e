"""A consumer's handlers as a service would expose them to `python -m echo_runtime.dlq replay --handlers`:
a projection (a set of stream ids) that cannot handle the stream id `poison` while `BROKEN` is true."""

from __future__ import annotations

from echo_events.envelope import decode

BROKEN = {"on": True}
PROJECTED: list[str] = []
ATTEMPTS: dict[str, int] = {}


async def handle(msg) -> None:  # noqa: ANN001 - a nats Msg
    sid = decode(msg.data).events[0].stream_id
    ATTEMPTS[sid] = ATTEMPTS.get(sid, 0) + 1
    if sid == "poison" and BROKEN["on"]:
        raise ValueError("cannot project this")
    if sid not in PROJECTED:  # idempotent: a redelivery changes nothing
        PROJECTED.append(sid)


def dlq_handlers(nc) -> dict:  # noqa: ANN001 - the factory: durable name → handler
    return {name: handle for name in DURABLES}


DURABLES: list[str] = []
