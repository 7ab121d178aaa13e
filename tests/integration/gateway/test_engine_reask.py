"""A request to the engine that got no answer is asked again, the same, before the gateway's wait is over:
whether the first asking was lost on its way (a NATS server killed under it) or its answer was, the player
is acked and his command is in the game's stream once."""

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from echo_challenge.field import sector_name
from echo_challenge.tutorial import SCRIPT
from echo_engine.app import create_app as create_engine
from echo_engine.settings import Settings as EngineSettings
from echo_events.play import ENGINE_SUBJECT
from echo_gateway.app import create_app as create_gateway
from echo_gateway.settings import Settings as GatewaySettings
from echo_runtime.nats_access import inbox_prefix
from echo_runtime.nats_client import connect
from nats.aio.client import Client

from tests.integration.deploy.test_platform_on_three_servers import commands_per_message
from tests.support.metrics import metric
from tests.support.servers import running
from tests.support.wsclient import Device

pytestmark = pytest.mark.integration

REASK = 0.5  # seconds: a short re-ask time keeps the test quick; the gateway's own wait (5 s) is unchanged


def lose_one(nc: Client, lost: Callable[[str], bool]) -> list[str]:
    """The connection loses the next message it publishes on a subject `lost` names (as a killed server
    would); returns the subjects lost so far."""
    publish: Callable[..., Awaitable[None]] = nc.publish
    gone: list[str] = []

    async def publishing(subject: str, payload: bytes = b"", reply: str = "", headers: Any = None) -> None:
        if not gone and lost(subject):
            gone.append(subject)
            return
        await publish(subject, payload, reply=reply, headers=headers)

    nc.publish = publishing  # type: ignore[method-assign]
    return gone


@pytest.mark.parametrize("where", ["request", "answer"])
async def test_a_command_whose_asking_or_answer_is_lost_is_acked_and_applied_once(
        where: str, private_nats_url: str, fresh_database: str) -> None:
    engine = create_engine(EngineSettings(nats_url=private_nats_url, database_url=fresh_database, replica="one"))
    gateway = create_gateway(GatewaySettings(nats_url=private_nats_url, database_url=fresh_database, dev_mode=True,
                                             engine_reask_seconds=REASK))
    async with running(engine) as engine_base, running(gateway) as base:
        device = await Device.guest(base)
        await device.connect()
        started = await device.command("start", mode="tutorial")
        game_id = started["game_id"]
        steps = iter(SCRIPT)
        step = next(steps)
        assert (await device.command(step.tool, game_id=game_id, sector=sector_name(step.sector)))["type"] == "ack"

        if where == "request":  # the gateway's first asking never reaches the engine
            gone = lose_one(gateway.state.runtime.nc, lambda subject: subject.startswith(ENGINE_SUBJECT))
        else:  # the engine applies the command, and its answer never reaches the gateway
            gone = lose_one(engine.state.runtime.nc, lambda subject: subject.startswith(inbox_prefix("gateway")))
        reasked = await metric(base, "echo_gateway_engine_reasks_total")  # the process's counters: count from here
        dropped = await metric(engine_base, "echo_engine_reasks_dropped_total")
        step = next(steps)
        command_id = "lost-once"
        moved = await device.command(step.tool, id=command_id, game_id=game_id, sector=sector_name(step.sector))
        assert len(gone) == 1, gone
        assert moved["type"] == "ack" and moved["view"]["tick"] == 2, moved
        assert await metric(base, "echo_gateway_engine_reasks_total") == reasked + 1
        assert await metric(engine_base, "echo_engine_reasks_dropped_total") == dropped  # the first was done by then
        await device.close()

    checker = await connect(private_nats_url, "checker")
    try:
        stored = [c for commands in await commands_per_message(checker.jetstream(), game_id) for c in commands]
    finally:
        await checker.close()
    assert stored.count(command_id) == 1, stored
