"""The engine and the gateway in one process (`echo_runtime.together`, `make run`): the gateway asks the engine
directly, so a player's commands cross no NATS server, while what the engine writes and tells is the same — a
table's move is acked to the mover with his view, the opponent's update still comes over NATS, a refusal is
the same refusal, and the game's stream holds each move once. Turned off, the same process asks over NATS."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from echo_engine.app import create_app as create_engine
from echo_engine.settings import Settings as EngineSettings
from echo_events.play import ENGINE_SUBJECT
from echo_gateway.app import create_app as create_gateway
from echo_gateway.settings import Settings as GatewaySettings
from echo_runtime import local_requests
from echo_runtime.nats_client import connect
from nats.aio.msg import Msg

from tests.support.servers import running
from tests.support.wsclient import Device

pytestmark = pytest.mark.integration


@pytest.fixture
async def together(private_nats_url: str, fresh_database: str) -> AsyncIterator[tuple[str, list[str]]]:
    """The gateway's base URL and the subjects of every engine request seen on the NATS server."""
    local_requests.enable()
    spy = await connect(private_nats_url, "tests")
    asked: list[str] = []

    async def seen(msg: Msg) -> None:
        asked.append(msg.subject)

    await spy.subscribe(ENGINE_SUBJECT, cb=seen)
    await spy.subscribe(f"{ENGINE_SUBJECT}.>", cb=seen)
    try:
        engine = create_engine(EngineSettings(nats_url=private_nats_url, database_url=fresh_database))
        gateway = create_gateway(GatewaySettings(nats_url=private_nats_url, database_url=fresh_database,
                                                 dev_mode=True))
        async with running(engine), running(gateway) as base:
            yield base, asked
    finally:
        local_requests.enable(False)
        await spy.drain()


async def until_update(device: Device, game_id: str) -> dict[str, Any]:
    while True:
        frame = await device.next_frame()
        if frame["type"] == "update" and frame["game_id"] == game_id:
            return frame


async def test_a_table_is_played_without_asking_through_nats(together: tuple[str, list[str]]) -> None:
    base, asked = together
    x, o = await Device.guest(base), await Device.guest(base)
    await x.connect(v=2)
    await o.connect(v=2)
    opened = await x.command("start", kind="tictactoe", seats=2, settings={})
    assert opened["type"] == "ack", opened
    game_id = opened["game_id"]
    joined = await o.command("join", kind="tictactoe", invite=opened["view"]["table"]["invite"])
    assert joined["type"] == "ack" and joined["game_id"] == game_id, joined

    moved = await x.command("act", game_id=game_id, action={"type": "place", "cell": 4})
    assert moved["type"] == "ack" and moved["view"]["game"]["board"][4] is not None, moved
    seen = await until_update(o, game_id)  # the opponent's update: published by the engine over NATS
    while seen["view"]["game"]["board"][4] is None:
        seen = await until_update(o, game_id)
    refused = await x.command("act", game_id=game_id, action={"type": "place", "cell": 4})
    assert refused["type"] == "error" and refused["code"] != "engine_unavailable", refused

    assert asked == []  # no start, join, move or refusal crossed the NATS server as a request

    local_requests.enable(False)
    again = await o.command("act", game_id=game_id, action={"type": "place", "cell": 0})
    assert again["type"] == "ack", again
    assert asked and all(subject.startswith(ENGINE_SUBJECT) for subject in asked)  # asked over NATS again
    await x.close()
    await o.close()
