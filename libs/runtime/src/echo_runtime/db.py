"""PostgreSQL pools. A DSN may name a unix socket folder with ?host=/path (as pgserver gives).

Every query of a pool's connections is a span of the trace it runs in (`db.system` postgresql, the
statement cut to `STATEMENT_CHARS`): the HTTP request → NATS request → service handler → PostgreSQL chain
of one trace. A query outside any trace (a housekeeping poll, migrations) makes no span, nor does any
query when spans are not exported. By hand, not opentelemetry-instrumentation-asyncpg: that package pins
semantic conventions our SDK does not match.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from contextlib import AbstractContextManager, asynccontextmanager, contextmanager, nullcontext
from contextvars import ContextVar
from typing import Any

import asyncpg
import nats.errors
from opentelemetry.trace import SpanKind

from .telemetry import recording_in_trace, start_span

STATEMENT_CHARS = 1000
#: PostgreSQL not reachable, or gone mid-query: a refused or reset connection or a timeout (OSError), a
#: connection lost or never made (08xxx), the server shutting down or not yet accepting connections (57P0x).
#: None of them says anything of the query: the same one succeeds once the database is back.
UNREACHABLE: tuple[type[BaseException], ...] = (
    OSError, asyncpg.PostgresConnectionError, asyncpg.CannotConnectNowError, asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError)


def unreachable(error: BaseException) -> bool:
    """`error`, or what it was raised from, is one of `UNREACHABLE` — and not NATS's timeout, which is an
    OSError too (Python's TimeoutError is) but says nothing of PostgreSQL."""
    seen: BaseException | None = error
    while seen is not None:
        if isinstance(seen, UNREACHABLE) and not isinstance(seen, nats.errors.Error):
            return True
        seen = seen.__cause__
    return False


async def create_pool(dsn: str, *, min_size: int = 1, max_size: int = 10, session_state: bool = True) -> asyncpg.Pool:
    """`session_state=False` for a service whose queries leave nothing in a connection's session — no session
    advisory lock, LISTEN, cursor outside a transaction or SET (a transaction's own locks and SET LOCAL end with
    it): a connection given back to the pool is then not reset by a statement of its own (asyncpg still rolls
    back a transaction left open), one round trip less each time the pool is used."""
    return await asyncpg.create_pool(dsn, min_size=min_size, max_size=max_size, command_timeout=30,
                                     connection_class=TracedConnection,
                                     reset=None if session_state else _nothing_to_reset)


#: the connection the running task took with `connection`, its pool and the task (a task started inside the
#: block copies the variable, and must not share the connection: it is matched by the task)
_HELD: ContextVar[tuple[asyncio.Task[Any] | None, asyncpg.Pool, asyncpg.Connection] | None] = \
    ContextVar("echo_db_held", default=None)


@asynccontextmanager
async def connection(pool: asyncpg.Pool) -> AsyncIterator[asyncpg.Connection]:
    """A connection of `pool` for the block: the one this task already holds from an enclosing `connection`
    block (its queries then run in that block's transaction; a transaction begun on it is a savepoint), else
    one from the pool. A task that waits for a second connection while it holds one would wait forever once
    as many such tasks as the pool has connections come at once (every connection held by a task waiting
    for another): so code that may run inside another's transaction asks for its connection here."""
    task = asyncio.current_task()
    held = _HELD.get()
    if held is not None and held[0] is task and held[1] is pool:
        yield held[2]
        return
    async with pool.acquire() as conn:
        token = _HELD.set((task, pool, conn))
        try:
            yield conn
        finally:
            _HELD.reset(token)


async def _nothing_to_reset(connection: asyncpg.Connection) -> None:
    return None


@contextmanager
def query_span(statement: str) -> Iterator[None]:
    if not recording_in_trace():
        yield
        return
    words = statement.split(None, 1)
    operation = words[0].rstrip(";").upper() if words else "SQL"
    with start_span(f"postgresql {operation}", SpanKind.CLIENT, **{
            "db.system": "postgresql", "db.operation": operation, "db.statement": statement[:STATEMENT_CHARS]}):
        yield


class TracedConnection(asyncpg.Connection):
    """A connection whose queries are spans (see the module's doc); a pool's own `fetch`, `execute`… run
    on one of these. Not the pool's reset of a connection it takes back: that is the pool's business."""

    _resetting = False

    def _span(self, statement: str) -> AbstractContextManager[None]:
        return nullcontext() if self._resetting else query_span(statement)

    async def reset(self, *, timeout: float | None = None) -> None:
        self._resetting = True
        try:
            await super().reset(timeout=timeout)
        finally:
            self._resetting = False

    async def execute(self, query: str, *args: Any, **kwargs: Any) -> str:
        with self._span(query):
            return await super().execute(query, *args, **kwargs)

    async def executemany(self, command: str, args: Any, **kwargs: Any) -> None:
        with self._span(command):
            return await super().executemany(command, args, **kwargs)

    async def fetch(self, query: str, *args: Any, **kwargs: Any) -> list[Any]:
        with self._span(query):
            return await super().fetch(query, *args, **kwargs)

    async def fetchrow(self, query: str, *args: Any, **kwargs: Any) -> Any:
        with self._span(query):
            return await super().fetchrow(query, *args, **kwargs)

    async def fetchval(self, query: str, *args: Any, **kwargs: Any) -> Any:
        with self._span(query):
            return await super().fetchval(query, *args, **kwargs)
