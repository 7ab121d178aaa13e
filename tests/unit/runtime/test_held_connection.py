"""`echo_runtime.db.connection`: a task asks the pool for at most one connection at a time — code that runs
inside another block's transaction gets that block's connection — while another task, even one started
inside the block, gets a connection of its own."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import pytest
from echo_runtime.db import connection

pytestmark = pytest.mark.unit


class Pool:
    """As much of asyncpg's pool as `connection` uses: `acquire`, each connection a new object."""

    def __init__(self) -> None:
        self.taken = 0

    @contextlib.asynccontextmanager
    async def acquire(self) -> AsyncIterator[object]:
        self.taken += 1
        yield object()


async def test_a_block_inside_another_of_the_same_task_uses_its_connection() -> None:
    pool = Pool()
    async with connection(pool) as outer:  # type: ignore[arg-type]
        async with connection(pool) as inner:  # type: ignore[arg-type]
            assert inner is outer
    assert pool.taken == 1
    async with connection(pool) as after:  # type: ignore[arg-type]
        assert after is not outer  # the block's end gave it back: the next block takes one again
    assert pool.taken == 2


async def test_a_task_started_inside_the_block_and_another_pool_take_their_own() -> None:
    pool, other_pool = Pool(), Pool()
    async with connection(pool) as outer:  # type: ignore[arg-type]
        async def elsewhere() -> object:
            async with connection(pool) as conn:  # type: ignore[arg-type]
                return conn

        assert await asyncio.create_task(elsewhere()) is not outer
        async with connection(other_pool) as conn:  # type: ignore[arg-type]
            assert conn is not outer
    assert (pool.taken, other_pool.taken) == (2, 1)
