"""The bots' think time as a metric: `echo_engine_bot_think_seconds` counts one observation per bot move of a
table — as many as the bot commands (`!bot:…`) in the game's stream — under its game's kind."""

from __future__ import annotations

import random

import pytest
from nats.aio.client import Client
from prometheus_client import REGISTRY

from tests.integration.engine.test_eot_tables import KIND, account, eot_engine, latest, open_table  # noqa: F401
from tests.integration.engine.test_replicas_and_crashes import stream_events
from tests.support.play import ask
from tests.unit.eot_rules.test_eot_hosting import offered

pytestmark = pytest.mark.integration


def think_count() -> float:
    return REGISTRY.get_sample_value("echo_engine_bot_think_seconds_count", {"kind": KIND}) or 0.0


async def test_every_bot_move_is_one_think_time_observed(eot_engine: Client) -> None:  # noqa: F811
    nc, person = eot_engine, account()
    before = think_count()
    game_id = await open_table(nc, person, [], ["random", "greedy", "balanced"])
    choose = random.Random(5)
    for _ in range(12):  # the person's actions; after each of his turns the three bots play theirs
        game = (await latest(nc, person, game_id))["game"]
        acted = await ask(nc, type="act", account_id=person, game_id=game_id, action=choose.choice(offered(game)))
        assert acted["ok"], acted
    bot_commands = {e.causation_id for e in await stream_events(nc.jetstream(), game_id)
                    if e.causation_id.startswith("!bot:")}
    assert len(bot_commands) >= 3
    assert think_count() - before == len(bot_commands)
    total = REGISTRY.get_sample_value("echo_engine_bot_think_seconds_sum", {"kind": KIND})
    assert total is not None and total > 0
