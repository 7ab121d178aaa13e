"""A command the rules refuse on a replica's cached game is decided again on the game read from the stream
only when the stream holds something newer: another replica's append still turns a refusal into the right
answer, and a refusal on a current cache (a stale timer, every turn of a timed game) reads no history."""

import uuid

import pytest
from echo_engine import games as hosted
from echo_engine.handlers import PlayService
from echo_events.play import Act, GetGame, JoinTable, OpenTable
from echo_runtime.clock import SystemClock
from echo_runtime.db import create_pool
from echo_runtime.nats_client import connect, ensure_streams
from ghost_five.commitment import commit_hash

from tests.integration.engine.test_act_loads_once import CountingStore

pytestmark = pytest.mark.integration


async def test_a_refusal_reads_the_history_back_only_when_the_stream_moved_on(
        private_nats_url: str, fresh_database: str) -> None:
    hosted.load_installed()
    nc = await connect(private_nats_url, "tests")
    js = nc.jetstream()
    await ensure_streams(js)
    pool = await create_pool(fresh_database)
    try:
        store_b = CountingStore(js, nc)
        a, b = PlayService(nc, js, pool, SystemClock()), PlayService(nc, js, pool, SystemClock(), store_b)
        x, y = uuid.uuid4().hex, uuid.uuid4().hex
        opened = await a.handle(OpenTable(account_id=x, command_id="o", kind="ghost_five", seats=2, settings={}))
        joined = await a.handle(JoinTable(account_id=y, command_id="j", invite=opened.view["table"]["invite"]))
        game_id, game = opened.game_id, joined.view["game"]
        assert (await b.handle(GetGame(account_id=x, game_id=game_id))).ok  # B caches the game before the commit
        digest = commit_hash(game["match_id"], game["round"], game["turn"] + 1, 0, "P:H8", "ab" * 32)
        committed = await a.handle(Act(account_id=x, command_id="c", game_id=game_id,
                                       action={"type": "commit", "commit": digest}))
        assert committed.ok, committed.error
        refolds = store_b.refolds

        withdrawn = await b.handle(Act(account_id=x, command_id="w1", game_id=game_id, action={"type": "withdraw"}))
        assert withdrawn.ok, withdrawn.error  # refused on B's cache (no commit there), accepted on the stream's
        assert withdrawn.version == committed.version + 1 and store_b.refolds == refolds + 1

        again = await b.handle(Act(account_id=x, command_id="w2", game_id=game_id, action={"type": "withdraw"}))
        assert again.error is not None and again.error.code == "nothing_to_withdraw"
        assert store_b.refolds == refolds + 1  # B's cache is the stream's last message: no history read
    finally:
        await pool.close()
        await nc.drain()
