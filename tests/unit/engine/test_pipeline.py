"""The one command pipeline (echo_engine.bootstrap) on in-memory ports: a table's life from its opening to a
deadline that comes back as a command, a stale deadline, a retried command, another replica's append and a
solo game's move — no NATS, no database, no real time: the clock moves when the test moves it."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from echo_challenge import hosting as echo
from echo_engine import games
from echo_engine.bootstrap import bootstrap
from echo_events.daily import DailyPublished
from echo_events.play import Act, GameCreated, JoinTable, OpenTable, SeatTaken, TimerFired
from echo_events.solo_start import DailyRef, SoloStart

from tests.support import duel
from tests.unit.engine.fakes import FixedClock, InMemoryStore, ManualScheduler, RecordingPublisher

pytestmark = pytest.mark.unit


class Engine:
    def __init__(self) -> None:
        games.register(duel)
        self.store, self.publisher = InMemoryStore(), RecordingPublisher()
        self.scheduler, self.clock = ManualScheduler(), FixedClock()
        self.tables = bootstrap(self.store, self.publisher, self.scheduler, self.clock)

    async def duel(self, pick_seconds: int = 30) -> str:
        opened = await self.tables.open(OpenTable(account_id="ann", command_id="o1", kind="duel", seats=2,
                                                  settings={"pick_seconds": pick_seconds}))
        joined = await self.tables.join(JoinTable(account_id="bob", command_id="j1",
                                                  invite=opened.view["table"]["invite"]))
        assert joined.ok and joined.view["table"]["status"] == "playing"
        return opened.game_id

    async def pick(self, account: str, game_id: str, number: int, command_id: str | None = None):  # noqa: ANN201
        return await self.tables.act(Act(account_id=account, command_id=command_id or f"{account}-{number}",
                                         game_id=game_id, action={"type": "pick", "number": number}))

    async def daily(self) -> tuple[str, DailyPublished]:
        """A Daily's game of ann, its Daily closing in an hour."""
        closes_at = self.clock.now() + timedelta(hours=1)
        daily = DailyPublished(daily_id="2026-12-06:bronze", number=36, date=date(2026, 12, 6), league="bronze",
                               name_ru="Тихая прохлада", preset_id="standard", seed=42,
                               opens_at=closes_at - timedelta(days=1), closes_at=closes_at)
        rules = games.solo_game()
        _, events = rules.start(rules.solo.daily_setup(daily))
        meta = GameCreated(game_id="d1", account_id="ann", mode="daily", msk_date="2026-12-06", kind=rules.kind,
                           settings=rules.solo.start_settings(SoloStart("standard", "bronze",
                                                                        DailyRef(daily.daily_id, daily.number))))
        await self.tables.command("d1", "start", lambda game, now: [meta, *events], account_id="ann")
        return "d1", daily

    async def fire_due(self) -> int:
        fired = self.scheduler.due(self.clock.now())
        for timer in fired:
            await self.tables.fire(timer, scheduled=True)
        return len(fired)


async def test_a_deadline_comes_back_as_a_command_when_the_clock_reaches_it() -> None:
    engine = Engine()
    game_id = await engine.duel(pick_seconds=30)
    assert engine.scheduler.schedules[game_id].name == "pick"
    assert (await engine.pick("ann", game_id, 2)).ok
    engine.clock.advance(29)
    assert await engine.fire_due() == 0  # not yet
    engine.clock.advance(2)
    assert await engine.fire_due() == 1
    final = engine.publisher.of("bob")[-1].view["game"]
    assert final["result"] == {"picks": [2, None], "winner": 0, "reason": "timeout"}
    assert game_id not in engine.scheduler.schedules  # the game over wants no deadline


async def test_a_spans_deadline_runs_when_its_schedule_fires_though_the_engines_clock_is_behind() -> None:
    engine = Engine()
    game_id = await engine.duel(pick_seconds=30)
    by_the_wall = engine.scheduler.due(engine.clock.now() + timedelta(seconds=31))  # the engine's clock: still 0 s
    for timer in by_the_wall:
        await engine.tables.fire(timer, scheduled=True)
    assert (await engine.store.load(game_id)).state.result.reason == "timeout"


async def test_a_deadline_the_game_moved_past_changes_nothing() -> None:
    engine = Engine()
    game_id = await engine.duel(pick_seconds=30)
    stale = engine.scheduler.due(engine.clock.now() + timedelta(seconds=31))  # the schedule as it was
    await engine.pick("ann", game_id, 5)
    await engine.pick("bob", game_id, 5)
    before = engine.store.events(game_id)
    engine.clock.advance(31)
    for timer in stale:
        await engine.tables.fire(timer, scheduled=True)
    assert engine.store.events(game_id) == before
    assert (await engine.store.load(game_id)).state.result.reason == "draw"


async def test_a_retried_command_is_answered_once_and_stored_once() -> None:
    engine = Engine()
    game_id = await engine.duel()
    first = await engine.pick("ann", game_id, 7, command_id="c1")
    again = await engine.pick("ann", game_id, 7, command_id="c1")
    assert first.ok and again.ok and again.duplicate and again.version == first.version
    assert [type(e).__name__ for e in engine.store.events(game_id)].count("NumberPicked") == 1


async def test_another_replicas_append_is_decided_on_again_not_overwritten() -> None:
    engine = Engine()
    game_id = await engine.duel()
    await engine.store.elsewhere(game_id, [duel.NumberPicked(seat=1, number=3)], "elsewhere")
    reply = await engine.pick("ann", game_id, 8)
    assert reply.ok and engine.store.conflicts == 1
    assert reply.view["game"]["result"] == {"picks": [8, 3], "winner": 0, "reason": "higher"}


async def test_a_seat_taken_through_another_replica_is_found_on_the_stream_not_refused() -> None:
    engine = Engine()
    opened = await engine.tables.open(OpenTable(account_id="ann", command_id="o1", kind="duel", seats=2))
    await engine.store.elsewhere(opened.game_id, [SeatTaken(seat=1, account_id="bob")], "j1")
    reply = await engine.pick("bob", opened.game_id, 3)  # this replica's cache has no seat of bob's
    assert reply.error is not None and reply.error.code == "not_started"  # the stream's game has, unstarted


async def test_a_solo_game_moves_through_the_same_step_with_its_coach() -> None:
    engine = Engine()
    rules = games.solo_game()
    _, events = rules.start(rules.solo.tutorial_setup())
    meta = GameCreated(game_id="t1", account_id="ann", mode="tutorial",
                       settings=rules.solo.start_settings(SoloStart("tutorial")), msk_date="2026-12-06",
                       kind=rules.kind)
    opened = await engine.tables.command("t1", "start", lambda game, now: [meta, *events], account_id="ann")
    assert opened.version == 1 + len(events)
    step = echo.tutorial_step(opened.state)
    wrong = 0 if step.sector != 0 else 1
    refused = await engine.tables.act(Act(account_id="ann", command_id="m0", game_id="t1",
                                          action={"type": step.tool, "sector": wrong}))
    assert not refused.ok and refused.error.code == "tutorial_step"
    moved = await engine.tables.act(Act(account_id="ann", command_id="m1", game_id="t1",
                                        action={"type": step.tool, "sector": step.sector}))
    assert moved.ok and moved.view["mode"] == "tutorial" and moved.view["tutorial"]["step"] == 2
    assert engine.publisher.of("ann")[-1].version == moved.version  # the player's other devices hear of it


async def test_a_dailys_close_is_its_games_deadline_and_runs_by_the_engines_clock() -> None:
    engine = Engine()
    game_id, daily = await engine.daily()
    close = engine.scheduler.schedules[game_id]
    assert (close.name, close.at) == (echo.DAILY_CLOSE, daily.closes_at)
    early = TimerFired(game_id=game_id, name=close.name, at=close.at.isoformat(), command=dict(close.command))
    await engine.tables.fire(early, scheduled=True)  # a schedule by wall time, before the engine's midnight
    assert (await engine.store.load(game_id)).state.live
    armed = engine.scheduler.schedules[game_id]  # this replica's own timer keeps it
    assert (armed.name, armed.at) == (close.name, close.at)
    engine.clock.advance(3600)
    assert await engine.fire_due() == 1
    game = await engine.store.load(game_id)
    assert game.state.status == "expired" and game.state.credits == 0
    assert engine.publisher.of("ann")[-1].view["status"] == "expired"
    assert game_id not in engine.scheduler.schedules  # an expired game wants no deadline
