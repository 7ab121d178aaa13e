from collections.abc import AsyncIterator

import pytest
from echo_engine.app import create_app
from echo_engine.settings import Settings
from echo_runtime.nats_client import connect

from tests.support.servers import running


@pytest.fixture
async def engine(nats_url: str, database_url: str) -> AsyncIterator[str]:
    async with running(create_app(Settings(nats_url=nats_url, database_url=database_url))) as base:
        yield base


@pytest.fixture
async def private_engine(private_nats_url: str, fresh_database: str) -> AsyncIterator:
    """An engine on a NATS of the test's own (for tests that publish Dailies), and a client for it."""
    async with running(create_app(Settings(nats_url=private_nats_url, database_url=fresh_database))):
        client = await connect(private_nats_url, "tests")
        yield client
        await client.drain()
