"""The engine keeps as many folded games as it is configured to (`ECHO_ENGINE_CACHED_GAMES`), says how many
it holds (`echo_engine_cached_games`), and a game it let go is read back from the stream when asked."""

import pytest
from echo_engine.app import create_app
from echo_engine.settings import Settings
from echo_runtime.nats_client import connect

from tests.support.metrics import metric
from tests.support.play import ask
from tests.support.servers import running

pytestmark = pytest.mark.integration


async def test_the_cache_holds_what_it_is_told_and_a_forgotten_game_comes_back(
    private_nats_url: str, fresh_database: str
) -> None:
    settings = Settings(nats_url=private_nats_url, database_url=fresh_database, cached_games=100)
    async with running(create_app(settings)) as base:
        nc = await connect(private_nats_url, "tests")
        try:
            first = await ask(nc, type="start", account_id="cache0", mode="tutorial")
            for n in range(1, 110):
                assert (await ask(nc, type="start", account_id=f"cache{n}", mode="tutorial"))["ok"]
            assert await metric(base, "echo_engine_cached_games") == 100
            again = await ask(nc, type="get", account_id="cache0", game_id=first["game_id"])  # long let go
            assert again["ok"] and again["view"] == first["view"]
        finally:
            await nc.drain()
