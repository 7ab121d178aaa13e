"""Ghost Five at engine tables over real NATS and PostgreSQL: a seat's clock is a JetStream message schedule,
so it runs out even when the engine process that scheduled it is gone — the deadline passes while no engine
runs, and the restarted one voids the turn exactly at the deadline (`no_commit`) and once. Quick pairing's
waiting list is shared by engine replicas: players asking different replicas at once each get exactly one
opponent."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections import Counter

import asyncpg
import pytest
from echo_engine.app import create_app
from echo_engine.settings import Settings
from echo_events.envelope import unwrap
from echo_events.play import replica_subject
from echo_runtime.nats_client import connect
from ghost_five.commitment import commit_hash
from ghost_five.events import RevealVoided, TurnResolved

from tests.integration.engine.test_replicas_and_crashes import engine_process, stream_events, wait_for_engine
from tests.support.play import ask
from tests.support.servers import running

pytestmark = pytest.mark.integration
KIND = "ghost_five"


def account() -> str:
    return uuid.uuid4().hex


async def open_match(nc, settings: dict) -> tuple[str, str, str, dict]:  # noqa: ANN001
    """Two accounts at one table by invitation: (game id, A's account, B's account, A's first view)."""
    a, b = account(), account()
    opened = await ask(nc, type="open", account_id=a, kind=KIND, seats=2, settings=settings)
    assert opened["ok"], opened
    joined = await ask(nc, type="join", account_id=b, invite=opened["view"]["table"]["invite"])
    assert joined["ok"] and joined["view"]["table"]["status"] == "playing", joined
    view = (await ask(nc, type="get", account_id=a, game_id=opened["game_id"]))["view"]
    return opened["game_id"], a, b, view


async def rules_events(nc, game_id: str) -> list:  # noqa: ANN001
    return [(e.causation_id, unwrap(e)) for e in await stream_events(nc.jetstream(), game_id)
            if e.event_type.startswith(f"{KIND}.")]


@pytest.mark.fault
async def test_a_clock_runs_out_while_the_engine_is_down_and_the_restarted_engine_voids_the_turn_once(
        private_nats_url: str, fresh_database: str) -> None:
    nc = await connect(private_nats_url, "tests")
    engine = engine_process(private_nats_url, fresh_database)
    restarted = None
    try:
        await wait_for_engine(nc)
        game_id, a, _, view = await open_match(nc, {"move_time": 10, "reserve": 0})
        game = view["game"]
        due_b = game["deadlines"]["clocks"]["B"]
        salt = "ab" * 32
        digest = commit_hash(game["match_id"], 1, 1, 0, "P:H8", salt)
        committed = await ask(nc, type="act", account_id=a, game_id=game_id,
                              action={"type": "commit", "commit": digest})
        assert committed["ok"], committed
        engine.terminate()
        engine.wait(10)
        await asyncio.sleep(max(0.0, due_b + 1.5 - time.time()))  # B's deadline passes with no engine running
        restarted = engine_process(private_nats_url, fresh_database)
        await wait_for_engine(nc)
        voided = []
        for _ in range(200):
            voided = [(cause, e) for cause, e in await rules_events(nc, game_id) if isinstance(e, RevealVoided)]
            if voided:
                break
            await asyncio.sleep(0.1)
        (cause, void), = voided
        assert void.seat == 1 and void.reason == "no_commit" and void.at == pytest.approx(due_b, abs=0.001)
        assert cause.startswith("!timer:clock-B:")
        revealed = await ask(nc, type="act", account_id=a, game_id=game_id,
                             action={"type": "reveal", "action": "P:H8", "salt": salt})
        assert revealed["ok"], revealed
        log = revealed["view"]["game"]["log"]
        assert log[0]["actions"] == {"A": "P:H8", "B": None} and log[0]["void"]["B"] == "no_commit"
        await asyncio.sleep(1)  # time for a second (wrong) firing to land
        events = [e for _, e in await rules_events(nc, game_id)]
        assert sum(isinstance(e, RevealVoided) for e in events) == 1
        assert sum(isinstance(e, TurnResolved) for e in events) == 1
    finally:
        await nc.drain()
        for process in (engine, restarted):
            if process is not None and process.poll() is None:
                process.terminate()
                process.wait(10)


async def ask_replica(nc, replica: str, **request) -> dict:  # noqa: ANN001, ANN003
    request.setdefault("command_id", uuid.uuid4().hex)
    reply = await nc.request(replica_subject(replica), json.dumps(request).encode(), timeout=10)
    return json.loads(reply.data)


async def test_quick_pairing_across_two_engine_replicas_gives_everyone_exactly_one_opponent(
        private_nats_url: str, fresh_database: str) -> None:
    replicas = ("pair-one", "pair-two")
    apps = [create_app(Settings(nats_url=private_nats_url, database_url=fresh_database, replica=r)) for r in replicas]
    async with running(apps[0]), running(apps[1]):
        nc = await connect(private_nats_url, "tests")
        try:
            first, second = account(), account()
            waits = await ask_replica(nc, replicas[0], type="pair", account_id=first, command_id="p-1", kind=KIND)
            assert waits["ok"] and waits["data"] == {"waiting": True} and waits.get("game_id") is None
            again = await ask_replica(nc, replicas[1], type="pair", account_id=first, command_id="p-1", kind=KIND)
            assert again["data"] == {"waiting": True}  # a retry: still one entry
            paired = await ask_replica(nc, replicas[1], type="pair", account_id=second, command_id="p-2", kind=KIND)
            table = paired["view"]["table"]
            assert paired["ok"] and table["status"] == "playing" and table["you"] == 1
            retry = await ask_replica(nc, replicas[0], type="pair", account_id=second, command_id="p-2", kind=KIND)
            assert retry["game_id"] == paired["game_id"] and retry["duplicate"]
            seen = await ask(nc, type="get", account_id=first, game_id=paired["game_id"])
            assert seen["view"]["table"]["you"] == 0 and seen["view"]["game"]["status"] == "live"

            crowd = [account() for _ in range(10)]
            await asyncio.gather(*(ask_replica(nc, replicas[n % 2], type="pair", account_id=player, kind=KIND)
                                   for n, player in enumerate(crowd)))
            pool = await asyncpg.connect(fresh_database)
            try:
                rows = await pool.fetch("SELECT account_id, game_id FROM engine_pairing WHERE account_id = ANY($1)",
                                        crowd)
            finally:
                await pool.close()
            tables = Counter(row["game_id"] for row in rows)
            assert len(rows) == 10 and None not in tables and sorted(tables.values()) == [2] * 5
            for row in rows:
                view = (await ask(nc, type="get", account_id=row["account_id"], game_id=row["game_id"]))["view"]
                assert view["table"]["status"] == "playing" and view["game"]["status"] == "live"
        finally:
            await nc.drain()
