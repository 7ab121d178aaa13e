"""Helpers for the daily service's integration tests (fixtures: tests/integration/daily/conftest.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from echo_events.daily import STREAM
from echo_events.envelope import Envelope, decode


@dataclass(frozen=True)
class Stored:
    seq: int
    subject: str
    msg_id: str
    envelope: Envelope | None  # None for a body that is not a Batch of one envelope


async def stored_messages(js) -> list[Stored]:  # noqa: ANN001
    """Every message of the DAILY stream, in order."""
    info = await js.stream_info(STREAM)
    out = []
    for seq in range(info.state.first_seq or 1, info.state.last_seq + 1):
        msg = await js.get_msg(STREAM, seq=seq, direct=True)
        try:
            (envelope,) = decode(msg.data).events
        except ValueError:
            envelope = None
        out.append(Stored(seq, msg.subject, (msg.headers or {}).get("Nats-Msg-Id", ""), envelope))
    return out


Check = Callable[[], Awaitable[bool]] | Callable[[], bool]


async def eventually(check: Check, within: float = 10.0) -> None:
    for _ in range(int(within / 0.02)):
        result = check()
        if asyncio.iscoroutine(result):
            result = await result
        if result:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"never true: {check}")
