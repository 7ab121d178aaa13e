"""Applying a batch of events to a PostgreSQL projection exactly once.

The projection's rows and its position in the aggregate are written in one transaction. A batch at or
below the stored position was applied before (redelivery, replay) and is skipped; a batch that leaves a
gap is refused, so the consumer redelivers it after the missing one instead of skipping it for ever.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from enum import Enum

import asyncpg
from echo_events.envelope import Batch

ApplyRows = Callable[[asyncpg.Connection, Batch], Awaitable[None]]


class Outcome(Enum):
    APPLIED = "applied"
    DUPLICATE = "duplicate"


class OutOfOrder(RuntimeError):
    """The batch is ahead of the stored position; an earlier batch must be applied first."""


async def apply_once(pool: asyncpg.Pool, projection: str, batch: Batch, apply_rows: ApplyRows) -> Outcome:
    first = batch.events[0]
    async with pool.acquire() as conn, conn.transaction():
        stored = await conn.fetchval(
            "SELECT version FROM projection_positions WHERE projection = $1 AND stream_id = $2 FOR UPDATE",
            projection, first.stream_id,
        )
        position = stored or 0
        if first.version <= position:
            return Outcome.DUPLICATE
        if first.version != position + 1:
            raise OutOfOrder(
                f"{projection}: {first.stream_id} is at version {position}, batch starts at {first.version}"
            )
        await apply_rows(conn, batch)
        await conn.execute(
            """INSERT INTO projection_positions (projection, stream_id, version) VALUES ($1, $2, $3)
               ON CONFLICT (projection, stream_id) DO UPDATE SET version = EXCLUDED.version""",
            projection, first.stream_id, batch.events[-1].version,
        )
    return Outcome.APPLIED


async def reset_positions(conn: asyncpg.Connection, projection: str) -> None:
    await conn.execute("DELETE FROM projection_positions WHERE projection = $1", projection)
