"""A NATS connection for `echo_runtime.direct_read` whose direct gets are answered from a script: one list of
(headers, data) answers per request, in order; a request past the script gets no answer (a stream between
leaders, or a lost server)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import orjson

Answer = tuple[dict[str, str], bytes]


def stored(sequence: int, data: bytes = b"{}") -> Answer:
    return {"Nats-Sequence": str(sequence)}, data


def end_of_batch(pending: int = 0) -> Answer:
    return {"Status": "204", "Nats-Num-Pending": str(pending)}, b""


NO_RESPONDERS: Answer = ({"Status": "503"}, b"")
UNAVAILABLE: Answer = ({"Status": "503", "Description": "JetStream system temporarily unavailable"}, b"")


class Inbox:
    def __init__(self) -> None:
        self.queue: asyncio.Queue[SimpleNamespace] = asyncio.Queue()

    async def next_msg(self, timeout: float) -> SimpleNamespace:
        return await asyncio.wait_for(self.queue.get(), timeout)

    async def unsubscribe(self) -> None:
        return None


class ScriptedDirectGets:
    def __init__(self, *script: list[Answer]) -> None:
        self.script = list(script)
        self.requests: list[dict[str, Any]] = []  # the body of each direct get asked
        self._inboxes: dict[str, Inbox] = {}

    def new_inbox(self) -> str:
        return f"_INBOX.{len(self._inboxes)}"

    async def subscribe(self, inbox: str) -> Inbox:
        self._inboxes[inbox] = Inbox()
        return self._inboxes[inbox]

    async def publish(self, subject: str, data: bytes, reply: str) -> None:
        self.requests.append(orjson.loads(data))
        for headers, payload in self.script.pop(0) if self.script else []:
            self._inboxes[reply].queue.put_nowait(SimpleNamespace(headers=headers, data=payload))
