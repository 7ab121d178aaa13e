"""The daily service's publisher against a real nats-server: the rollover at 00:00 MSK, catch-up after a
downtime, two replicas at once, and a stale replica after the duplicate window."""

from __future__ import annotations

import asyncio
from datetime import UTC, date, datetime

import pytest
import structlog
from echo_daily.app import create_app
from echo_daily.devclock import SteerableClock
from echo_daily.publisher import Raced, publish_item
from echo_daily.schedule import ScheduleConfig, due
from echo_daily.settings import Settings
from echo_events.daily import STREAM, DailyPublished
from echo_events.envelope import unwrap
from echo_events.streams import DAILY
from echo_runtime.clock import MovableClock
from echo_runtime.nats_client import stream_config

from tests.support.dailies import eventually, stored_messages
from tests.support.servers import running

pytestmark = pytest.mark.integration

SECRET = b"integration-test-secret-0123456789"
LAUNCH = date(2026, 11, 25)  # a Wednesday
CONFIG = ScheduleConfig(secret=SECRET, launch=LAUNCH)


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


def settings(nats_url: str, **over) -> Settings:  # noqa: ANN003
    return Settings(nats_url=nats_url, seed_secret=SECRET, launch_date=LAUNCH, **over)


async def caught_up(app, clock: MovableClock) -> None:  # noqa: ANN001
    """Wait until the app's publisher finished a round at or after the clock's present."""
    target = clock.now()
    if (publisher := getattr(app.state, "publisher", None)) is not None:
        publisher.wake()  # sleeping until the next due instant: look again now

    def done() -> bool:
        publisher = getattr(app.state, "publisher", None)
        reached = publisher.caught_up_to if publisher is not None else None
        return reached is not None and reached >= target

    await eventually(done)


async def ids(js) -> list[str]:  # noqa: ANN001
    return [m.msg_id for m in await stored_messages(js)]


def expected_ids(now: datetime) -> list[str]:
    return [d.msg_id for d in due(None, now, CONFIG)]


async def latest_daily(js, league: str = "bronze") -> DailyPublished:  # noqa: ANN001
    from echo_events.envelope import decode

    msg = await js.get_last_msg(STREAM, f"daily.published.{league}", direct=True)
    event = unwrap(decode(msg.data).events[0])
    assert isinstance(event, DailyPublished)
    return event


async def test_the_rollover_happens_at_midnight_moscow_time_not_utc(own_nats_url: str, own_js) -> None:  # noqa: ANN001
    clock = SteerableClock(start=utc(2026, 11, 26, 23, 58))  # Friday 02:58 MSK
    app = create_app(settings(own_nats_url), clock=clock)
    async with running(app):
        await caught_up(app, clock)
        assert await ids(own_js) == expected_ids(clock.now())
        assert (await latest_daily(own_js)).date == date(2026, 11, 27)
        seq_before = (await own_js.stream_info(STREAM)).state.last_seq

        clock.jump_to(utc(2026, 11, 27, 0, 0, 1))  # UTC midnight: nothing happens
        await caught_up(app, clock)
        assert (await own_js.stream_info(STREAM)).state.last_seq == seq_before

        clock.jump_to(utc(2026, 11, 27, 20, 59, 59, 900_000))  # 23:59:59.9 MSK: warnings only
        await caught_up(app, clock)
        assert (await latest_daily(own_js)).date == date(2026, 11, 27)
        tail = (await stored_messages(own_js))[seq_before:]
        assert [m.msg_id for m in tail] == [
            f"daily.warning:{kind}:2026-11-27:{league}"
            for kind in ("warning_30min", "countdown_10min")
            for league in ("bronze", "silver", "gold", "platinum")
        ]
        assert {m.subject for m in tail} == {"daily.warning"}

        clock.jump_to(utc(2026, 11, 27, 21, 0, 0))  # 00:00:00 MSK: the rollover
        with structlog.testing.capture_logs() as logs:
            await caught_up(app, clock)
        published = [line["msg_id"] for line in logs if line["event"] == "published"]
        assert len(published) == 8  # on time: a line each, for the operator's audit
        daily = await latest_daily(own_js)
        assert daily.date == date(2026, 11, 28) and daily.number == 4
        assert daily.opens_at == utc(2026, 11, 27, 21) and daily.closes_at == utc(2026, 11, 28, 21)
        rollover = (await stored_messages(own_js))[seq_before + len(tail):]
        assert [m.msg_id for m in rollover] == (
            [f"daily.closed:2026-11-27:{lg}" for lg in ("bronze", "silver", "gold", "platinum")]
            + [f"daily.published:2026-11-28:{lg}" for lg in ("bronze", "silver", "gold", "platinum")]
        )
        assert all(m.envelope.occurred_at == utc(2026, 11, 27, 21) for m in rollover)
        assert await ids(own_js) == expected_ids(clock.now())


async def test_a_service_down_across_midnight_catches_up_exactly_once(own_nats_url: str, own_js) -> None:  # noqa: ANN001
    first = SteerableClock(start=utc(2026, 11, 29, 20, 40))  # Sunday 23:40 MSK: the warning is out
    app = create_app(settings(own_nats_url), clock=first)
    async with running(app):
        await caught_up(app, first)
    before = await ids(own_js)
    assert before == expected_ids(first.now())
    assert before[-1] == "daily.warning:warning_30min:2026-11-29:platinum"

    # down over the countdown, the midnight that closes Sunday's Dailies and the league week
    later = SteerableClock(start=utc(2026, 11, 30, 9, 0))
    app = create_app(settings(own_nats_url), clock=later)
    with structlog.testing.capture_logs() as logs:
        async with running(app):
            await caught_up(app, later)
            assert app.state.publisher.written == len(expected_ids(later.now())) - len(before)
    # hours late: one line for the catch-up, not one per item (a first start logs a whole calendar)
    assert not [line for line in logs if line["event"] == "published"]
    [summary] = [line for line in logs if line["event"] == "published past schedule items"]
    assert summary["items"] == app.state.publisher.written
    assert summary["last"] == expected_ids(later.now())[-1]
    after = await ids(own_js)
    assert after == expected_ids(later.now())  # everything, in order, each once
    assert len(set(after)) == len(after)
    assert "league.week.closed:2026-11-23" in after[len(before):]
    assert (await latest_daily(own_js, "gold")).date == date(2026, 11, 30)

    # a third start at the same time finds nothing to do
    again = SteerableClock(start=utc(2026, 11, 30, 9, 0, 5))
    app = create_app(settings(own_nats_url), clock=again)
    async with running(app):
        await caught_up(app, again)
        assert app.state.publisher.written == 0
    assert await ids(own_js) == after


async def test_two_replicas_at_once_publish_each_event_once(own_nats_url: str, own_js) -> None:  # noqa: ANN001
    start = utc(2026, 11, 29, 20, 59, 59)  # both start cold: five days to catch up, racing
    clocks = [SteerableClock(start=start), SteerableClock(start=start)]
    apps = [create_app(settings(own_nats_url), clock=c, replica=f"r{i}") for i, c in enumerate(clocks)]
    async with running(apps[0]), running(apps[1]):
        for app, clock in zip(apps, clocks, strict=True):
            await caught_up(app, clock)
        midnight = utc(2026, 11, 29, 21)
        for clock in clocks:  # both see the rollover at once
            clock.jump_to(midnight)
        for app, clock in zip(apps, clocks, strict=True):
            await caught_up(app, clock)
        written = [app.state.publisher.written for app in apps]
    stored = await ids(own_js)
    assert stored == expected_ids(midnight)
    assert len(set(stored)) == len(stored)
    assert sum(written) == len(stored)  # every stored message was written by exactly one replica


async def test_a_stale_replica_cannot_append_after_the_duplicate_window(own_js) -> None:  # noqa: ANN001
    """Dedup by Nats-Msg-Id lasts two minutes; the expected-last-sequence guard lasts for ever."""
    short_window = stream_config(DAILY)
    short_window.duplicate_window = 0.5
    await own_js.update_stream(short_window)
    first = due(None, utc(2026, 11, 24, 21, 0), CONFIG)[0]  # the launch day's first Daily
    assert await publish_item(own_js, first, 0) == 1
    await asyncio.sleep(0.7)  # the window is over: dedup would let a copy in
    with pytest.raises(Raced):
        await publish_item(own_js, first, 0)  # a replica that read the empty stream before the write
    assert await ids(own_js) == [first.msg_id]


async def test_a_foreign_message_at_the_tip_does_not_stop_or_repeat_the_schedule(own_nats_url: str, own_js) -> None:  # noqa: ANN001, E501
    clock = SteerableClock(start=utc(2026, 11, 26, 12, 0))
    app = create_app(settings(own_nats_url), clock=clock)
    async with running(app):
        await caught_up(app, clock)
    before = await ids(own_js)
    # an operator publishes something by hand, with an id of his own
    foreign = {"Nats-Msg-Id": "by-hand-1"}
    await own_js.publish("daily.warning", b'{"events": []}', stream=STREAM, headers=foreign)

    clock = SteerableClock(start=utc(2026, 11, 26, 21, 0))
    app = create_app(settings(own_nats_url), clock=clock)
    async with running(app):
        await caught_up(app, clock)
    after = await ids(own_js)
    assert after[: len(before)] == before and after[len(before)] == "by-hand-1"
    assert [i for i in after if i != "by-hand-1"] == expected_ids(clock.now())
