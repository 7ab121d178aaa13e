"""A table game's schedule is written while its command's append is in flight, not after the append's ack, and
only when the command brings the game's earliest deadline sooner: a schedule left for a deadline the game moved
past fires as a wake-up, which runs the game's deadline due by then or writes its schedule again. A replica that
loses the append's race to another has then scheduled a deadline of a state the game never reached, and writes
the schedule again from the stream's game before it answers. Two engines in process over real NATS: B's cache
is one command behind A's append, so B's append conflicts. A schedule that fired is gone: its firing leaves the
game a schedule of what it still wants. Without local timers (no `on_local`): what fires is the TIMERS stream's
schedule alone."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from datetime import datetime, timedelta
from typing import Any

import pytest
from echo_engine import games as hosted
from echo_engine.handlers import PlayService
from echo_engine.store import GameStore, LoadedGame
from echo_engine.timers import NEXT, earliest
from echo_events.model import Event
from echo_events.play import Act, GetGame, JoinTable, OpenTable, TimerFired
from echo_events.streams import TIMERS, timer_fired_subject, timer_schedule_subject
from echo_runtime.append import AppendConflict
from echo_runtime.clock import Clock, MovableClock, SystemClock
from echo_runtime.db import create_pool
from echo_runtime.nats_client import connect, ensure_streams
from ghost_five.commitment import commit_hash
from nats.js import JetStreamContext
from nats.js.errors import NotFoundError

from tests.integration.engine.test_replicas_and_crashes import stream_events

pytestmark = pytest.mark.integration
SETTINGS = {"move_time": 10, "reserve": 0}  # each seat's clock: 12 s a turn (lag allowance included)
SLOW = {"move_time": 30, "reserve": 0}  # 32 s a turn: the reveal window (15 s, once both commit) comes sooner
SALT = "ab" * 32


def at_of(body: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(body["at"])


def at(body: dict[str, Any] | None) -> float:
    assert body is not None
    return at_of(body).timestamp()


async def stored_schedule(js: JetStreamContext, game_id: str) -> dict[str, Any] | None:
    """The game's schedule in TIMERS (its `TimerFired` body), None when there is none."""
    try:
        message = await js.get_last_msg(TIMERS.name, timer_schedule_subject(game_id, NEXT), direct=True)
    except NotFoundError:
        return None
    return json.loads(message.data)


async def fired(js: JetStreamContext, game_id: str) -> list[tuple[str, str]]:
    """(name, at) of every deadline of the game whose schedule fired."""
    info = await js.stream_info(TIMERS.name)
    seen, sequence = [], 1
    while sequence <= info.state.last_seq:
        try:
            message = await js.get_msg(TIMERS.name, seq=sequence, subject=timer_fired_subject(game_id), next=True,
                                       direct=True)
        except NotFoundError:
            break
        body = json.loads(message.data)
        seen.append((body["name"], body["at"]))
        sequence = message.seq + 1
    return seen


class OverlapStore(GameStore):
    """Before its first append goes out, waits until the schedule of the state it appends is in TIMERS: an
    engine that scheduled only after the append's ack would never get there."""

    seen: dict[str, Any] | None = None
    conflicts = 0

    async def append(self, game: LoadedGame, events: list[Event], command_id: str, at: datetime,
                     after: LoadedGame | None = None) -> LoadedGame:
        if self.seen is None:
            assert after is not None and after.state is not None
            first = earliest(after.rules.deadlines(after.state))
            assert first is not None
            for _ in range(200):
                self.seen = await stored_schedule(self._js, game.game_id)
                if self.seen is not None and (self.seen["name"], at_of(self.seen)) == (first.name, first.at):
                    break
                await asyncio.sleep(0.01)
            else:
                raise AssertionError(f"the schedule of {first.name} was not stored while the append waited")
        try:
            return await super().append(game, events, command_id, at, after)
        except AppendConflict:
            self.conflicts += 1
            raise


async def services(nats_url: str, database_url: str, clock: Clock | None = None):  # noqa: ANN201
    hosted.load_installed()
    nc = await connect(nats_url, "tests")
    js = nc.jetstream()
    await ensure_streams(js)
    pool = await create_pool(database_url)
    store_b = OverlapStore(js, nc)
    a, b = PlayService(nc, js, pool, clock or SystemClock()), PlayService(nc, js, pool, SystemClock(), store_b)
    return nc, js, pool, a, b, store_b


async def schedules_written(js: JetStreamContext) -> int:
    """How many messages TIMERS has taken so far (schedules written, and fired)."""
    return (await js.stream_info(TIMERS.name)).state.last_seq


async def commit(a: PlayService, game_id: str, account: str, seat: int, move: str) -> None:
    game = (await a.handle(GetGame(account_id=account, game_id=game_id))).view["game"]
    digest = commit_hash(game["match_id"], game["round"], game["turn"] + 1, seat, move, SALT)
    done = await a.handle(Act(account_id=account, command_id=uuid.uuid4().hex, game_id=game_id,
                              action={"type": "commit", "commit": digest}))
    assert done.ok, done.error


async def both_commit(a: PlayService, game_id: str, x: str, y: str) -> None:
    """Both seats commit the open turn (A `P:H8`, B `P:C3`, one salt)."""
    await commit(a, game_id, x, 0, "P:H8")
    await commit(a, game_id, y, 1, "P:C3")


def reveal(account: str, game_id: str, move: str) -> Act:
    return Act(account_id=account, command_id=uuid.uuid4().hex, game_id=game_id,
               action={"type": "reveal", "action": move, "salt": SALT})


async def open_match(a: PlayService, x: str, y: str, settings: dict[str, Any] = SETTINGS) -> str:
    opened = await a.handle(OpenTable(account_id=x, command_id=uuid.uuid4().hex, kind="ghost_five", seats=2,
                                      settings=settings))
    joined = await a.handle(JoinTable(account_id=y, command_id=uuid.uuid4().hex, invite=opened.view["table"]["invite"]))
    assert joined.ok, joined.error
    return opened.game_id


async def match_scheduled(a: PlayService, js: JetStreamContext) -> tuple[str, str, str, dict[str, Any]]:
    """A new match (its two accounts, its id) and its first schedule: the turn's clocks run out together, and
    X's is the first by name."""
    x, y = uuid.uuid4().hex, uuid.uuid4().hex
    game_id = await open_match(a, x, y)
    first = await stored_schedule(js, game_id)
    assert first is not None and first["name"] == "clock-A"
    return x, y, game_id, first


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
        winner = await stored_schedule(js, game_id)  # both clocks run out together: the first by name
        assert winner is not None and winner["name"] == "clock-A"
        assert at(winner) == pytest.approx(clocks["A"], abs=0.001)

        await asyncio.sleep(0.2)  # B resolves the same turn on its stale cache later: clocks 0.2 s later
        lost = await b.handle(reveal(y, game_id, "P:C3"))
        assert store_b.conflicts == 1 and lost.error is not None  # decided again on the stream's game: refused
        assert store_b.seen is not None and store_b.seen["name"] == "clock-A"  # stored while its append was in flight
        assert at(store_b.seen) > at(winner)
        assert await stored_schedule(js, game_id) == winner  # then written again from the stream's game

        await asyncio.sleep(max(0.0, clocks["A"] + 1.0 - time.time()))
        for _ in range(50):  # the clock runs out at the winner's deadline
            if await fired(js, game_id):
                break
            await asyncio.sleep(0.1)
        assert await fired(js, game_id) == [("clock-A", winner["at"])]
    finally:
        await pool.close()
        await nc.drain()


async def test_a_schedule_only_the_loser_wanted_is_cancelled(private_nats_url: str, fresh_database: str) -> None:
    nc, js, pool, a, b, store_b = await services(private_nats_url, fresh_database)
    try:
        x, y = uuid.uuid4().hex, uuid.uuid4().hex
        game_id = await open_match(a, x, y, SLOW)
        await commit(a, game_id, x, 0, "P:H8")
        assert (await b.handle(GetGame(account_id=x, game_id=game_id))).ok  # B caches X's commit
        cancelled = await a.handle(Act(account_id=y, command_id="cancel", game_id=game_id,
                                       action={"type": "cancel_match"}))
        assert cancelled.ok and cancelled.view["game"]["status"] == "cancelled"  # the match wants no deadline

        game = cancelled.view["game"]
        digest = commit_hash(game["match_id"], game["round"], game["turn"] + 1, 1, "P:C3", SALT)
        committed = await b.handle(Act(account_id=y, command_id="c-y", game_id=game_id,
                                       action={"type": "commit", "commit": digest}))
        assert store_b.conflicts == 1 and committed.error is not None  # on B's cache both have committed
        assert store_b.seen is not None and store_b.seen["name"] == "reveal"  # the window, sooner than Y's clock
        assert await stored_schedule(js, game_id) is None  # cancelled: the stream's game wants none
        assert await fired(js, game_id) == []
    finally:
        await pool.close()
        await nc.drain()


async def test_a_schedule_is_written_only_when_the_earliest_deadline_comes_sooner(
        private_nats_url: str, fresh_database: str) -> None:
    nc, js, pool, a, _, _ = await services(private_nats_url, fresh_database)
    try:
        x, y, game_id, opened = await match_scheduled(a, js)
        written = await schedules_written(js)

        await both_commit(a, game_id, x, y)  # the clocks stop; the reveal window (15 s) ends after them (12 s)
        assert await schedules_written(js) == written
        assert await stored_schedule(js, game_id) == opened  # it fires early: a wake-up

        assert (await a.handle(reveal(x, game_id, "P:H8"))).ok
        resolved = await a.handle(reveal(y, game_id, "P:C3"))  # the next turn's clocks: sooner than the window
        assert resolved.ok, resolved.error
        assert await schedules_written(js) == written + 1
        stored = await stored_schedule(js, game_id)
        assert stored is not None and stored["name"] == "clock-A"
        assert at(stored) == pytest.approx(resolved.view["game"]["deadlines"]["clocks"]["A"], abs=0.001)
    finally:
        await pool.close()
        await nc.drain()


async def test_a_wake_up_for_a_deadline_moved_past_writes_the_schedule_the_game_wants(
        private_nats_url: str, fresh_database: str) -> None:
    nc, js, pool, a, _, _ = await services(private_nats_url, fresh_database)
    try:
        x, y, game_id, first = await match_scheduled(a, js)
        await commit(a, game_id, x, 0, "P:H8")  # X's clock stops: Y's, due at the same time, is the earliest now
        assert await stored_schedule(js, game_id) == first
        before = (await a.handle(GetGame(account_id=x, game_id=game_id))).version

        await js.purge_stream(TIMERS.name, subject=timer_schedule_subject(game_id, NEXT))  # as if it had fired
        await a.tables.fire(TimerFired.model_validate(first), scheduled=True)  # X's clock: moved past, not yet due
        after = await a.handle(GetGame(account_id=x, game_id=game_id))
        assert after.version == before  # nothing ran
        wanted = await stored_schedule(js, game_id)
        assert wanted is not None and (wanted["name"], wanted["at"]) == ("clock-B", first["at"])
    finally:
        await pool.close()
        await nc.drain()


async def test_a_wake_up_runs_the_deadline_that_is_due_by_then(private_nats_url: str, fresh_database: str) -> None:
    clock = MovableClock()
    nc, js, pool, a, _, _ = await services(private_nats_url, fresh_database, clock)
    try:
        x, y, game_id, first = await match_scheduled(a, js)
        await commit(a, game_id, x, 0, "P:H8")
        clock.jump_to(at_of(first) + timedelta(seconds=0.5))  # Y's clock, due with X's, has run out

        await a.tables.fire(TimerFired.model_validate(first), scheduled=True)
        game = (await a.handle(GetGame(account_id=x, game_id=game_id))).view["game"]
        seat_b = game["open_turn"]["B"]
        assert not seat_b["committed"] and seat_b["clock_since"] is None  # Y's clock ran out: Y missed the turn
        assert game["reveal_since"] == pytest.approx(at(first), abs=0.001)  # X's reveal window opened then
        events = await stream_events(js, game_id)
        assert [e.causation_id for e in events if e.causation_id.startswith("!timer:")] == [
            f"!timer:clock-B:{first['at']}"]  # once, as the deadline it was

        await a.tables.fire(TimerFired.model_validate(first), scheduled=True)  # delivered again: changes nothing
        assert len(await stream_events(js, game_id)) == len(events)
        stored = await stored_schedule(js, game_id)  # the fired schedule is gone: the game's is written again
        assert stored is not None and stored["name"] == "reveal"
        assert at(stored) == pytest.approx(game["deadlines"]["reveal"], abs=0.001)
    finally:
        await pool.close()
        await nc.drain()
