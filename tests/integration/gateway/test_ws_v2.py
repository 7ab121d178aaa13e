"""Protocol v2 over a real WebSocket: Echo Challenge through `start` with its kind and `act`, and a game with
seats — the test's two-seat Duel, hosted by the engine through the rules contract alone — opened and joined
by invitation from two devices, where neither socket ever carries the other's secret pick before the reveal."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import pytest
from echo_challenge.field import sector_name
from echo_challenge.tutorial import SCRIPT

from tests.support.servers import running
from tests.support.wsclient import Device

pytestmark = pytest.mark.integration


@pytest.fixture
async def duel_system(private_nats_url: str, fresh_database: str) -> AsyncIterator[str]:
    from echo_engine.app import create_app as create_engine
    from echo_engine.settings import Settings as EngineSettings
    from echo_gateway.app import create_app as create_gateway
    from echo_gateway.settings import Settings as GatewaySettings
    from echo_leagues.app import create_app as create_leagues
    from echo_leagues.settings import Settings as LeaguesSettings

    engine = create_engine(EngineSettings(nats_url=private_nats_url, database_url=fresh_database,
                                          games=["tests.support.duel"]))
    leagues = create_leagues(LeaguesSettings(nats_url=private_nats_url, database_url=fresh_database))
    gateway = create_gateway(GatewaySettings(nats_url=private_nats_url, database_url=fresh_database, dev_mode=True))
    async with running(engine), running(leagues), running(gateway) as base:
        yield base


async def test_echo_over_v2_start_names_the_kind_and_every_move_is_an_act(duel_system: str) -> None:
    device = await Device.guest(duel_system)
    assert (await device.connect(v=2))["v"] == 2
    started = await device.command("start", kind="echo", mode="tutorial")
    game_id = started["game_id"]
    wrong = await device.command("act", game_id=game_id, action={"type": "probe", "sector": "J10"})
    assert wrong["type"] == "error" and wrong["code"] == "tutorial_step"
    for step in SCRIPT:
        action = {"type": step.tool, "sector": sector_name(step.sector)}
        ack = await device.command("act", game_id=game_id, action=action)
        assert ack["type"] == "ack", ack
    bad = await device.command("act", game_id=game_id, action={"type": "teleport"})
    assert bad["type"] == "error" and bad["code"] == "bad_action"
    off = await device.command("act", game_id=game_id, action={"type": "probe", "sector": "K11"})
    assert off["code"] == "bad_action" and "K11" in off["message"]
    done = await device.command("act", game_id=game_id, action={"type": "finish"})
    assert done["view"]["status"] == "finished" and done["view"]["tutorial"]["done"]
    old = await device.command("probe", game_id=game_id, sector="A1")
    assert old["code"] == "unknown_type" and "act" in old["message"]  # v1's messages are not v2's
    await device.close()


async def test_v2_refuses_malformed_starts_and_actions(duel_system: str) -> None:
    device = await Device.guest(duel_system)
    await device.connect(v=2)
    no_mode = await device.command("start", kind="echo")
    assert no_mode["code"] == "bad_message" and "mode" in no_mode["message"]
    no_seats = await device.command("start", kind="duel")
    assert no_seats["code"] == "bad_message" and "seats" in no_seats["message"]
    bad_kind = await device.command("start", kind="Echo.>", mode="free")
    assert bad_kind["code"] == "bad_message" and "kind" in bad_kind["message"]
    untyped = await device.command("act", game_id="g1", action={"sector": 1})
    assert untyped["code"] == "bad_message" and "type" in untyped["message"]
    await device.close()


async def test_a_duel_between_two_devices_keeps_each_pick_secret_until_the_reveal(duel_system: str) -> None:
    host, guest = await Device.guest(duel_system), await Device.guest(duel_system)
    await host.connect(v=2)
    await guest.connect(v=2)
    opened = await host.command("start", kind="duel", seats=2, settings={"pick_seconds": 120})
    assert opened["type"] == "ack" and opened["view"]["table"]["status"] == "lobby"
    invite = opened["view"]["table"]["invite"]
    wrong = await guest.command("join", kind="ark", invite=invite)
    assert wrong["code"] == "wrong_kind"
    joined = await guest.command("join", kind="duel", invite=invite)
    assert joined["view"]["table"] == {**joined["view"]["table"], "status": "playing", "you": 1, "taken": 2}
    game_id = joined["game_id"]
    await host.push(lambda f: f.get("type") == "update" and f["view"]["table"]["status"] == "playing")

    picked = await host.command("act", game_id=game_id, action={"type": "pick", "number": 8})
    assert picked["view"]["game"]["mine"] == 8
    await guest.push(lambda f: f.get("type") == "update" and f["view"]["game"]["picked"] == [True, False])
    before_reveal = list(guest.raw)
    for text in before_reveal:  # every frame the guest's socket received before his own pick
        frame = json.loads(text)
        game = (frame.get("view") or {}).get("game") or {}
        assert '"number"' not in text and '"result"' not in text and game.get("mine") is None

    last = await guest.command("act", game_id=game_id, action={"type": "pick", "number": 4})
    assert last["view"]["game"]["result"] == {"picks": [8, 4], "winner": 0, "reason": "higher"}
    seen = await host.push(lambda f: f.get("type") == "update" and f["view"]["table"]["status"] == "over")
    assert seen["view"]["game"]["result"]["winner"] == 0
    resumed = await guest.command("resume", game_id=game_id, version=0)
    assert resumed["view"]["table"]["you"] == 1 and resumed["view"]["game"]["mine"] == 4
    await host.close()
    await guest.close()


async def test_presence_follows_the_devices_at_a_table_and_a_lobby_can_be_left(duel_system: str) -> None:
    host, guest = await Device.guest(duel_system), await Device.guest(duel_system)
    await host.connect(v=2)
    await guest.connect(v=2)
    opened = await host.command("start", kind="duel", seats=2)
    game_id, invite = opened["game_id"], opened["view"]["table"]["invite"]
    await host.push(lambda f: f.get("type") == "presence" and f["online"] == [0])
    gone = await host.command("leave", game_id=game_id)
    assert gone["view"]["table"]["status"] == "closed" and gone["view"]["table"]["you"] is None
    closed = await guest.command("join", kind="duel", invite=invite)
    assert closed["code"] == "table_closed"

    opened = await host.command("start", kind="duel", seats=2)
    game_id, invite = opened["game_id"], opened["view"]["table"]["invite"]
    await guest.command("join", kind="duel", invite=invite)
    both = await host.push(lambda f: f.get("type") == "presence" and f["game_id"] == game_id and f["online"] == [0, 1])
    assert set(both) == {"type", "game_id", "online"}  # seats only, never an account
    started = await host.command("leave", game_id=game_id)
    assert started["code"] == "game_started"
    await guest.close()
    await host.push(lambda f: f.get("type") == "presence" and f["game_id"] == game_id and f["online"] == [0])
    await host.close()
