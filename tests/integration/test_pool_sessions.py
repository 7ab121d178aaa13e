"""A pool's connection given back: reset by a statement of its own (the default: the next user finds a fresh
session), or — for a service whose queries keep no session state (`session_state=False`, the engine) — given
back as it is, which saves a round trip each time; a transaction left open is rolled back either way."""

from __future__ import annotations

import pytest
from echo_runtime.db import create_pool

pytestmark = pytest.mark.integration


async def session_after_release(database_url: str, session_state: bool) -> tuple[str, bool]:
    """What the next user of the pool's one connection finds: the session's application_name, and whether a
    row written in a transaction left open was kept."""
    pool = await create_pool(database_url, min_size=1, max_size=1, session_state=session_state)
    try:
        async with pool.acquire() as conn:
            await conn.execute("CREATE TEMP TABLE IF NOT EXISTS left_open (n int)")
            await conn.execute("SET application_name = 'set-by-the-last-user'")
        async with pool.acquire() as conn:
            await conn.execute("BEGIN")
            await conn.execute("INSERT INTO left_open VALUES (1)")
        async with pool.acquire() as conn:
            name = await conn.fetchval("SHOW application_name")
            return name, await conn.fetchval("SELECT count(*) FROM left_open") > 0  # the same session's table
    finally:
        await pool.close()


async def test_a_pool_resets_a_session_given_back_by_default(database_url: str) -> None:
    name, kept = await session_after_release(database_url, session_state=True)
    assert name != "set-by-the-last-user" and not kept


async def test_a_sessionless_pool_gives_a_connection_back_as_it_is_but_rolls_back_what_was_left_open(
        database_url: str) -> None:
    name, kept = await session_after_release(database_url, session_state=False)
    assert name == "set-by-the-last-user" and not kept
