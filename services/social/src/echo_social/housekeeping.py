"""Keeping the social service's tables small: sent outbox rows, spent or expired tokens and old
rate-limit hits are deleted after a while. Safe on every replica at once (plain deletes)."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import asyncpg
import structlog
from echo_events.callsigns import generated_number
from echo_runtime.clock import Clock

log = structlog.get_logger(__name__)

KEEP_SENT_EVENTS = timedelta(days=7)
KEEP_TOKENS = timedelta(days=7)
KEEP_RATE_HITS = timedelta(days=1)  # longer than any rate-limit window


async def sweep(pool: asyncpg.Pool, clock: Clock) -> dict[str, int]:
    now = clock.now()
    removed = {}
    for table, sql, age in (
        ("social_outbox", "DELETE FROM social_outbox WHERE sent_at < $1", KEEP_SENT_EVENTS),
        ("social_tokens", "DELETE FROM social_tokens WHERE expires_at < $1", KEEP_TOKENS),
        ("social_rate_hits", "DELETE FROM social_rate_hits WHERE at < $1", KEEP_RATE_HITS),
    ):
        status = await pool.execute(sql, now - age)
        removed[table] = int(status.split()[-1])
    return removed


async def number_generated_names(pool: asyncpg.Pool, batch: int = 1000) -> int:
    """Accounts from before migration 0005 get the number of their generated name (searchable then)."""
    filled = 0
    while ids := await pool.fetch("SELECT account_id FROM accounts WHERE generated_no IS NULL LIMIT $1", batch):
        await pool.executemany("UPDATE accounts SET generated_no = $2 WHERE account_id = $1",
                               [(r["account_id"], generated_number(r["account_id"])) for r in ids])
        filled += len(ids)
    return filled


async def run_forever(pool: asyncpg.Pool, clock: Clock, every: float = 600.0) -> None:
    await number_generated_names(pool)
    while True:
        removed = await sweep(pool, clock)
        if any(removed.values()):
            log.info("housekeeping", **removed)
        await asyncio.sleep(every)
