from collections.abc import AsyncIterator

import pytest
from echo_engine.app import create_app as create_engine
from echo_engine.settings import Settings as EngineSettings
from echo_gateway.app import create_app as create_gateway
from echo_gateway.settings import Settings as GatewaySettings

from tests.support.servers import running


@pytest.fixture
async def system(private_nats_url: str, fresh_database: str) -> AsyncIterator[str]:
    """Gateway + engine on a NATS of the test's own; yields the gateway's base URL."""
    engine = create_engine(EngineSettings(nats_url=private_nats_url, database_url=fresh_database))
    gateway = create_gateway(GatewaySettings(nats_url=private_nats_url, database_url=fresh_database, dev_mode=True))
    async with running(engine), running(gateway) as base:
        yield base
