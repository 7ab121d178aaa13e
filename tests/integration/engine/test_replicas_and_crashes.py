"""Two engines on one game never write conflicting events; a killed engine loses nothing acknowledged."""

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
import uuid

import pytest
from echo_challenge import game as rules
from echo_events.envelope import decode, unwrap
from echo_events.play import GameCreated
from echo_events.streams import game_events, stream_of
from echo_runtime.devstack import free_port
from nats.js.errors import NotFoundError

from tests.support.play import ask, free_sectors, solo_move

pytestmark = pytest.mark.integration


async def stream_events(js, game_id: str):  # noqa: ANN001, ANN201
    envelopes, seq = [], 1
    while True:
        try:
            raw = await js.get_msg(stream_of(game_id), seq=seq, subject=game_events(game_id), next=True, direct=True)
        except NotFoundError:
            break
        seq = raw.seq + 1
        envelopes += decode(raw.data).events
    return envelopes


def engine_process(nats_url: str, database_url: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "NATS_URL": nats_url, "DATABASE_URL": database_url,
           "ECHO_ENGINE_HTTP_PORT": str(free_port()), "LOG_FORMAT": "json"}
    return subprocess.Popen([sys.executable, "-m", "echo_engine"], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


async def wait_for_engine(nc, limit_s: float = 90.0) -> None:  # noqa: ANN001
    """Until an engine process answers: a busy box can take most of a minute to start one."""
    deadline = time.monotonic() + limit_s
    while True:
        try:
            await nc.request("engine.cmd", b"{}", timeout=0.5)
            return
        except Exception:  # noqa: BLE001 - no responder yet
            if time.monotonic() > deadline:
                raise AssertionError(f"no engine answered in {limit_s:g} s") from None
            await asyncio.sleep(0.05)


async def test_two_engines_racing_on_one_game_write_a_consistent_stream(
    private_nats_url: str, fresh_database: str
) -> None:
    from echo_runtime.nats_client import connect

    engines = [engine_process(private_nats_url, fresh_database) for _ in range(2)]
    nc = await connect(private_nats_url, "tests")
    try:
        await wait_for_engine(nc)
        await asyncio.sleep(1.0)  # both replicas subscribed
        game = await ask(nc, type="start", account_id="racer", mode="free", preset="standard")
        hidden = [i for i, c in enumerate("".join(game["view"]["board"])) if c == "#"]
        # many devices click at once; the queue group spreads them over both replicas
        replies = await asyncio.gather(*(
            solo_move(nc, "probe", account_id="racer", game_id=game["game_id"], sector=s) for s in hidden[:40]
        ))
        accepted = [r for r in replies if r["ok"]]
        envelopes = await stream_events(nc.jetstream(), game["game_id"])
        versions = [e.version for e in envelopes]
        assert versions == list(range(1, len(versions) + 1))  # no gaps, no forks
        events = [unwrap(e) for e in envelopes if e.event_type != GameCreated.event_type]
        state = rules.fold(events)
        ticks = state.tick
        assert ticks == len(accepted)  # every acknowledged click is exactly one tick in the stream
        assert all(r["error"]["code"] in ("game_over", "busy") for r in replies if not r["ok"])
        final = await ask(nc, type="get", account_id="racer", game_id=game["game_id"])
        assert final["view"]["tick"] == ticks
    finally:
        await nc.drain()
        for engine in engines:
            engine.terminate()
            engine.wait(10)


async def test_kill_9_the_engine_mid_game_and_continue(private_nats_url: str, fresh_database: str) -> None:
    from echo_runtime.nats_client import connect

    engine = engine_process(private_nats_url, fresh_database)
    nc = await connect(private_nats_url, "tests")
    try:
        await wait_for_engine(nc)
        game = await ask(nc, type="start", account_id="phoenix", mode="free", preset="standard")
        hidden = free_sectors("phoenix", "standard")
        acknowledged = None
        for sector in hidden[:5]:
            acknowledged = await solo_move(nc, "probe", account_id="phoenix", game_id=game["game_id"], sector=sector)
        engine.send_signal(signal.SIGKILL)
        engine.wait(10)
        engine = engine_process(private_nats_url, fresh_database)
        await wait_for_engine(nc)
        resumed = await ask(nc, type="get", account_id="phoenix", game_id=game["game_id"])
        assert resumed["view"] == acknowledged["view"]
        after = await solo_move(nc, "probe", account_id="phoenix", game_id=game["game_id"], sector=hidden[5])
        assert after["ok"] and after["view"]["tick"] == acknowledged["view"]["tick"] + 1
    finally:
        await nc.drain()
        engine.terminate()
        engine.wait(10)


async def test_a_command_retried_after_the_engine_died_lands_once(private_nats_url: str, fresh_database: str) -> None:
    from echo_runtime.nats_client import connect

    engine = engine_process(private_nats_url, fresh_database)
    nc = await connect(private_nats_url, "tests")
    try:
        await wait_for_engine(nc)
        game = await ask(nc, type="start", account_id="retry", mode="free", preset="standard")
        sector = "".join(game["view"]["board"]).index("#")
        command = uuid.uuid4().hex
        first = await solo_move(nc, "probe", account_id="retry", game_id=game["game_id"], sector=sector,
                          command_id=command)
        engine.send_signal(signal.SIGKILL)
        engine.wait(10)
        engine = engine_process(private_nats_url, fresh_database)
        await wait_for_engine(nc)
        again = await solo_move(nc, "probe", account_id="retry", game_id=game["game_id"], sector=sector,
                          command_id=command)
        assert again["duplicate"] and again["version"] == first["version"]
        assert json.dumps(again["view"], sort_keys=True) == json.dumps(first["view"], sort_keys=True)
    finally:
        await nc.drain()
        engine.terminate()
        engine.wait(10)


async def test_a_replica_with_a_stale_cache_does_not_refuse_a_valid_move(
    private_nats_url: str, fresh_database: str
) -> None:
    """Replica A plays a step; replica B, whose cache is a step behind, gets the next one: B must not
    judge it by its stale state (the Tutorial would call it the wrong step)."""
    from echo_challenge.tutorial import SCRIPT
    from echo_engine.handlers import PlayService
    from echo_events.play import Act, StartGame
    from echo_runtime.clock import SystemClock
    from echo_runtime.db import create_pool
    from echo_runtime.nats_client import connect, ensure_streams

    nc = await connect(private_nats_url, "tests")
    js = nc.jetstream()
    await ensure_streams(js)
    pool = await create_pool(fresh_database)
    a, b = (PlayService(nc, js, pool, SystemClock()) for _ in range(2))
    started = await a.handle(StartGame(account_id="t", command_id="s1", mode="tutorial"))
    game_id = started.game_id
    first, second = SCRIPT[0], SCRIPT[1]
    assert first.tool == second.tool == "probe"
    def probe(command_id: str, sector: int) -> Act:
        return Act(account_id="t", command_id=command_id, game_id=game_id, action={"type": "probe", "sector": sector})

    await b.handle(probe("warm", 99))  # B caches tick 0
    assert (await a.handle(probe("m1", first.sector))).ok
    reply = await b.handle(probe("m2", second.sector))
    assert reply.ok, reply.error
    assert reply.view["tick"] == 2
    await pool.close()
    await nc.drain()
