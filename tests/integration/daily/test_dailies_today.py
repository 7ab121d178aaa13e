"""Which day it is, kept (echo_runtime.today.DailiesToday) on a real NATS, as each service that asks — the
engine, leagues, social — under its own NATS user: one read serves every ask of the day; a new Daily's
announcement changes the day at once, without a read; the clock passing midnight reads again, and a Daily
that is late is read on every ask until it is out."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from echo_events.moscow import midnight_msk, moscow_date
from echo_runtime.clock import MovableClock
from echo_runtime.nats_client import connect, ensure_streams
from echo_runtime.today import DailiesToday

from tests.support.dailies import eventually
from tests.support.nats_users import CREDENTIALS
from tests.support.play import publish_daily

pytestmark = pytest.mark.integration
DAY = date(2026, 12, 1)
ASKERS = ("engine", "leagues", "social")


class CountedReads:
    """A service's JetStream context that counts the direct gets of the last message of a subject."""

    def __init__(self, js) -> None:  # noqa: ANN001
        self.js = js
        self.reads = 0

    async def get_last_msg(self, *args, **kwargs):  # noqa: ANN002, ANN003, ANN201
        self.reads += 1
        return await self.js.get_last_msg(*args, **kwargs)


@pytest.fixture
async def operator_js(private_nats_url: str):  # noqa: ANN201
    nc = await connect(private_nats_url, "tests")
    await ensure_streams(nc.jetstream())
    yield nc.jetstream()
    await nc.drain()


async def says(today: DailiesToday, day: date) -> bool:
    return await today.date() == day


async def asker(url: str, name: str, clock: MovableClock) -> tuple[DailiesToday, CountedReads]:
    nc = await connect(url, name, password=CREDENTIALS[name])
    js = CountedReads(nc.jetstream())
    return DailiesToday(nc, js, clock), js  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ASKERS)
async def test_one_read_serves_the_day_and_a_new_daily_is_heard_at_once(
        private_nats_url: str, operator_js, name: str) -> None:  # noqa: ANN001
    await publish_daily(operator_js, DAY)
    today, js = await asker(private_nats_url, name, MovableClock(midnight_msk(DAY) + timedelta(hours=12)))
    assert await today.date() == DAY
    for _ in range(50):
        assert await today.date() == DAY
    assert js.reads == 1

    await publish_daily(operator_js, DAY + timedelta(days=1))  # the daily service's dev clock runs ahead
    await eventually(lambda: says(today, DAY + timedelta(days=1)))
    assert js.reads == 1  # heard, not read
    await publish_daily(operator_js, DAY - timedelta(days=3))  # the newest announcement is today, whatever it says
    await eventually(lambda: says(today, DAY - timedelta(days=3)))


async def test_the_clock_past_midnight_reads_again_until_the_late_daily_is_out(
        private_nats_url: str, operator_js) -> None:  # noqa: ANN001
    await publish_daily(operator_js, DAY)
    clock = MovableClock(midnight_msk(DAY) + timedelta(hours=12))
    today, js = await asker(private_nats_url, "engine", clock)
    assert await today.date() == DAY and js.reads == 1

    clock.jump_to(midnight_msk(DAY + timedelta(days=1)) + timedelta(seconds=1))
    assert await today.date() == DAY and js.reads == 2  # as the Dailies say: the new one is not out yet
    assert await today.date() == DAY and js.reads == 3  # nor kept as it is: the next ask reads again
    await publish_daily(operator_js, DAY + timedelta(days=1))
    await eventually(lambda: says(today, DAY + timedelta(days=1)))
    reads = js.reads
    for _ in range(50):
        assert await today.date() == DAY + timedelta(days=1)
    assert js.reads == reads


async def test_before_the_first_daily_it_is_the_clocks_day_and_the_first_one_is_heard(
        private_nats_url: str, operator_js) -> None:  # noqa: ANN001
    clock = MovableClock(midnight_msk(DAY) + timedelta(hours=23))
    today, js = await asker(private_nats_url, "social", clock)
    assert await today.date() == moscow_date(clock.now()) == DAY
    clock.jump_to(midnight_msk(DAY + timedelta(days=1)) + timedelta(seconds=1))
    assert await today.date() == DAY + timedelta(days=1) and js.reads == 2  # past the day it read on
    assert await today.date() == DAY + timedelta(days=1) and js.reads == 2

    await publish_daily(operator_js, DAY + timedelta(days=2))  # the daily service's dev clock runs ahead
    await eventually(lambda: says(today, DAY + timedelta(days=2)))
    assert js.reads == 2  # heard, not read
