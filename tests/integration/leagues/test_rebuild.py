"""Idempotence and rebuild: redelivering every message changes nothing; `python -m echo_leagues.rebuild`
(truncate, reset positions, delete and recreate the durables, replay from the first sequence) ends with
identical tables; the service then goes on from the end of the streams."""

import asyncio
import datetime as dt
import os
import sys

import pytest
from echo_leagues.projections import CONSUMERS

from tests.integration.leagues.test_weeks import SUNDAY, T0, WEEK, play_week
from tests.support.leagues import close_week, daily_event, finish_game, publish_game, snapshot
from tests.support.play import close_daily

pytestmark = pytest.mark.integration


async def a_busy_history(leagues) -> None:  # noqa: ANN001
    """A week of every kind of fact: games in four leagues, callsigns, late confirmations, a Daily
    published and closed, a live game at the week's close, the week closed and settled, then a new week."""
    await play_week(leagues)
    sunday = daily_event(SUNDAY, "bronze", seed=7)
    await leagues.js.publish("daily.published.bronze", _batch(sunday, sunday.daily_id, 1), stream="DAILY")
    late = await publish_game(leagues.js, "u", sunday, credits=0, finish=False)
    await leagues.accounts.callsign("b3", "Переименован", T0 + dt.timedelta(days=2))
    await leagues.accounts.confirm("u", T0 + dt.timedelta(days=3))  # brings u's Monday game in
    await leagues.settle()
    await close_daily(leagues.js, sunday)
    await close_week(leagues.js, WEEK)
    await finish_game(
        leagues.js,
        late,
        credits=35,
        clean=0,
        lossy=1,
        tick=8,
        status="expired",
        finished_at=T0 + dt.timedelta(days=7),
    )
    next_monday = daily_event(WEEK + dt.timedelta(days=7), "silver")
    await publish_game(
        leagues.js,
        "b0",
        next_monday,
        credits=55,
        clean=1,
        tick=14,
        finished_at=T0 + dt.timedelta(days=7, hours=3),
    )
    await leagues.settle()
    assert await leagues.pool.fetchval("SELECT count(*) FROM leagues_results") == 42


def _batch(event, stream_id: str, version: int) -> bytes:  # noqa: ANN001
    import uuid

    from echo_events.envelope import Batch, encode, wrap

    envelope = wrap(
        event,
        event_id=uuid.uuid4().hex,
        stream_id=stream_id,
        version=version,
        occurred_at=dt.datetime.now(dt.UTC),
    )
    return encode(Batch(events=(envelope,)))


async def test_redelivering_every_message_changes_nothing(leagues) -> None:  # noqa: ANN001
    await a_busy_history(leagues)
    before = await snapshot(leagues.pool)
    await leagues.stop()
    for spec in CONSUMERS:  # new durables deliver the whole streams again onto the existing tables
        await leagues.js.delete_consumer(spec.stream, spec.durable)
    await leagues.start()
    await leagues.settle()
    for spec in CONSUMERS:
        info = await leagues.js.consumer_info(spec.stream, spec.durable)
        assert info.delivered.stream_seq > 0 or spec.durable == "leagues-weeks" or info.num_pending == 0
    assert await snapshot(leagues.pool) == before


async def test_rebuild_gives_identical_tables(leagues) -> None:  # noqa: ANN001
    await a_busy_history(leagues)
    before = await snapshot(leagues.pool)
    assert before["leagues_members"] and before["leagues_results"] and before["leagues_games"]
    await leagues.stop()
    await leagues.pool.execute("UPDATE leagues_games SET credits = credits + 1")  # damage to be undone
    env = {
        **os.environ,
        "NATS_URL": leagues.nats_url,
        "DATABASE_URL": leagues.database_url,
        "LOG_FORMAT": "json",
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "echo_leagues.rebuild",
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    output, _ = await asyncio.wait_for(process.communicate(), 120)
    assert process.returncode == 0, output.decode()
    assert b"leagues projections rebuilt" in output
    assert await snapshot(leagues.pool) == before

    # the restarted service goes on from the end of the streams
    await leagues.start()
    await publish_game(
        leagues.js,
        "s4",
        daily_event(WEEK + dt.timedelta(days=8), "silver"),
        credits=20,
        tick=5,
        finished_at=T0 + dt.timedelta(days=8),
    )
    await leagues.settle()
    after = await snapshot(leagues.pool)
    assert len(after["leagues_games"]) == len(before["leagues_games"]) + 1
    assert after["leagues_results"] == before["leagues_results"]
