"""Two engine replicas behind one gateway: a game's commands go back to the replica that holds it in its
cache (`engine.cmd.replica.<id>`, named in every reply), and to any replica once that one is gone."""

import json
from contextlib import AsyncExitStack

import pytest
from echo_challenge.field import sector_name
from echo_challenge.tutorial import SCRIPT
from echo_engine.app import create_app as create_engine
from echo_engine.settings import Settings as EngineSettings
from echo_events.play import ENGINE_SUBJECT, replica_subject
from echo_gateway.app import create_app as create_gateway
from echo_gateway.settings import Settings as GatewaySettings
from echo_runtime.nats_client import connect

from tests.support.metrics import metric
from tests.support.servers import running
from tests.support.wsclient import Device

pytestmark = pytest.mark.integration


async def test_a_games_moves_stay_on_the_replica_that_holds_it_and_move_on_when_it_goes(
        private_nats_url: str, fresh_database: str) -> None:
    spy = await connect(private_nats_url, "spy")
    to_one = await spy.subscribe(f"{ENGINE_SUBJECT}.replica.*")  # copies of what is sent to one replica alone
    to_any = await spy.subscribe(ENGINE_SUBJECT)  # and of what any replica may take (not in their queue group)
    replicas: dict[str, AsyncExitStack] = {}
    async with AsyncExitStack() as stack:
        for name in ("one", "two"):
            replicas[name] = await stack.enter_async_context(AsyncExitStack())
            engine = await replicas[name].enter_async_context(running(create_engine(EngineSettings(
                nats_url=private_nats_url, database_url=fresh_database, replica=name))))
        gateway = create_gateway(GatewaySettings(nats_url=private_nats_url, database_url=fresh_database, dev_mode=True))
        base = await stack.enter_async_context(running(gateway))
        device = await Device.guest(base)
        await device.connect()

        game_id = (await device.command("start", mode="tutorial"))["game_id"]
        assert json.loads((await to_any.next_msg(timeout=5)).data)["type"] == "start"  # a start: any replica
        before = await metric(engine, "echo_engine_refolds_total")
        steps = iter(SCRIPT)
        for step in (next(steps) for _ in range(4)):
            assert (await device.command(step.tool, game_id=game_id, sector=sector_name(step.sector)))["type"] == "ack"
        await device.close()  # the phone changes networks: a new connection (to the same gateway process,
        await device.connect()  # which remembers for all its connections where each game is)
        step = next(steps)
        assert (await device.command(step.tool, game_id=game_id, sector=sector_name(step.sector)))["type"] == "ack"
        sent_to = {(await to_one.next_msg(timeout=5)).subject for _ in range(5)}
        assert len(sent_to) == 1  # every move to the replica that started the game and holds it
        holder = next(name for name in replicas if replica_subject(name) in sent_to)
        assert await metric(engine, "echo_engine_refolds_total") == before  # no game read back from the stream

        await to_one.unsubscribe()  # a listener there would be a responder: NATS could not say nobody is there
        (other,) = (name for name in replicas if name != holder)
        to_other = await spy.subscribe(replica_subject(other))
        await replicas.pop(holder).aclose()  # the replica holding the game stops (a rolling update, a crash)
        gone = await metric(base, "echo_gateway_engine_holder_gone_total")
        step = next(steps)
        moved = await device.command(step.tool, game_id=game_id, sector=sector_name(step.sector))
        assert moved["type"] == "ack" and moved["view"]["tick"] == 6  # nothing lost, nothing applied twice
        assert acted(await to_any.next_msg(timeout=5)) == step.tool  # nobody there: any replica
        assert await metric(base, "echo_gateway_engine_holder_gone_total") == gone + 1
        for step in steps:
            assert (await device.command(step.tool, game_id=game_id, sector=sector_name(step.sector)))["type"] == "ack"
            assert acted(await to_other.next_msg(timeout=5)) == step.tool  # the new holder
        await device.close()
    await spy.drain()


def acted(msg) -> str:  # noqa: ANN001
    """The action a request to the engine carries (the gateway sends every move as protocol v2's `act`)."""
    request = json.loads(msg.data)
    assert request["type"] == "act"
    return request["action"]["type"]
