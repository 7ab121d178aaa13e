"""A leagues service of the test's own: a private NATS (the test owns DAILY and GAMES), a fresh migrated
database, the real app served by uvicorn, and a NATS client to publish and to query with."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import asyncpg
import pytest
from echo_leagues.app import create_app
from echo_leagues.settings import Settings
from echo_runtime.nats_client import connect, ensure_streams
from nats.aio.client import Client

from tests.support.leagues import Accounts, caught_up
from tests.support.servers import running


@dataclass
class Leagues:
    nats_url: str
    database_url: str
    nc: Client
    pool: asyncpg.Pool
    accounts: Accounts = field(init=False)
    _stack: contextlib.AsyncExitStack | None = None
    base: str = ""

    def __post_init__(self) -> None:
        self.accounts = Accounts(self.js)

    @property
    def js(self):  # noqa: ANN201
        return self.nc.jetstream()

    async def start(self) -> str:
        self._stack = contextlib.AsyncExitStack()
        settings = Settings(nats_url=self.nats_url, database_url=self.database_url)
        self.base = await self._stack.enter_async_context(running(create_app(settings)))
        return self.base

    async def stop(self) -> None:
        if self._stack is not None:
            await self._stack.aclose()
            self._stack = None

    async def settle(self) -> None:
        await caught_up(self.js, self.pool)

    async def ask(self, name: str, **request: Any) -> dict[str, Any]:
        reply = await self.nc.request(f"leagues.q.{name}", json.dumps(request).encode(), timeout=10)
        return json.loads(reply.data)


@pytest.fixture
async def leagues(private_nats_url: str, fresh_database: str) -> AsyncIterator[Leagues]:
    nc = await connect(private_nats_url, "tests")
    await ensure_streams(nc.jetstream())
    pool = await asyncpg.create_pool(fresh_database, min_size=1, max_size=4)
    env = Leagues(private_nats_url, fresh_database, nc, pool)
    await env.start()
    try:
        yield env
    finally:
        await env.stop()
        await pool.close()
        await nc.drain()


@pytest.fixture
async def engine(leagues: Leagues) -> AsyncIterator[Client]:
    """A real engine on the same NATS and database as the leagues service."""
    from echo_engine.app import create_app as engine_app
    from echo_engine.settings import Settings as EngineSettings

    async with running(engine_app(EngineSettings(nats_url=leagues.nats_url, database_url=leagues.database_url))):
        yield leagues.nc
