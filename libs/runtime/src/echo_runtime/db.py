"""PostgreSQL pools. A DSN may name a unix socket folder with ?host=/path (as pgserver gives)."""

from __future__ import annotations

import asyncpg


async def create_pool(dsn: str, *, min_size: int = 1, max_size: int = 10) -> asyncpg.Pool:
    return await asyncpg.create_pool(dsn, min_size=min_size, max_size=max_size, command_timeout=30)
