"""A Daily is over when its facts say so — its close event, its closing time — whatever ids were appended
(issue «Fair play and security», finding 1): the exact attack over a real WebSocket, a Daily's midnight as a
message schedule that comes back to its games, and a week-old Daily left unclosed while the daily service
catches up is neither served nor started."""

from __future__ import annotations

from datetime import timedelta

import httpx
import pytest
from echo_engine.timers import FIRED_CONSUMER, NEXT
from echo_events.moscow import moscow_date
from echo_events.play import TimerFired
from echo_events.streams import timer_fired_subject, timer_schedule_subject
from echo_runtime.clock import MovableClock, SystemClock
from echo_runtime.nats_client import connect

from tests.support.dailies import eventually
from tests.support.play import close_daily, publish_daily
from tests.support.wsclient import Device

pytestmark = pytest.mark.integration


async def timers_handled(js) -> bool:  # noqa: ANN001
    info = await js.consumer_info("TIMERS", FIRED_CONSUMER.durable)
    return info.num_pending == 0 and info.num_ack_pending == 0


async def test_a_move_sent_with_the_expiry_id_does_not_keep_a_closed_daily_open(
        system: str, private_nats_url: str) -> None:
    nc = await connect(private_nats_url, "tests")
    daily = await publish_daily(nc.jetstream(), moscow_date(SystemClock().now()), seed=4711)
    device = await Device.guest(system)
    await device.connect()
    game = await device.command("start", mode="daily")
    hidden = [i for i, c in enumerate("".join(game["view"]["board"])) if c == "#"]
    # the attack: the engine used to expire a Daily's games with the command id `expire-<daily_id>`
    taken = await device.command("probe", id=f"expire-{daily.daily_id}", game_id=game["game_id"], sector=hidden[0])
    assert taken["type"] == "ack"
    await close_daily(nc.jetstream(), daily)
    expired = await device.push(lambda f: f.get("type") == "update" and f["view"]["status"] == "expired")
    assert expired["game_id"] == game["game_id"]
    late = await device.command("probe", game_id=game["game_id"], sector=hidden[1])
    assert late["type"] == "error" and late["code"] == "game_over"
    await device.close()
    await nc.drain()


async def test_a_dailys_midnight_is_scheduled_for_its_games_and_expires_them_when_it_fires(
        system: str, private_nats_url: str, engine_clock: MovableClock) -> None:
    nc = await connect(private_nats_url, "tests")
    js = nc.jetstream()
    daily = await publish_daily(js, moscow_date(SystemClock().now()), seed=4712)
    device = await Device.guest(system)
    await device.connect()
    game = await device.command("start", mode="daily")
    schedule = await js.get_last_msg("TIMERS", timer_schedule_subject(game["game_id"], NEXT))  # its one deadline
    assert schedule.headers["Nats-Schedule"] == f"@at {daily.closes_at.strftime('%Y-%m-%dT%H:%M:%S.000Z')}"
    assert schedule.headers["Nats-Schedule-Target"] == timer_fired_subject(game["game_id"])
    assert TimerFired.model_validate_json(schedule.data).name == "daily-close"
    # what the server publishes at midnight: the schedule's body on its target subject
    fired = TimerFired.model_validate_json(schedule.data)
    hidden = [i for i, c in enumerate("".join(game["view"]["board"])) if c == "#"]
    # back before the engine's clock says midnight (NATS keeps wall time, the engine its own): nothing closes
    await js.publish(timer_fired_subject(game["game_id"]), fired.model_dump_json().encode(), stream="TIMERS")
    await eventually(lambda: timers_handled(js))
    early = await device.command("probe", game_id=game["game_id"], sector=hidden[0])
    assert early["type"] == "ack", early
    engine_clock.jump_to(daily.closes_at)
    await js.publish(timer_fired_subject(game["game_id"]), fired.model_dump_json().encode(), stream="TIMERS")
    expired = await device.push(lambda f: f.get("type") == "update" and f["view"]["status"] == "expired")
    assert expired["view"]["credits"] == game["view"]["credits"]
    await device.close()
    await nc.drain()


async def test_a_week_old_daily_not_yet_closed_is_neither_today_nor_startable(
        system: str, private_nats_url: str) -> None:
    nc = await connect(private_nats_url, "tests")
    week_ago = moscow_date(SystemClock().now()) - timedelta(days=7)
    await publish_daily(nc.jetstream(), week_ago, seed=4713)  # what the catching-up daily service has published
    async with httpx.AsyncClient(base_url=system) as client:
        today = await client.get("/api/v1/daily/today")
        assert today.status_code == 404 and "not out yet" in today.json()["detail"]
        assert (await client.get("/api/v1/daily/today/all")).json() == {"dailies": []}
    device = await Device.guest(system)
    await device.connect()
    started = await device.command("start", mode="daily")
    assert started["type"] == "error" and started["code"] == "no_daily"
    await device.close()
    await nc.drain()
