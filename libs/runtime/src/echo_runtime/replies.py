"""Requests over NATS whose replies reach the asker two turns of the event loop sooner than `Client.request`.

nats-py's `request` (and `JetStreamContext.publish`, which is one) waits for its reply with
`asyncio.wait_for`, which on Python 3.11 wakes the asker through a second future: a reply read from the
socket took three turns of the loop to reach the code waiting for it (the reply subscription's task,
`wait_for`'s waiter, the asker's task). Here one wildcard subscription of the connection's own resolves
the asker's future, awaited under `asyncio.timeout`, as the reply is read (`on_arrival`): one turn. A move
waits for two replies in a row (the gateway for the engine's answer, the engine for its append's ack):
docs/performance.md «Replies a turn sooner, …» and «Messages handled as they are read» have what that saved.
"""

from __future__ import annotations

import asyncio
import itertools
import weakref

import orjson
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.errors import NoRespondersError
from nats.errors import TimeoutError as NatsTimeout
from nats.js.api import PubAck
from nats.js.errors import APIError, NoStreamResponseError

from .on_arrival import subscribe_on_arrival

NO_RESPONDERS = "503"  # the status NATS answers with at once when nobody serves the subject
STORE_TIMEOUT = 5.0  # seconds: as long as nats-py's JetStream context waits for an ack


class Replies:
    """One connection's replies: the inbox `<prefix><token>` per request, under one subscription."""

    def __init__(self, nc: Client) -> None:
        self._nc = nc
        self._prefix = ""
        self._waiting: dict[str, asyncio.Future[Msg]] = {}
        self._subscribing = asyncio.Lock()
        self._tokens = itertools.count()  # the inbox prefix is random and this connection's own

    async def request(self, subject: str, data: bytes, *, timeout: float,
                      headers: dict[str, str] | None = None) -> Msg:
        """The reply, as `Client.request` gives it: `nats.errors.TimeoutError` when none came in time,
        `NoRespondersError` when nobody serves the subject."""
        if not self._prefix:
            await self._subscribe()
        token = format(next(self._tokens), "x")
        future: asyncio.Future[Msg] = asyncio.get_running_loop().create_future()
        self._waiting[token] = future
        try:
            await self._nc.publish(subject, data, reply=self._prefix + token, headers=headers)
            async with asyncio.timeout(timeout):
                reply = await future
        except TimeoutError:
            raise NatsTimeout from None
        finally:
            del self._waiting[token]
        if reply.headers and reply.headers.get("Status") == NO_RESPONDERS:
            raise NoRespondersError
        return reply

    async def stored(self, subject: str, data: bytes, *, stream: str, headers: dict[str, str],
                     timeout: float = STORE_TIMEOUT) -> PubAck:
        """`JetStreamContext.publish`: the message stored in `stream`, its ack; the API's refusal raised as
        nats-py raises it (`APIError` and its kinds), `NoStreamResponseError` when no stream takes the subject."""
        try:
            reply = await self.request(subject, data, timeout=timeout,
                                       headers={**headers, "Nats-Expected-Stream": stream})
        except NoRespondersError:
            raise NoStreamResponseError from None
        answer = orjson.loads(reply.data)
        if "error" in answer:
            APIError.from_error(answer["error"])  # raises
        return PubAck(stream=answer["stream"], seq=answer["seq"], duplicate=answer.get("duplicate"))

    async def _subscribe(self) -> None:
        async with self._subscribing:
            if not self._prefix:
                prefix = f"{self._nc.new_inbox()}."
                await subscribe_on_arrival(self._nc, f"{prefix}*", self._on_reply)
                self._prefix = prefix

    def _on_reply(self, msg: Msg) -> None:
        future = self._waiting.get(msg.subject[len(self._prefix):])
        if future is not None and not future.done():
            future.set_result(msg)


_of_connection: weakref.WeakKeyDictionary[Client, Replies] = weakref.WeakKeyDictionary()


def replies_of(nc: Client) -> Replies:
    """The connection's `Replies`, made on first use."""
    replies = _of_connection.get(nc)
    if replies is None:
        replies = _of_connection[nc] = Replies(nc)
    return replies
