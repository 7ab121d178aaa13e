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


async def apply_monotonic(pool: asyncpg.Pool, projection: str, batch: Batch, apply_rows: ApplyRows, *,
                          require_first: bool = False) -> Outcome:
    """For aggregates whose versions this projection sees with gaps (it reads only some of their batches):
    the stored position only moves forward, so a batch at or below it is a redelivery and is skipped.
    With `require_first`, a batch after the aggregate's first (version 1) is refused until the first has
    been applied, so a later fact (a game's end) never lands before the opening one (its creation)."""
    first, last = batch.events[0], batch.events[-1]
    async with pool.acquire() as conn, conn.transaction():
        stored = await conn.fetchval(
            "SELECT version FROM projection_positions WHERE projection = $1 AND stream_id = $2 FOR UPDATE",
            projection, first.stream_id,
        )
        if stored is not None and last.version <= stored:
            return Outcome.DUPLICATE
        if stored is None and first.version > 1 and require_first:
            raise OutOfOrder(f"{projection}: {first.stream_id} batch {first.version} came before its first")
        await apply_rows(conn, batch)
        await conn.execute(
            """INSERT INTO projection_positions (projection, stream_id, version) VALUES ($1, $2, $3)
               ON CONFLICT (projection, stream_id) DO UPDATE
               SET version = GREATEST(projection_positions.version, EXCLUDED.version)""",
            projection, first.stream_id, last.version,
        )
    return Outcome.APPLIED


async def reset_positions(conn: asyncpg.Connection, projection: str) -> None:
    await conn.execute("DELETE FROM projection_positions WHERE projection = $1", projection)
