"""Friends' scores and a challenge's two scores through the gateway, with the real social, leagues and
engine services: who is a friend comes from the social service, how much each scored from the leagues."""

import asyncio

import pytest
from echo_events.moscow import moscow_date
from echo_runtime.clock import SystemClock

from tests.integration.leagues.test_real_games import play_daily
from tests.support.openapi import assert_documented
from tests.support.play import publish_daily
from tests.support.social_system import social_beside

pytestmark = pytest.mark.integration


async def until(check, timeout: float = 15.0):  # noqa: ANN001, ANN201, ASYNC109
    async with asyncio.timeout(timeout):
        while True:
            value = await check()
            if value:
                return value
            await asyncio.sleep(0.2)


async def test_friends_scores_and_a_challenge(system: str, private_nats_url: str, fresh_database: str) -> None:
    async with social_beside(system, private_nats_url, fresh_database) as social:
        today = moscow_date(SystemClock().now())
        daily = await publish_daily(social.nc.jetstream(), today, seed=2026)
        me, my_token = await social.player("Сова", "sova@example.org")
        ann, ann_token = await social.player("Анна", "anna@example.org")
        bob, _ = await social.player("Боб", "bob@example.org")
        idle, _ = await social.player("Тихоня")

        assert (await social.call("GET", "/api/v1/friends/scores")).status_code == 401
        empty = (await social.call("GET", "/api/v1/friends/scores", my_token)).json()
        assert empty["friends"] == [] and empty["me"]["today"] is None

        for callsign in ("Анна", "Боб", "Тихоня"):
            added = await social.call("POST", "/api/v1/friends", my_token, json={"callsign": callsign})
            assert added.status_code == 200, added.text
        assert (await social.call("POST", "/api/v1/friends", ann_token, json={"callsign": "Сова"})).status_code == 200

        views = {who: await play_daily(social.nc, who, daily, ephemera=n) for who, n in ((ann, 2), (bob, 1), (me, 1))}

        async def scored():
            body = (await social.call("GET", "/api/v1/friends/scores", my_token)).json()
            played = [f for f in body["friends"] if f["account_id"] != idle] + [body["me"]]
            return body if all(f["today"] is not None for f in played) else None

        body = await until(scored)
        rows = {f["callsign"]: f for f in body["friends"]}
        assert set(rows) == {"Анна", "Боб", "Тихоня"}
        assert rows["Анна"]["mutual"] is True and rows["Боб"]["mutual"] is False
        assert rows["Анна"]["today"] == views[ann]["credits"] and rows["Боб"]["today"] == views[bob]["credits"]
        assert rows["Анна"]["week"] >= rows["Анна"]["today"]
        assert rows["Тихоня"]["today"] is None and rows["Тихоня"]["week"] == 0
        assert body["friends"][-1]["callsign"] == "Тихоня"  # who did not play today comes last
        assert body["me"]["today"] == views[me]["credits"] and body["me"]["callsign"] == "Сова"

        # a challenge: Анна sends today's link, a newcomer opens it, plays, and sees both scores
        link = await social.call("POST", "/api/v1/challenges", ann_token)
        assert link.status_code == 200, link.text
        token = link.json()["challenge"]["token"]
        newcomer, new_token = await social.player("Новичок")
        scores = (await social.call("GET", f"/api/v1/challenges/{token}/scores", new_token)).json()
        assert scores["sender"]["callsign"] == "Анна" and scores["sender"]["credits"] == views[ann]["credits"]
        assert scores["me"]["credits"] is None and scores["own"] is False
        early = await social.call("POST", f"/api/v1/challenges/{token}/played", new_token)
        assert early.status_code == 409 and early.json()["error"]["code"] == "daily_not_played"

        view = await play_daily(social.nc, newcomer, daily, ephemera=1)

        async def played():
            reply = await social.call("POST", f"/api/v1/challenges/{token}/played", new_token)
            return reply.json() if reply.status_code == 200 else None

        done = await until(played)
        assert done["me"]["credits"] == view["credits"] and done["friends_made"] is True
        document = (await social.call("GET", "/api/schema/openapi.json")).json()
        assert_documented(document, "/api/v1/challenges/{token}/played", "POST", done)
        assert_documented(document, "/api/v1/friends/scores", "GET", body)
        mine = (await social.call("GET", "/api/v1/friends/scores", new_token)).json()
        assert [f["callsign"] for f in mine["friends"]] == ["Анна"]
        own = (await social.call("GET", f"/api/v1/challenges/{token}/scores", ann_token)).json()
        assert own["own"] is True
        missing = await social.call("GET", "/api/v1/challenges/nope-nope-nope-nope/scores", new_token)
        assert missing.status_code in (400, 404)
