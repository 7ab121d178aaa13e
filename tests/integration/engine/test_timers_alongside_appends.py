"""A table command's deadlines are scheduled while its append is in flight, not after the append's ack; a
replica that loses the append's race to another has then scheduled deadlines for a state the game never
reached, and writes them again from the stream's game before it answers. Two engines in process over real
NATS: B's cache is one command behind A's append, so B's append conflicts. Without local timers (no
`on_local`): what fires is the TIMERS stream's schedules alone."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from datetime import datetime
from typing import Any

import pytest
from echo_engine import games as hosted
from echo_engine.handlers import PlayService
from echo_engine.store import GameStore, LoadedGame
from echo_events.model import Event
from echo_events.play import Act, GetGame, JoinTable, OpenTable
from echo_events.streams import TIMERS, timer_fired_subject, timer_schedule_subject
from echo_runtime.append import AppendConflict
from echo_runtime.clock import SystemClock
from echo_runtime.db import create_pool
from echo_runtime.nats_client import connect, ensure_streams
from ghost_five.commitment import commit_hash
from nats.js import JetStreamContext
from nats.js.errors import NotFoundError

pytestmark = pytest.mark.integration
SETTINGS = {"move_time": 10, "reserve": 0}  # each seat's clock: 12 s a turn (lag allowance included)
SALT = "ab" * 32


def at(body: dict[str, Any] | None) -> float:
    assert body is not None
    return datetime.fromisoformat(body["at"]).timestamp()


async def stored_schedule(js: JetStreamContext, game_id: str, name: str) -> dict[str, Any] | None:
    """The schedule of the game's deadline `name` in TIMERS (its `TimerFired` body), None when there is none."""
    try:
        message = await js.get_last_msg(TIMERS.name, timer_schedule_subject(game_id, name), direct=True)
    except NotFoundError:
        return None
    return json.loads(message.data)


async def fired(js: JetStreamContext, game_id: str) -> list[tuple[str, str]]:
    """(name, at) of every clock of the game whose schedule fired."""
    info = await js.stream_info(TIMERS.name)
    seen, sequence = [], 1
    while sequence <= info.state.last_seq:
        try:
            message = await js.get_msg(TIMERS.name, seq=sequence, subject=timer_fired_subject(game_id), next=True,
                                       direct=True)
        except NotFoundError:
            break
        body = json.loads(message.data)
        if body["name"].startswith("clock-"):
            seen.append((body["name"], body["at"]))
        sequence = message.seq + 1
    return seen


class OverlapStore(GameStore):
    """Before its first append goes out, waits until the schedules of the state it appends are in TIMERS: an
    engine that scheduled only after the append's ack would never get there."""

    seen: dict[str, dict[str, Any] | None] | None = None
    conflicts = 0

    async def append(self, game: LoadedGame, events: list[Event], command_id: str, at: datetime,
                     after: LoadedGame | None = None) -> LoadedGame:
        if self.seen is None:
            assert after is not None and after.state is not None
            wanted = {d.name: d.at for d in after.rules.deadlines(after.state)}
            self.seen = {}
            for _ in range(200):
                self.seen = {name: await stored_schedule(self._js, game.game_id, name) for name in wanted}
                if all(body is not None and datetime.fromisoformat(body["at"]) == wanted[name]
                       for name, body in self.seen.items()):
                    break
                await asyncio.sleep(0.01)
            else:
                raise AssertionError(f"the schedules {sorted(wanted)} were not stored while the append waited")
        try:
            return await super().append(game, events, command_id, at, after)
        except AppendConflict:
            self.conflicts += 1
            raise


async def services(nats_url: str, database_url: str):  # noqa: ANN201
    hosted.load_installed()
    nc = await connect(nats_url, "tests")
    js = nc.jetstream()
    await ensure_streams(js)
    pool = await create_pool(database_url)
    store_b = OverlapStore(js, nc)
    a, b = PlayService(nc, js, pool, SystemClock()), PlayService(nc, js, pool, SystemClock(), store_b)
    return nc, js, pool, a, b, store_b


async def both_commit(a: PlayService, game_id: str, x: str, y: str) -> None:
    """Both seats commit the open turn (A `P:H8`, B `P:C3`, one salt)."""
    game = (await a.handle(GetGame(account_id=x, game_id=game_id))).view["game"]
    for seat, (account, move) in enumerate(((x, "P:H8"), (y, "P:C3"))):
        digest = commit_hash(game["match_id"], game["round"], game["turn"] + 1, seat, move, SALT)
        done = await a.handle(Act(account_id=account, command_id=uuid.uuid4().hex, game_id=game_id,
                                  action={"type": "commit", "commit": digest}))
        assert done.ok, done.error


def reveal(account: str, game_id: str, move: str) -> Act:
    return Act(account_id=account, command_id=uuid.uuid4().hex, game_id=game_id,
               action={"type": "reveal", "action": move, "salt": SALT})


async def open_match(a: PlayService, x: str, y: str) -> str:
    opened = await a.handle(OpenTable(account_id=x, command_id=uuid.uuid4().hex, kind="ghost_five", seats=2,
                                      settings=SETTINGS))
    joined = await a.handle(JoinTable(account_id=y, command_id=uuid.uuid4().hex, invite=opened.view["table"]["invite"]))
    assert joined.ok, joined.error
    return opened.game_id


async def test_the_loser_of_an_append_race_schedules_alongside_and_then_leaves_the_winners_deadlines(
        private_nats_url: str, fresh_database: str) -> None:
    nc, js, pool, a, b, store_b = await services(private_nats_url, fresh_database)
    try:
        x, y = uuid.uuid4().hex, uuid.uuid4().hex
        game_id = await open_match(a, x, y)
        await both_commit(a, game_id, x, y)
        assert (await a.handle(reveal(x, game_id, "P:H8"))).ok
        assert (await b.handle(GetGame(account_id=x, game_id=game_id))).ok  # B caches the turn before Y reveals

        won = await a.handle(reveal(y, game_id, "P:C3"))  # the turn resolves: the next turn's clocks start
        assert won.ok, won.error
        clocks = won.view["game"]["deadlines"]["clocks"]
        winner = {name: await stored_schedule(js, game_id, name) for name in ("clock-A", "clock-B")}
        assert all(at(body) == pytest.approx(clocks[name[-1]], abs=0.001) for name, body in winner.items())

        await asyncio.sleep(0.2)  # B resolves the same turn on its stale cache later: clocks 0.2 s later
        lost = await b.handle(reveal(y, game_id, "P:C3"))
        assert store_b.conflicts == 1 and lost.error is not None  # decided again on the stream's game: refused
        assert store_b.seen is not None and set(store_b.seen) == {"clock-A", "clock-B"}
        for name, body in store_b.seen.items():  # B's schedules were stored while its append was in flight
            assert body is not None and at(body) > at(winner[name])
        assert {name: await stored_schedule(js, game_id, name) for name in winner} == winner  # then corrected

        await asyncio.sleep(max(0.0, max(clocks.values()) + 1.0 - time.time()))
        for _ in range(50):  # both clocks run out at the winner's deadlines, and only then
            if len(await fired(js, game_id)) >= 2:
                break
            await asyncio.sleep(0.1)
        assert sorted(await fired(js, game_id)) == sorted((name, body["at"]) for name, body in winner.items())
    finally:
        await pool.close()
        await nc.drain()


async def test_a_deadline_only_the_loser_wanted_is_cancelled_and_never_fires(
        private_nats_url: str, fresh_database: str) -> None:
    nc, js, pool, a, b, store_b = await services(private_nats_url, fresh_database)
    try:
        x, y = uuid.uuid4().hex, uuid.uuid4().hex
        game_id = await open_match(a, x, y)
        game = (await a.handle(GetGame(account_id=x, game_id=game_id))).view["game"]
        digest = commit_hash(game["match_id"], game["round"], game["turn"] + 1, 0, "P:H8", SALT)
        assert (await a.handle(Act(account_id=x, command_id="c-x", game_id=game_id,
                                   action={"type": "commit", "commit": digest}))).ok
        assert (await b.handle(GetGame(account_id=x, game_id=game_id))).ok  # B caches: only X has committed
        digest = commit_hash(game["match_id"], game["round"], game["turn"] + 1, 1, "P:C3", SALT)
        both = await a.handle(Act(account_id=y, command_id="c-y", game_id=game_id,
                                  action={"type": "commit", "commit": digest}))
        assert both.ok and both.view["game"]["deadlines"]["clocks"] == {"A": None, "B": None}  # the reveal window
        window = await stored_schedule(js, game_id, "reveal")
        assert window is not None

        withdrawn = await b.handle(Act(account_id=x, command_id="w-x", game_id=game_id, action={"type": "withdraw"}))
        assert store_b.conflicts == 1 and withdrawn.error is not None  # on B's cache X's clock ran again
        assert store_b.seen is not None and store_b.seen["clock-A"] is not None
        assert await stored_schedule(js, game_id, "clock-A") is None  # the stream's game wants no clock of X
        assert await stored_schedule(js, game_id, "reveal") == window

        await asyncio.sleep(max(0.0, at(store_b.seen["clock-A"]) + 1.0 - time.time()))
        for _ in range(50):  # Y's clock of the turn's start fires (stale); X's, due with it, was cancelled
            if await fired(js, game_id):
                break
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.5)
        assert [name for name, _ in await fired(js, game_id)] == ["clock-B"]
    finally:
        await pool.close()
        await nc.drain()
