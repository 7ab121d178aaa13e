"""One table at a time for the kinds whose rules say so (`occupies`, echo_events.game_rules): the table of each
kind an account last sat down at (PostgreSQL, `engine_occupancy`), and whether it still holds him — asked
of that game's rules, so leaving, a kick or the game's end free him without anything written here.

Taking a seat is serialised per account and kind across replicas by a transaction-scoped advisory lock held
from the check until the seat's events are appended and the row points at the new table: two joins of one
account at once cannot both pass. The claim's connection is the one its command's other reads use (the seat
names; `echo_runtime.db.connection`), and a join takes its game's lock before the claim: a command never
waits for a game's lock or a second connection while it holds a connection.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable

import asyncpg
from echo_runtime.db import connection

#: whether `game_id` still holds `account_id` (a game gone, or a seat left, does not)
Holds = Callable[[str, str], Awaitable[bool]]


class Claim:
    def __init__(self, conn: asyncpg.Connection, account_id: str, kind: str, current: str | None) -> None:
        self._conn = conn
        self._account_id = account_id
        self._kind = kind
        self.current = current  # the table he last sat down at, if any

    async def take(self, game_id: str) -> None:
        await self._conn.execute(
            """INSERT INTO engine_occupancy (account_id, kind, game_id) VALUES ($1, $2, $3)
               ON CONFLICT (account_id, kind) DO UPDATE SET game_id = EXCLUDED.game_id""",
            self._account_id, self._kind, game_id)


class Occupancy:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    @contextlib.asynccontextmanager
    async def claim(self, account_id: str, kind: str) -> AsyncIterator[Claim]:
        async with connection(self._pool) as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", f"seat|{kind}|{account_id}")
            current = await conn.fetchval(
                "SELECT game_id FROM engine_occupancy WHERE account_id = $1 AND kind = $2", account_id, kind)
            yield Claim(conn, account_id, kind, current)
