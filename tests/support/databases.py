"""Creating migrated databases on the test session's PostgreSQL server."""

from __future__ import annotations

import uuid
from urllib.parse import urlsplit, urlunsplit

import asyncpg
from echo_runtime.migrate import apply_migrations


def with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


async def new_database(server_url: str, name: str | None = None) -> str:
    name = name or f"echo_test_{uuid.uuid4().hex[:12]}"
    conn = await asyncpg.connect(server_url)
    try:
        exists = await conn.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name)
        if not exists:
            await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    url = with_database(server_url, name)
    await apply_migrations(url)
    return url
