"""One command at a time per game within a replica: `async with locks(game_id): ...`. Across replicas the
appends' expected sequence keeps games consistent; this only saves a replica from racing itself."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator


class Locks:
    def __init__(self) -> None:
        self._locks: dict[str, asyncio.Lock] = {}

    @contextlib.asynccontextmanager
    async def __call__(self, game_id: str) -> AsyncIterator[None]:
        lock = self._locks.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                yield
        finally:
            if not lock.locked() and not getattr(lock, "_waiters", None):
                self._locks.pop(game_id, None)
