"""Quotas (issue 36): one account cannot grow the never-purged GAMES stream past a bound — tables waiting in a
lobby per kind, tables opened in a day per kind, Tutorials a day (the unfinished one replaced) — each refused
with its own code; a lobby that never starts closes by itself; a retried command is never refused by a quota.

Before: one account opened 400 Ghost Five tables in 48 s and 100 Tutorials in 12 s."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator
from datetime import datetime, timedelta

import pytest
from echo_engine.app import create_app
from echo_engine.quotas import LOBBY_CLOSE
from echo_engine.settings import Settings
from echo_events.play import SeatLeft, TimerFired
from echo_events.streams import GAMES, TIMERS, timer_fired_subject, timer_schedule_subject
from echo_runtime.clock import MovableClock
from echo_runtime.nats_client import connect
from nats.aio.client import Client
from nats.js.errors import NotFoundError

from tests.integration.engine.test_replicas_and_crashes import stream_events
from tests.support.play import ask
from tests.support.servers import running

pytestmark = pytest.mark.integration
LOBBIES, TABLES, TUTORIALS = 2, 6, 3


@pytest.fixture
async def engine(private_nats_url: str, fresh_database: str,
                 monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[Client, MovableClock]]:
    monkeypatch.setenv("ECHO_ENGINE_LOBBIES_PER_KIND", str(LOBBIES))
    monkeypatch.setenv("ECHO_ENGINE_TABLES_PER_DAY", str(TABLES))
    monkeypatch.setenv("ECHO_ENGINE_TUTORIALS_PER_DAY", str(TUTORIALS))
    clock = MovableClock()
    settings = Settings(nats_url=private_nats_url, database_url=fresh_database, games=["tests.support.duel"])
    async with running(create_app(settings, clock=clock)):
        client = await connect(private_nats_url, "tests")
        yield client, clock
        await client.drain()


def account() -> str:
    return uuid.uuid4().hex


async def open_duel(nc: Client, owner: str, command_id: str | None = None) -> dict:
    return await ask(nc, type="open", account_id=owner, kind="duel", seats=2, settings={"pick_seconds": 60},
                     command_id=command_id or uuid.uuid4().hex)


async def test_lobbies_per_kind_are_bounded_and_a_retry_is_answered_as_before(engine) -> None:  # noqa: ANN001
    nc, _ = engine
    me, other = account(), account()
    first = await open_duel(nc, me)
    last = await open_duel(nc, me, "last-one")
    assert first["ok"] and last["ok"] and last["view"]["table"]["status"] == "lobby"
    refused = await open_duel(nc, me)
    assert refused["ok"] is False and refused["error"]["code"] == "lobby_limit", refused
    again = await open_duel(nc, me, "last-one")  # the retry of a table that was opened
    assert again["ok"] and again["game_id"] == last["game_id"]
    assert (await open_duel(nc, other))["ok"]  # another account is not touched

    left = await ask(nc, type="leave", account_id=me, game_id=first["game_id"])
    assert left["ok"]
    assert (await open_duel(nc, me))["ok"]  # a lobby left frees its place

    joined = await ask(nc, type="join", account_id=other, invite=last["view"]["table"]["invite"])
    assert joined["view"]["table"]["status"] == "playing"
    assert (await open_duel(nc, me))["ok"]  # so does one that started


async def test_a_table_that_starts_at_once_takes_no_lobby_and_gets_no_closing_time(engine) -> None:  # noqa: ANN001
    nc, _ = engine
    me = account()
    with_bots = [await ask(nc, type="open", account_id=me, kind="duel", seats=2, settings={"pick_seconds": 60},
                           bots=["easy"], command_id=uuid.uuid4().hex) for _ in range(LOBBIES + 1)]
    assert all(reply["ok"] and reply["view"]["table"]["status"] == "playing" for reply in with_bots), with_bots
    assert (await open_duel(nc, me))["ok"]  # the lobbies are all free still
    with pytest.raises(NotFoundError):
        await nc.jetstream().get_last_msg(TIMERS.name, timer_schedule_subject(with_bots[0]["game_id"], LOBBY_CLOSE))


async def test_a_lobby_that_never_starts_closes_by_itself(engine) -> None:  # noqa: ANN001
    nc, clock = engine
    me = account()
    js = nc.jetstream()
    opened = [await open_duel(nc, me) for _ in range(LOBBIES)]
    game_id = opened[0]["game_id"]
    schedule = await js.get_last_msg(TIMERS.name, timer_schedule_subject(game_id, LOBBY_CLOSE))
    fired = TimerFired.model_validate_json(schedule.data)
    assert fired.name == LOBBY_CLOSE
    due = datetime.fromisoformat(fired.at)
    assert timedelta(minutes=59) < due - clock.now() <= timedelta(minutes=60)

    early = await js.publish(timer_fired_subject(game_id), schedule.data, stream=TIMERS.name)  # ahead of time
    assert early.seq
    await asyncio.sleep(0.5)  # nothing may happen: the engine's clock says it is not time
    assert (await open_duel(nc, me))["error"]["code"] == "lobby_limit"

    clock.advance(timedelta(minutes=61))  # the schedule fires, as NATS would at its time
    await js.publish(timer_fired_subject(game_id), schedule.data, stream=TIMERS.name)
    async with asyncio.timeout(20):
        while SeatLeft.event_type not in {e.event_type for e in await stream_events(js, game_id)}:  # noqa: ASYNC110
            await asyncio.sleep(0.1)
    assert (await open_duel(nc, me))["ok"]  # its place is free
    closed = await ask(nc, type="get", account_id=me, game_id=game_id)
    assert closed["view"]["table"]["status"] == "closed" and closed["view"]["table"]["taken"] == 0


async def test_one_account_cannot_grow_games_past_a_bound(engine) -> None:  # noqa: ANN001
    nc, _ = engine
    me = account()
    codes: list[str] = []
    for _ in range(4 * TABLES):  # open and leave at once: never more than one lobby, ever more tables
        opened = await open_duel(nc, me)
        if not opened["ok"]:
            codes.append(opened["error"]["code"])
            continue
        assert (await ask(nc, type="leave", account_id=me, game_id=opened["game_id"]))["ok"]
    tutorials = [await ask(nc, type="start", account_id=me, mode="tutorial") for _ in range(4 * TUTORIALS)]
    codes += [t["error"]["code"] for t in tutorials if not t["ok"]]

    assert codes == ["table_limit"] * 3 * TABLES + ["tutorial_limit"] * 3 * TUTORIALS
    games = await nc.jetstream().stream_info(GAMES.name, subjects_filter="echo.game.*.lifecycle")
    assert len(games.state.subjects or {}) == TABLES + TUTORIALS  # the account's games: GAMES holds no more


async def test_a_new_tutorial_replaces_the_unfinished_one(engine) -> None:  # noqa: ANN001
    nc, _ = engine
    me = account()
    first = await ask(nc, type="start", account_id=me, mode="tutorial")
    retried = await ask(nc, type="start", account_id=me, mode="tutorial", command_id="tut-2")
    assert (await ask(nc, type="start", account_id=me, mode="tutorial", command_id="tut-2"))["game_id"] == \
        retried["game_id"]  # a retry is the same Tutorial, not a new one
    old = await ask(nc, type="get", account_id=me, game_id=first["game_id"])
    assert old["view"]["status"] == "finished"
    current = await ask(nc, type="get", account_id=me, game_id=retried["game_id"])
    assert current["view"]["status"] == "live", json.dumps(current)[:300]


async def test_many_opens_and_tutorials_at_once_are_all_answered(engine) -> None:  # noqa: ANN001
    """More at once than the engine's PostgreSQL pool has connections (10): a quota that held its connection
    while the table was opened, which needs another, left every one of them waiting for good."""
    nc, _ = engine
    opened = await asyncio.gather(*(open_duel(nc, account()) for _ in range(30)))
    assert all(reply["ok"] for reply in opened), [r for r in opened if not r["ok"]][:1]
    started = await asyncio.gather(*(ask(nc, type="start", account_id=account(), mode="tutorial",
                                         command_id=uuid.uuid4().hex) for _ in range(30)))
    assert all(reply["ok"] for reply in started), [r for r in started if not r["ok"]][:1]
