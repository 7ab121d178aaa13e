"""Reading every message of a subject (a wildcard filter too) from a stream, in batches of direct gets.

A direct get with `batch` (nats-server >= 2.11, ADR-31) answers one request with up to that many messages
and then an end-of-batch status (204) saying how many more match. Read a message at a time, a long game's
ninety messages were ninety request/replies: 11 ms to read it back, 2 ms in one batch (measured on the
development box), and the engine's CPU for each of those round trips.
"""

from __future__ import annotations

from dataclasses import dataclass

import orjson
from nats.aio.client import Client

BATCH = 256  # messages a request; a game is ~2-150
NOT_FOUND, END_OF_BATCH = "404", "204"


@dataclass(frozen=True, slots=True)
class StoredMessage:
    sequence: int  # in the stream
    data: bytes
    headers: dict[str, str]


class DirectReadError(RuntimeError):
    """The server refused the read (another status than found / not found / end of batch)."""


async def read_subject(nc: Client, stream: str, subject: str, *, batch: int = BATCH,
                       timeout: float = 5.0) -> list[StoredMessage]:
    """Every message of `stream` on `subject`, in stream order (empty if there is none)."""
    messages: list[StoredMessage] = []
    while True:
        first, had = messages[-1].sequence + 1 if messages else 1, len(messages)
        more = await _read_batch(nc, stream, subject, first, batch, timeout, messages)
        if not more:
            return messages
        if len(messages) == had:  # more said to match, none given: asking again would loop for ever
            raise DirectReadError(f"direct get of {subject} from {stream}: {more} pending, none delivered")


async def _read_batch(nc: Client, stream: str, subject: str, first: int, batch: int, timeout: float,
                      into: list[StoredMessage]) -> int:
    """Append up to `batch` messages from sequence `first` on; how many more match after them."""
    inbox = nc.new_inbox()
    answers = await nc.subscribe(inbox)
    try:
        request = {"seq": first, "next_by_subj": subject, "batch": batch}
        await nc.publish(f"$JS.API.DIRECT.GET.{stream}", orjson.dumps(request), reply=inbox)
        while True:
            msg = await answers.next_msg(timeout=timeout)
            headers = msg.headers or {}
            status = headers.get("Status")
            if status is None:
                into.append(StoredMessage(int(headers["Nats-Sequence"]), msg.data, headers))
            elif status == END_OF_BATCH:
                return int(headers.get("Nats-Num-Pending", 0))
            elif status == NOT_FOUND:
                return 0
            else:
                raise DirectReadError(f"direct get of {subject} from {stream}: {status} {headers.get('Description')}")
    finally:
        await answers.unsubscribe()
