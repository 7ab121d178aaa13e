"""Work done while an append is on the wire and being stored.

An append's round trip (the stream's write, on the shipped configuration its fsync) is the engine's idle
time in a command, and what the answer waits for after the ack — the state after the events, the views —
does not depend on the ack: it is done in that wait instead of after it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")
W = TypeVar("W")


async def while_appending(append: Awaitable[T], work: Callable[[], W]) -> tuple[T, W]:
    """`append`'s result, and `work`'s, done once the append's message has been handed to the socket."""
    appending = asyncio.ensure_future(append)
    for _ in range(2):  # its step queues the message, then the NATS client's flusher writes it
        await asyncio.sleep(0)
    try:
        done = work()
    except BaseException:
        with contextlib.suppress(BaseException):
            await appending  # never left running unawaited; the work's failure is the one raised
        raise
    return await appending, done
