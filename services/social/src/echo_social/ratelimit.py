"""Rate limits kept in PostgreSQL, so every replica sees the same counts: at most `limit` hits per key
in a sliding window. Checked and recorded in the caller's transaction under an advisory lock on the key,
so concurrent requests cannot both slip under the limit; a refused or rolled-back request counts nothing."""

from __future__ import annotations

from datetime import datetime, timedelta

import asyncpg

from .domain.rejections import Refused, Rejection

RATE_LIMITED = Rejection(
    "rate_limited",
    "Too many letters asked for; try again in a few minutes.",
    "Слишком много запросов письма — попробуйте через несколько минут.",
)


async def hit(conn: asyncpg.Connection, key: str, *, limit: int, window: timedelta, now: datetime) -> None:
    """Count one hit on `key`, or raise Refused(RATE_LIMITED) when the window is full."""
    await conn.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 7215))", key)
    used = await conn.fetchval(
        "SELECT count(*) FROM social_rate_hits WHERE key = $1 AND at > $2", key, now - window
    )
    if used >= limit:
        raise Refused(RATE_LIMITED)
    await conn.execute("INSERT INTO social_rate_hits (key, at) VALUES ($1, $2)", key, now)
    await conn.execute("DELETE FROM social_rate_hits WHERE key = $1 AND at <= $2", key, now - window)
