"""The dev clock: an operator moves the daily service's clock to midnight by hand and sees the rollover;
without the dev clock the endpoints do not exist."""

from __future__ import annotations

from datetime import datetime, timedelta

import httpx
import pytest
from echo_daily.app import create_app
from echo_daily.calendar import moscow_date, next_midnight
from echo_daily.settings import Settings
from echo_events.daily import STREAM, DailyPublished
from echo_events.envelope import decode, unwrap
from echo_gateway.app import create_app as create_gateway
from echo_gateway.settings import Settings as GatewaySettings

from tests.support.dailies import eventually, stored_messages
from tests.support.servers import running

pytestmark = pytest.mark.integration


async def latest_date(js, league: str = "silver"):  # noqa: ANN001, ANN201
    msg = await js.get_last_msg(STREAM, f"daily.published.{league}", direct=True)
    event = unwrap(decode(msg.data).events[0])
    assert isinstance(event, DailyPublished)
    return event.date


async def test_the_dev_endpoint_moves_the_clock_and_the_rollover_happens(
    own_nats_url: str, own_js, database_url: str  # noqa: ANN001
) -> None:
    today = moscow_date(datetime.now().astimezone())
    # the dev clock with its dev secret; launched yesterday, so there is little to catch up
    settings = Settings(nats_url=own_nats_url, dev_clock=True, launch_date=today - timedelta(days=1))
    app = create_app(settings)
    # the gateway in dev mode, with its own (system) clock: its time left follows the daily dev clock
    gateway = create_gateway(GatewaySettings(nats_url=own_nats_url, database_url=database_url, dev_mode=True))
    async with (
        running(app) as base,
        running(gateway) as gateway_base,
        httpx.AsyncClient(base_url=base) as client,
        httpx.AsyncClient(base_url=gateway_base) as player,
    ):
        shown = (await client.get("/dev/clock")).json()
        assert shown["dev_clock"] is True and shown["moscow_date"] == today.isoformat()
        await eventually(lambda: _is(own_js, today))
        midnight = next_midnight(datetime.fromisoformat(shown["now"]))
        assert shown["next_midnight"] == midnight.isoformat()

        almost = await client.post("/dev/clock/next-midnight", params={"seconds_before": 5})
        assert almost.status_code == 200
        assert almost.json()["now"] >= (midnight - timedelta(seconds=5)).isoformat()
        assert almost.json()["now"] < midnight.isoformat()
        assert almost.json()["moved_seconds"] > 0
        # 23:59:55 MSK: the evening's warning and countdown are out, the rollover is not
        await eventually(lambda: _has(own_js, f"daily.warning:countdown_10min:{today}:platinum"))
        assert await latest_date(own_js) == today
        shown_to_player = (await player.get("/api/v1/daily/today")).json()
        assert shown_to_player["date"] == today.isoformat()
        assert shown_to_player["phase"] == "countdown" and shown_to_player["seconds_left"] <= 5

        rollover = await client.post("/dev/clock/next-midnight")
        assert rollover.status_code == 200, rollover.text
        assert rollover.json()["now_msk"].startswith(f"{today + timedelta(days=1)}T00:00:00")
        await eventually(lambda: _is(own_js, today + timedelta(days=1)))
        assert await _has(own_js, f"daily.closed:{today}:bronze")
        tomorrow = (today + timedelta(days=1)).isoformat()
        assert (await client.get("/dev/clock")).json()["moscow_date"] == tomorrow
        shown_to_player = (await player.get("/api/v1/daily/today")).json()
        assert shown_to_player["date"] == tomorrow and shown_to_player["phase"] == "live"
        assert 24 * 3600 - 30 <= shown_to_player["seconds_left"] <= 24 * 3600

        # the clock never goes backwards: asking again from just after midnight jumps a whole day on
        again = await client.post("/dev/clock/next-midnight", params={"seconds_before": 3600})
        assert again.json()["moscow_date"] == (today + timedelta(days=1)).isoformat()
        assert again.json()["now_msk"][11:19] == "23:00:00"


async def _is(js, day) -> bool:  # noqa: ANN001
    try:
        return await latest_date(js) == day
    except Exception:  # noqa: BLE001 - not published yet
        return False


async def _has(js, msg_id: str) -> bool:  # noqa: ANN001
    return msg_id in [m.msg_id for m in await stored_messages(js)]


async def test_without_the_dev_clock_the_endpoints_do_not_exist(own_nats_url: str) -> None:
    settings = Settings(nats_url=own_nats_url, seed_secret="a-production-like-secret-0123456789",
                        launch_date="2026-11-01")
    async with running(create_app(settings)) as base, httpx.AsyncClient(base_url=base) as client:
        assert (await client.get("/dev/clock")).status_code == 404
        assert (await client.post("/dev/clock/next-midnight")).status_code == 404
        assert (await client.get("/readyz")).status_code == 200
