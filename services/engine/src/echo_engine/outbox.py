"""Game updates to the player's devices, sent after the command's answer.

The device that moved learns the new state from the answer; the update (the same state, for the player's
other devices) reached its gateway first when it was published first, and was handled there — and
dropped — before the answer could go out. Within `held()` (a command being answered) updates wait, and
`send` writes and publishes them once the answer is out; anywhere else (a Daily's expiry) they go at once.
Which go in the answer's own write and which after it: `EngineServer.tell`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from echo_events.play import updates_subject
from nats.aio.client import Client

from .wire import encode_update


@dataclass(frozen=True, slots=True)
class Update:
    """A `GameUpdate` (echo_events.play) to the player's devices, written out when it is sent."""

    account_id: str
    game_id: str
    version: int
    view: dict[str, Any]
    base: tuple[int, int] | None = None  # the version it follows and that version's log length: a delta


_held: ContextVar[list[Update] | None] = ContextVar("held_updates", default=None)


class Outbox:
    def __init__(self, nc: Client) -> None:
        self._nc = nc

    async def publish(self, update: Update) -> None:
        """Now, or — within `held()` — once the answer is out."""
        waiting = _held.get()
        if waiting is not None:
            waiting.append(update)
            return
        await self._send(update)

    @contextlib.contextmanager
    def held(self) -> Iterator[list[Update]]:
        """Updates published in this block (this task) wait in the list it gives, for `send`."""
        waiting: list[Update] = []
        token = _held.set(waiting)
        try:
            yield waiting
        finally:
            _held.reset(token)

    async def send(self, updates: list[Update]) -> None:
        for update in updates:
            await self._send(update)

    async def _send(self, update: Update) -> None:
        data, headers = encode_update(update.game_id, update.version, update.view, update.base)
        await self._nc.publish(updates_subject(update.account_id), data, headers=headers)
