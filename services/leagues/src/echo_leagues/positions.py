"""Positions of the leagues projections, written in the same transaction as their rows.

GAMES and ACCOUNTS carry gap-free per-aggregate versions (a game's subject; an account's subject, kept
gap-free by the social service's outbox), so they use `echo_runtime.projection.apply_once`: a batch at
or below the stored version is a redelivery and is skipped, a gap is refused and redelivered later.

DAILY's aggregates are not gap-free for us: a Daily's history is published 1, warning 2, countdown 3,
closed 4, and a league week is its own aggregate. `apply_monotonic` keeps the same per-aggregate
position but accepts gaps; every DAILY effect is also idempotent by itself (inserts that do nothing on
conflict), so an older event arriving after a newer one of its aggregate is safely skipped.
"""

from __future__ import annotations

import asyncpg
from echo_events.envelope import Batch
from echo_runtime.projection import ApplyRows, Outcome


async def apply_monotonic(pool: asyncpg.Pool, projection: str, batch: Batch, apply_rows: ApplyRows) -> Outcome:
    first, last = batch.events[0], batch.events[-1]
    async with pool.acquire() as conn, conn.transaction():
        stored = await conn.fetchval(
            "SELECT version FROM projection_positions WHERE projection = $1 AND stream_id = $2 FOR UPDATE",
            projection,
            first.stream_id,
        )
        if stored is not None and last.version <= stored:
            return Outcome.DUPLICATE
        await apply_rows(conn, batch)
        await conn.execute(
            """INSERT INTO projection_positions (projection, stream_id, version) VALUES ($1, $2, $3)
               ON CONFLICT (projection, stream_id) DO UPDATE
               SET version = GREATEST(projection_positions.version, EXCLUDED.version)""",
            projection,
            first.stream_id,
            last.version,
        )
    return Outcome.APPLIED
