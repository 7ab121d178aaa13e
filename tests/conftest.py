"""The test harness: one real NATS (JetStream) and one real PostgreSQL per test session.

Both are started here (random free port, temporary folders) unless NATS_URL / DATABASE_URL name servers
to use instead. Unit tests never touch them: the fixtures start lazily, on first use.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from echo_runtime.devstack import EmbeddedNats, EmbeddedPostgres


@pytest.fixture(scope="session")
def nats_url() -> Iterator[str]:
    if url := os.environ.get("NATS_URL"):
        yield url
        return
    with tempfile.TemporaryDirectory(prefix="echo-nats-") as folder:
        server = EmbeddedNats(Path(folder))
        yield server.start()
        server.stop()


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """The server's maintenance database; tests use `database_url` (migrated) or `fresh_database`."""
    if url := os.environ.get("DATABASE_URL"):
        yield url
        return
    with tempfile.TemporaryDirectory(prefix="echo-pg-") as folder:
        server = EmbeddedPostgres(Path(folder) / "data", delete_on_stop=True)
        yield server.start()
        server.stop()


@pytest.fixture(scope="session")
async def database_url(postgres_url: str) -> str:
    """A database with every migration applied, shared by the session's tests."""
    from tests.support.databases import new_database

    return await new_database(postgres_url, "echo_test_shared")


@pytest.fixture
async def fresh_database(postgres_url: str) -> str:
    """A new, migrated database of its own, for tests that compare or truncate whole tables."""
    from tests.support.databases import new_database

    return await new_database(postgres_url)


@pytest.fixture
async def nc(nats_url: str) -> AsyncIterator:
    from echo_runtime.nats_client import connect, ensure_streams

    client = await connect(nats_url, name="tests")
    await ensure_streams(client.jetstream())
    yield client
    await client.drain()


@pytest.fixture
def js(nc):  # noqa: ANN001, ANN201
    return nc.jetstream()


@pytest.fixture
def private_nats_url(tmp_path: Path) -> Iterator[str]:
    """A NATS server of the test's own, for tests that own shared subjects (the Daily, restarts)."""
    server = EmbeddedNats(tmp_path / "nats", sync_always=False)
    yield server.start()
    server.stop()


@pytest.fixture
def engine_clock(request: pytest.FixtureRequest):  # noqa: ANN201
    """The engine's clock in `system`: now, or — parametrized indirectly with a datetime — that moment,
    moving on from there (a test that plays a Daily of a past day, then moves the clock to the present)."""
    from echo_runtime.clock import MovableClock

    return MovableClock(getattr(request, "param", None))


@pytest.fixture
async def system(private_nats_url: str, fresh_database: str, engine_clock) -> AsyncIterator[str]:  # noqa: ANN001
    """Gateway + engine + leagues (which knows each player's league) on a NATS of the test's own;
    yields the gateway's base URL."""
    from echo_engine.app import create_app as create_engine
    from echo_engine.settings import Settings as EngineSettings
    from echo_gateway.app import create_app as create_gateway
    from echo_gateway.settings import Settings as GatewaySettings
    from echo_leagues.app import create_app as create_leagues
    from echo_leagues.settings import Settings as LeaguesSettings

    from tests.support.servers import running

    engine = create_engine(EngineSettings(nats_url=private_nats_url, database_url=fresh_database), clock=engine_clock)
    leagues = create_leagues(LeaguesSettings(nats_url=private_nats_url, database_url=fresh_database))
    gateway = create_gateway(GatewaySettings(nats_url=private_nats_url, database_url=fresh_database, dev_mode=True))
    async with running(engine), running(leagues), running(gateway) as base:
        yield base
