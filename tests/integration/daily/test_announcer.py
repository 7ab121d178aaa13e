"""The seed-free announcement of each league's Daily (echo_daily.announcer): written once per Daily, also when
two daily replicas announce at the same moment, and never carrying the seed."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from echo_daily.announcer import announce_latest
from echo_events.daily import PUBLIC_STREAM, DailyAnnounced, announced_subject
from echo_events.envelope import decode, unwrap
from echo_events.moscow import moscow_date
from echo_runtime.clock import SystemClock
from echo_runtime.nats_client import connect

from tests.support.play import publish_daily

pytestmark = pytest.mark.integration


async def announcements(js, league: str) -> list[DailyAnnounced]:  # noqa: ANN001
    info = await js.stream_info(PUBLIC_STREAM, subjects_filter=announced_subject(league))
    count = (info.state.subjects or {}).get(announced_subject(league), 0)
    events, seq = [], 0
    for _ in range(count):
        message = await js.get_msg(PUBLIC_STREAM, seq=seq + 1, next=True, subject=announced_subject(league))
        seq = message.seq
        events.append(unwrap(decode(message.data).events[0]))
        assert b'"seed"' not in message.data and b"salt" not in message.data
    return events


async def test_each_daily_is_announced_once_even_by_two_replicas_at_once(private_nats_url: str) -> None:
    nc = await connect(private_nats_url, "tests")
    js = nc.jetstream()
    today = moscow_date(SystemClock().now())
    yesterday = await publish_daily(js, today - timedelta(days=1), league="silver", seed=111)  # announces it
    assert await announce_latest(js) == 0  # nothing new
    # the next Daily, announced by two replicas racing: one write between them
    todays = await publish_daily(js, today, league="silver", seed=222, announce=False)
    written = await asyncio.gather(announce_latest(js), announce_latest(js))
    assert sum(written) == 1
    assert [a.daily_id for a in await announcements(js, "silver")] == [yesterday.daily_id, todays.daily_id]
    latest = (await announcements(js, "silver"))[-1]
    assert latest == DailyAnnounced.of(todays)
    await nc.drain()
