"""Ghost Five at engine tables over real NATS and PostgreSQL: a seat's clock is a JetStream message schedule,
so it runs out even when the engine process that scheduled it is gone — the deadline passes while no engine
runs, and the restarted one voids the turn exactly at the deadline (`no_commit`) and once."""

from __future__ import annotations

import asyncio
import time
import uuid

import pytest
from echo_events.envelope import unwrap
from echo_runtime.nats_client import connect
from ghost_five.commitment import commit_hash
from ghost_five.events import RevealVoided, TurnResolved

from tests.integration.engine.test_replicas_and_crashes import engine_process, stream_events, wait_for_engine
from tests.support.play import ask

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
