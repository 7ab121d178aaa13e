"""A game of a kind the engine was never written for — the two-seat «Duel» of tests/support/duel.py —
hosted through the rules contract alone: a table opened and joined by invitation, secret picks, each seat's
own view on its own updates subject, and its deadline as a JetStream message schedule that comes back as a
command: on time, after a restart of the engine or of NATS, once with two engines, and refused as stale
when the game has moved on."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from echo_engine import games
from echo_engine.app import create_app
from echo_engine.settings import Settings
from echo_events.callsigns import generated_callsign
from echo_events.envelope import unwrap
from echo_events.play import ENGINE_SUBJECT, updates_subject
from echo_runtime.devstack import EmbeddedNats, free_port
from echo_runtime.nats_client import connect
from nats.aio.client import Client

from tests.integration.engine.test_replicas_and_crashes import stream_events, wait_for_engine
from tests.support import duel
from tests.support.play import ask
from tests.support.servers import running

pytestmark = pytest.mark.integration
DUEL = ["tests.support.duel"]


def account() -> str:
    return uuid.uuid4().hex


@pytest.fixture
async def duel_engine(private_nats_url: str, fresh_database: str) -> AsyncIterator[Client]:
    settings = Settings(nats_url=private_nats_url, database_url=fresh_database, games=DUEL)
    async with running(create_app(settings)):
        client = await connect(private_nats_url, "tests")
        yield client
        await client.drain()


class Inbox:
    """Every update one account's devices receive, raw."""

    def __init__(self) -> None:
        self.frames: list[bytes] = []
        self.arrived = asyncio.Event()

    async def on(self, msg) -> None:  # noqa: ANN001
        self.frames.append(msg.data)
        self.arrived.set()

    def views(self) -> list[dict]:
        return [json.loads(frame)["view"] for frame in self.frames]

    async def until(self, test, timeout: float = 20.0) -> dict:  # noqa: ANN001
        async with asyncio.timeout(timeout):
            while True:
                for view in self.views():
                    if test(view):
                        return view
                self.arrived.clear()
                await self.arrived.wait()


async def inbox(nc: Client, account_id: str) -> Inbox:
    box = Inbox()
    await nc.subscribe(updates_subject(account_id), cb=box.on)
    await nc.flush()
    return box


async def open_duel(nc: Client, owner: str, guest: str, pick_seconds: int = 60) -> str:
    opened = await ask(nc, type="open", account_id=owner, kind="duel", seats=2,
                       settings={"pick_seconds": pick_seconds})
    assert opened["ok"], opened
    table = opened["view"]["table"]
    assert table == {"seats": 2, "taken": 1, "you": 0, "status": "lobby", "settings": {"pick_seconds": pick_seconds},
                     "invite": table["invite"], "players": [{"name": generated_callsign(owner)}]}
    joined = await ask(nc, type="join", account_id=guest, invite=table["invite"])
    assert joined["ok"] and joined["view"]["table"]["status"] == "playing" and joined["view"]["table"]["you"] == 1
    return opened["game_id"]


async def replay_of(nc: Client, account_id: str, game_id: str) -> dict:
    request = {"type": "replay", "account_id": account_id, "game_id": game_id}  # a read: no command id
    return json.loads((await nc.request(ENGINE_SUBJECT, json.dumps(request).encode(), timeout=10)).data)


def over(view: dict) -> bool:
    return view.get("table", {}).get("status") == "over"


async def test_a_duel_is_opened_joined_played_and_each_seat_sees_only_its_own_pick(duel_engine: Client) -> None:
    nc, owner, guest = duel_engine, account(), account()
    owner_box, guest_box = await inbox(nc, owner), await inbox(nc, guest)
    game_id = await open_duel(nc, owner, guest)

    mine = await ask(nc, type="act", account_id=owner, game_id=game_id, action={"type": "pick", "number": 7})
    assert mine["ok"] and mine["view"]["game"] == {"deadline": mine["view"]["game"]["deadline"],
                                                   "picked": [True, False], "mine": 7}
    guest_sees = await guest_box.until(lambda v: v.get("game", {}).get("picked") == [True, False])
    assert guest_sees["game"]["mine"] is None
    for frame in guest_box.frames:  # nothing of the owner's pick reached the guest before the reveal
        assert b'"number"' not in frame and b'"picks"' not in frame and b'"result"' not in frame
        game = json.loads(frame)["view"].get("game", {})
        assert set(game) <= {"deadline", "picked", "mine"} and game.get("mine") is None

    refused = await ask(nc, type="act", account_id=owner, game_id=game_id, action={"type": "pick", "number": 9})
    assert refused["error"]["code"] == "already_picked"
    bad = await ask(nc, type="act", account_id=guest, game_id=game_id, action={"type": "pick", "number": 10})
    assert bad["error"]["code"] == "bad_action" and "number" in bad["error"]["message"]
    stranger = await ask(nc, type="act", account_id=account(), game_id=game_id, action={"type": "pick", "number": 1})
    assert stranger["error"]["code"] == "unknown_game"

    last = await ask(nc, type="act", account_id=guest, game_id=game_id, action={"type": "pick", "number": 3})
    assert last["view"]["table"]["status"] == "over"
    assert last["view"]["game"]["result"] == {"picks": [7, 3], "winner": 0, "reason": "higher"}
    seen = await owner_box.until(over)
    assert seen["game"]["result"]["winner"] == 0 and seen["table"]["you"] == 0

    replay = await replay_of(nc, guest, game_id)
    frames = replay["data"]["frames"]
    assert [f["picked"] for f in frames] == [[False, False], [True, False], [True, True]]
    assert frames[1]["mine"] is None and frames[-1]["result"]["picks"] == [7, 3]  # what the guest saw, then


async def test_a_table_is_replayed_only_once_its_game_is_over(duel_engine: Client) -> None:
    nc, owner, guest = duel_engine, account(), account()
    game_id = await open_duel(nc, owner, guest)
    live = await replay_of(nc, owner, game_id)
    assert live["error"]["code"] == "unknown_game"


async def test_tables_refuse_what_their_rules_refuse(duel_engine: Client) -> None:
    nc, owner = duel_engine, account()
    unknown = await ask(nc, type="open", account_id=owner, kind="chess", seats=2)
    assert unknown["error"]["code"] == "unknown_kind"
    seats = await ask(nc, type="open", account_id=owner, kind="duel", seats=3)
    assert seats["error"]["code"] == "bad_seats"
    settings = await ask(nc, type="open", account_id=owner, kind="duel", seats=2, settings={"pick_seconds": 0})
    assert settings["error"]["code"] == "bad_settings" and "pick_seconds" in settings["error"]["message"]
    opened = await ask(nc, type="open", account_id=owner, kind="duel", seats=2)
    game_id, invite = opened["game_id"], opened["view"]["table"]["invite"]
    early = await ask(nc, type="act", account_id=owner, game_id=game_id, action={"type": "pick", "number": 1})
    assert early["error"]["code"] == "not_started"
    forged = await ask(nc, type="join", account_id=account(), invite=f"{game_id}.forged")
    assert forged["error"]["code"] == "unknown_invite"
    assert (await ask(nc, type="join", account_id=account(), invite=invite))["ok"]
    full = await ask(nc, type="join", account_id=account(), invite=invite)
    assert full["error"]["code"] == "table_full"
    again = await ask(nc, type="open", account_id=owner, kind="echo", seats=1)
    assert again["error"]["code"] == "unknown_kind"  # Echo is not played at a table


async def test_a_bot_takes_an_empty_seat_and_plays_its_turn(duel_engine: Client) -> None:
    nc, owner = duel_engine, account()
    wrong = await ask(nc, type="open", account_id=owner, kind="duel", seats=2, bots=["grandmaster"])
    assert wrong["error"]["code"] == "bad_bots" and "easy" in wrong["error"]["message"]
    opened = await ask(nc, type="open", account_id=owner, kind="duel", seats=2, bots=["easy"])
    assert opened["view"]["table"]["status"] == "playing" and opened["view"]["game"]["picked"] == [False, True]
    ended = await ask(nc, type="act", account_id=owner, game_id=opened["game_id"], action={"type": "pick", "number": 9})
    result = ended["view"]["game"]["result"]
    assert result["picks"][0] == 9 and 1 <= result["picks"][1] <= 9 and result["reason"] in ("higher", "draw")
    envelopes = await stream_events(nc.jetstream(), opened["game_id"])
    bot_pick, own_pick = [e.causation_id for e in envelopes if e.event_type == duel.NumberPicked.event_type]
    assert bot_pick.startswith("!bot:1:") and not own_pick.startswith("!")  # the bot's id is the server's


async def test_a_deadline_comes_back_as_a_command_on_time(duel_engine: Client) -> None:
    nc, owner, guest = duel_engine, account(), account()
    owner_box = await inbox(nc, owner)
    game_id = await open_duel(nc, owner, guest, pick_seconds=1)
    await ask(nc, type="act", account_id=owner, game_id=game_id, action={"type": "pick", "number": 2})
    ended = await owner_box.until(over)
    assert ended["game"]["result"] == {"picks": [2, None], "winner": 0, "reason": "timeout"}


def engine_process(nats_url: str, database_url: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "NATS_URL": nats_url, "DATABASE_URL": database_url, "ECHO_ENGINE_GAMES": json.dumps(DUEL),
           "ECHO_ENGINE_HTTP_PORT": str(free_port()), "LOG_FORMAT": "json", "PYTHONPATH": str(Path.cwd())}
    return subprocess.Popen([sys.executable, "-m", "echo_engine"], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def timeouts(envelopes) -> list:  # noqa: ANN001
    return [e for e in envelopes if e.event_type == duel.DuelRevealed.event_type
            and unwrap(e).reason == "timeout"]


@pytest.mark.fault
async def test_a_deadline_survives_a_restart_of_the_engine_and_two_engines_act_on_it_once(
        private_nats_url: str, fresh_database: str) -> None:
    nc = await connect(private_nats_url, "tests")
    engine = engine_process(private_nats_url, fresh_database)
    try:
        await wait_for_engine(nc)
        game_id = await open_duel(nc, account(), account(), pick_seconds=3)
        engine.terminate()
        engine.wait(10)
        await asyncio.sleep(4)  # the deadline passes with no engine running
        engines = [engine_process(private_nats_url, fresh_database) for _ in range(2)]
        try:
            await wait_for_engine(nc)
            for _ in range(100):
                envelopes = await stream_events(nc.jetstream(), game_id)
                if timeouts(envelopes):
                    break
                await asyncio.sleep(0.1)
            await asyncio.sleep(1)  # time for a second (wrong) action on it to land
            envelopes = await stream_events(nc.jetstream(), game_id)
            assert len(timeouts(envelopes)) == 1
            assert sum(e.causation_id.startswith("!timer:pick:") for e in envelopes) == 1
        finally:
            for other in engines:
                other.terminate()
                other.wait(10)
    finally:
        await nc.drain()
        if engine.poll() is None:
            engine.terminate()


@pytest.mark.fault
async def test_a_deadline_survives_a_restart_of_nats(tmp_path: Path, fresh_database: str) -> None:
    server = EmbeddedNats(tmp_path / "nats")
    url = server.start()
    games.register(duel)
    try:
        async with running(create_app(Settings(nats_url=url, database_url=fresh_database, games=DUEL))):
            nc = await connect(url, "tests")
            game_id = await open_duel(nc, account(), account(), pick_seconds=4)
            await nc.close()
            server.stop()
            await asyncio.sleep(1)
            server.start()
            nc = await connect(url, "tests")
            try:
                for _ in range(150):
                    if timeouts(await stream_events(nc.jetstream(), game_id)):
                        break
                    await asyncio.sleep(0.1)
                assert len(timeouts(await stream_events(nc.jetstream(), game_id))) == 1
            finally:
                await nc.close()
    finally:
        server.stop()
