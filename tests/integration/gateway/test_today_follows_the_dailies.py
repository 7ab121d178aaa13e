"""Which day it is comes from the Dailies, not from each service's wall clock: after the daily service's dev
clock jumped to next Monday (it closed today's Daily and published Monday's), the leagues service shows the
new week's group, friends' scores no longer show the closed Daily as today, and «Бросить вызов» gives
Monday's link — while every service's own clock still says today."""

from datetime import timedelta

import pytest
from echo_events.moscow import moscow_date, week_of
from echo_runtime.clock import SystemClock

from tests.integration.gateway.test_friends_scores import until
from tests.integration.leagues.test_real_games import play_daily
from tests.support.play import close_daily, publish_daily
from tests.support.social_system import social_beside

pytestmark = pytest.mark.integration


async def test_after_the_dev_clock_moved_every_service_is_on_the_dailies_day(
    system: str, private_nats_url: str, fresh_database: str
) -> None:
    today = moscow_date(SystemClock().now())
    monday = today + timedelta(days=7 - today.weekday())  # always another league week than today's
    async with social_beside(system, private_nats_url, fresh_database) as social:
        js = social.nc.jetstream()
        me, my_token = await social.player("Сова", "sova@example.org")
        ann, ann_token = await social.player("Анна", "anna@example.org")
        added = await social.call("POST", "/api/v1/friends", my_token, json={"callsign": "Анна"})
        assert added.status_code == 200, added.text

        todays = await publish_daily(js, today, seed=11)
        played = await play_daily(social.nc, ann, todays, ephemera=1)
        assert played["credits"] > 0

        async def anns_row(when) -> dict | None:  # noqa: ANN001 - Анна's row once `when` holds for it
            rows = (await social.call("GET", "/api/v1/friends/scores", my_token)).json()["friends"]
            return rows[0] if rows and when(rows[0]) else None

        def scored(row: dict) -> bool:
            return row["today"] is not None

        assert (await until(lambda: anns_row(scored)))["today"] == played["credits"]

        # the dev clock's jump, as the daily service writes it
        await close_daily(js, todays)
        mondays = await publish_daily(js, monday, seed=12)

        shown = await until(lambda: anns_row(lambda row: not scored(row)))  # the closed Daily is not today's
        assert shown["week"] == 0  # Monday's week has just begun

        link = await social.call("POST", "/api/v1/challenges", ann_token)
        assert link.status_code == 200, link.text
        assert link.json()["challenge"]["daily_date"] == monday.isoformat()

        on_monday = await play_daily(social.nc, ann, mondays, ephemera=1)
        assert on_monday["credits"] > 0

        async def grouped() -> dict | None:
            body = (await social.call("GET", "/api/v1/leagues/me", ann_token)).json()
            return body if body.get("group") else None

        mine = await until(grouped)
        assert mine["week_start"] == week_of(monday).isoformat()
        assert mine["group"]["place"] == 1 and mine["group"]["league"] == "bronze"
        assert (await until(lambda: anns_row(scored)))["today"] == on_monday["credits"]

