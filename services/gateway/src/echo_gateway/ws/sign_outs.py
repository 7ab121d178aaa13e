"""A signed-out session's open WebSockets close, on every gateway replica.

A sign-out anywhere («Выйти», another device's «Выйти на всех устройствах», an operator's
`nats kv purge ECHO_SESSIONS <account>.<session>`) removes the session's key from the KV bucket
ECHO_SESSIONS. Each gateway process watches that bucket's deletes and purges (one ordered consumer from
the bucket's end, headers only: it never reads the sessions stored before it started) and closes the
connections it holds of that session. The ordered consumer resumes where it was after a NATS reconnect,
so a sign-out during one is still seen.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import structlog
from echo_events.streams import SESSIONS
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription
from nats.js import JetStreamContext
from nats.js.api import DeliverPolicy

log = structlog.get_logger(__name__)

PREFIX = f"$KV.{SESSIONS.name}."
REMOVALS = ("DEL", "PURGE")  # the KV-Operation header of a delete and of a purge

Close = Callable[[], Awaitable[None]]


def removed_session(msg: Msg) -> tuple[str, str] | None:
    """(account id, session id) of a key's delete or purge; None for a put (a sign-in or a renewal)."""
    if (msg.headers or {}).get("KV-Operation") not in REMOVALS or not msg.subject.startswith(PREFIX):
        return None
    account, _, session = msg.subject[len(PREFIX):].partition(".")
    return (account, session) if account and session else None


class SignOuts:
    def __init__(self) -> None:
        self._open: dict[tuple[str, str], set[Close]] = {}
        self._subscription: Subscription | None = None

    async def start(self, js: JetStreamContext) -> None:
        self._subscription = await js.subscribe(
            f"{PREFIX}>", stream=f"KV_{SESSIONS.name}", cb=self._on_change, ordered_consumer=True,
            deliver_policy=DeliverPolicy.NEW, headers_only=True)

    async def stop(self) -> None:
        if self._subscription is not None:
            await self._subscription.unsubscribe()

    def add(self, account_id: str, session_id: str, close: Close) -> None:
        self._open.setdefault((account_id, session_id), set()).add(close)

    def remove(self, account_id: str, session_id: str, close: Close) -> None:
        closes = self._open.get((account_id, session_id))
        if closes is not None:
            closes.discard(close)
            if not closes:
                del self._open[(account_id, session_id)]

    async def _on_change(self, msg: Msg) -> None:
        session = removed_session(msg)
        closes = list(self._open.get(session, ())) if session is not None else []
        if closes:
            log.info("closing a signed-out session's WebSockets", account_id=session[0], connections=len(closes))
            await asyncio.gather(*(close() for close in closes), return_exceptions=True)
