"""One command at a time per game within a replica: `async with locks(game_id): ...`. Across replicas the
appends' expected sequence keeps games consistent; this only saves a replica from racing itself. A game's lock
is kept while anyone holds or waits for it (counted here), then forgotten. The task that holds a game's lock
may enter it again (a join takes it before its seat's claim, and the command inside takes it once more)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class Locks:
    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}  # game id → its lock, how many hold or wait
        self._holders: dict[str, asyncio.Task[object] | None] = {}  # game id → the task holding its lock

    @asynccontextmanager
    async def __call__(self, game_id: str) -> AsyncIterator[None]:
        task = asyncio.current_task()
        if game_id in self._holders and self._holders[game_id] is task:
            yield
            return
        lock, users = self._locks.get(game_id, (None, 0))
        lock = lock or asyncio.Lock()
        self._locks[game_id] = (lock, users + 1)
        try:
            async with lock:
                self._holders[game_id] = task
                try:
                    yield
                finally:
                    del self._holders[game_id]
        finally:
            lock, users = self._locks[game_id]
            if users == 1:
                del self._locks[game_id]
            else:
                self._locks[game_id] = (lock, users - 1)

    def __len__(self) -> int:
        """How many games' locks are kept (held or waited for)."""
        return len(self._locks)
