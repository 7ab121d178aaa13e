"""The Chart of the day from GAMES and ACCOUNTS: order and ties (§16), «вне Чарта» for the owner only,
an e-mail confirmation bringing that week's games in (§15), callsigns and generated ones."""

import datetime as dt

import pytest
from echo_leagues.callsigns import generated_callsign

from tests.support.leagues import daily_event, publish_game

pytestmark = pytest.mark.integration

DAY = dt.date(2026, 11, 18)  # a Wednesday
T0 = dt.datetime(2026, 11, 18, 6, 0, tzinfo=dt.UTC)


def at(minutes: int) -> dt.datetime:
    return T0 + dt.timedelta(minutes=minutes)


async def test_order_and_ties(leagues) -> None:  # noqa: ANN001
    daily = daily_event(DAY)
    # (account, credits, clean, ticks, finished minute)
    games = [
        ("late", 100, 2, 30, 50),  # ties "early" on everything but the finish: after it
        ("early", 100, 2, 30, 40),
        ("fewer", 100, 2, 25, 60),  # fewer ticks beats the two above
        ("cleaner", 100, 3, 40, 70),  # more clean openings beats fewer ticks
        ("richer", 115, 0, 90, 90),  # more Credits beats everything
        ("poor", 20, 0, 5, 10),
        ("zero", 0, 0, 3, 5),  # no Credit: not in the Chart
    ]
    for account, *_ in games:
        await leagues.accounts.player(account, at(0), callsign=f"Cs-{account}")
    for account, credits, clean, ticks, minute in games:
        await publish_game(
            leagues.js,
            account,
            daily,
            credits=credits,
            clean=clean,
            lossy=1,
            tick=ticks,
            finished_at=at(minute),
        )
    await leagues.settle()
    reply = await leagues.ask("chart", league="bronze", date=DAY.isoformat())
    assert reply["ok"], reply
    assert [r["callsign"] for r in reply["top"]] == [
        "Cs-richer",
        "Cs-cleaner",
        "Cs-fewer",
        "Cs-early",
        "Cs-late",
        "Cs-poor",
    ]
    assert [r["place"] for r in reply["top"]] == [1, 2, 3, 4, 5, 6]
    assert reply["total"] == 6
    first = reply["top"][0]
    assert (first["credits"], first["clean"], first["opened"], first["ticks"]) == (115, 0, 1, 90)
    assert "me" not in first and reply["me"] is None

    # the caller's own place "for this hour" and his neighbourhood
    mine = await leagues.ask("chart", league="bronze", date=DAY.isoformat(), viewer="early", limit=2)
    assert [r["callsign"] for r in mine["top"]] == ["Cs-richer", "Cs-cleaner"]
    assert mine["me"]["place"] == 4 and mine["me"]["me"] is True
    assert [(r["place"], r["callsign"]) for r in mine["around"]] == [
        (1, "Cs-richer"),
        (2, "Cs-cleaner"),
        (3, "Cs-fewer"),
        (4, "Cs-early"),
        (5, "Cs-late"),
        (6, "Cs-poor"),
    ]


async def test_exact_ties_share_a_place(leagues) -> None:  # noqa: ANN001
    daily = daily_event(DAY)
    for account in ("a", "b", "c"):
        await leagues.accounts.player(account, at(0))
    await publish_game(leagues.js, "a", daily, credits=40, clean=1, tick=9, finished_at=at(5))
    await publish_game(leagues.js, "b", daily, credits=40, clean=1, tick=9, finished_at=at(5))
    await publish_game(leagues.js, "c", daily, credits=20, tick=9, finished_at=at(1))
    await leagues.settle()
    reply = await leagues.ask("chart", league="bronze", date=DAY.isoformat(), viewer="c")
    assert [r["place"] for r in reply["top"]] == [1, 1, 3]
    assert reply["me"]["place"] == 3
    # no callsign yet: a stable generated one
    assert {r["callsign"] for r in reply["top"]} == {generated_callsign(a) for a in "abc"}
    assert generated_callsign("a").startswith("Эхонавт-") and generated_callsign("a") == generated_callsign("a")


async def test_out_of_chart_is_shown_to_its_owner_only_until_the_email_is_confirmed(leagues) -> None:  # noqa: ANN001
    last_week = daily_event(DAY - dt.timedelta(days=7))
    daily = daily_event(DAY)
    await leagues.accounts.player("shown", at(0), callsign="Виден")
    await leagues.accounts.player("guest", at(0), callsign="Гость", confirm=False)
    await publish_game(leagues.js, "shown", daily, credits=40, clean=1, tick=12, finished_at=at(30))
    await publish_game(leagues.js, "guest", daily, credits=60, clean=1, tick=12, finished_at=at(20))
    await publish_game(
        leagues.js,
        "guest",
        last_week,
        credits=60,
        clean=1,
        tick=12,
        finished_at=at(20) - dt.timedelta(days=7),
    )
    await leagues.settle()

    public = await leagues.ask("chart", league="bronze", date=DAY.isoformat())
    assert [r["callsign"] for r in public["top"]] == ["Виден"] and public["total"] == 1
    assert "Гость" not in str(public)
    other = await leagues.ask("chart", league="bronze", date=DAY.isoformat(), viewer="shown")
    assert "Гость" not in str(other) and other["me"]["place"] == 1

    own = await leagues.ask("chart", league="bronze", date=DAY.isoformat(), viewer="guest")
    assert [r["callsign"] for r in own["top"]] == ["Виден"]
    assert own["me"]["out_of_chart"] is True and own["me"]["label_ru"] == "вне Чарта"
    assert own["me"]["place"] == 1  # where it would stand "for this hour"
    assert [(r["callsign"], r.get("out_of_chart", False)) for r in own["around"]] == [
        ("Гость", True),
        ("Виден", False),
    ]
    # no group for him either
    assert (await leagues.ask("player", account_id="guest", date=DAY.isoformat()))["group"] is None

    await leagues.accounts.confirm("guest", at(60))  # Wednesday: brings this week's games in
    await leagues.settle()
    public = await leagues.ask("chart", league="bronze", date=DAY.isoformat())
    assert [r["callsign"] for r in public["top"]] == ["Гость", "Виден"]
    older = await leagues.ask("chart", league="bronze", date=last_week.date.isoformat())
    assert older["top"] == [] and older["total"] == 0  # last week's game stays out
    me = await leagues.ask("player", account_id="guest", date=DAY.isoformat())
    assert me["league"] == "bronze" and me["group"]["place"] == 1 and me["group"]["size"] == 2


async def test_unknown_account_events_are_ignored_and_callsigns_follow_changes(leagues) -> None:  # noqa: ANN001
    daily = daily_event(DAY)
    await leagues.accounts.player("p", at(0), callsign="Первый")
    await leagues.accounts.something_else("p", at(1))
    await leagues.accounts.callsign("p", "Второй", at(2))
    await publish_game(leagues.js, "p", daily, credits=20, tick=4, finished_at=at(10))
    await leagues.settle()
    reply = await leagues.ask("chart", league="bronze", date=DAY.isoformat())
    assert [r["callsign"] for r in reply["top"]] == ["Второй"]


async def test_bad_requests_are_refused_clearly(leagues) -> None:  # noqa: ANN001
    assert (await leagues.ask("chart", league="iron", date="2026-11-18"))["error"]["code"] == "bad_request"
    assert (await leagues.ask("chart", league="bronze", date="yesterday"))["error"]["code"] == "bad_request"
    assert (await leagues.ask("group", group_id="nope"))["error"]["code"] == "bad_request"
    assert (await leagues.ask("group", group_id="2026-11-16:bronze:1"))["error"]["code"] == "not_found"
    assert (await leagues.ask("nothing"))["error"]["code"] == "bad_request"


async def test_friends_scores_today_yesterday_and_this_week(leagues) -> None:  # noqa: ANN001
    monday, tuesday, wednesday = DAY - dt.timedelta(days=2), DAY - dt.timedelta(days=1), DAY
    for account in ("me", "f1", "f2"):
        await leagues.accounts.player(account, at(0) - dt.timedelta(days=3), callsign=f"Cs-{account}")
    await leagues.accounts.player("hidden", at(0), confirm=False)
    await publish_game(leagues.js, "f1", daily_event(monday), credits=30, finished_at=at(-2880))
    await publish_game(leagues.js, "f1", daily_event(tuesday), credits=40, finished_at=at(-1440))
    await publish_game(leagues.js, "f1", daily_event(wednesday), credits=50, finished_at=at(10))
    await publish_game(leagues.js, "f2", daily_event(DAY - dt.timedelta(days=7)), credits=99, finished_at=at(-10080))
    await publish_game(leagues.js, "hidden", daily_event(wednesday), credits=70, finished_at=at(5))
    await publish_game(leagues.js, "me", daily_event(tuesday), credits=0, finished_at=at(-1400))
    await leagues.settle()
    reply = await leagues.ask(
        "friends", account_ids=["f1", "f2", "hidden", "nobody"], date=DAY.isoformat(), viewer="me"
    )
    assert reply["scores"] == [
        {"account_id": "f1", "callsign": "Cs-f1", "today": 50, "yesterday": 40, "week": 120},
        {"account_id": "f2", "callsign": "Cs-f2", "today": None, "yesterday": None, "week": 0},
        {
            "account_id": "hidden",
            "callsign": generated_callsign("hidden"),
            "today": None,
            "yesterday": None,
            "week": 0,
        },
        {
            "account_id": "nobody",
            "callsign": generated_callsign("nobody"),
            "today": None,
            "yesterday": None,
            "week": 0,
        },
    ]
    own = await leagues.ask("friends", account_ids=["hidden"], date=DAY.isoformat(), viewer="hidden")
    assert own["scores"][0]["today"] == 70  # his own «вне Чарта» game, to himself
    assert (await leagues.ask("friends", account_ids="f1"))["error"]["code"] == "bad_request"


async def test_the_same_answers_over_http_on_the_service(leagues) -> None:  # noqa: ANN001
    import httpx

    await leagues.accounts.player("h", at(0), callsign="Хттп")
    await publish_game(leagues.js, "h", daily_event(DAY), credits=20, tick=4, finished_at=at(10))
    await leagues.settle()
    async with httpx.AsyncClient(base_url=leagues.base) as http:
        chart = await http.get(f"/v1/charts/bronze/{DAY}", params={"limit": 10})
        assert chart.status_code == 200
        assert chart.json() == await leagues.ask("chart", league="bronze", date=DAY.isoformat(), limit=10)
        assert (await http.get(f"/v1/results/bronze/{DAY}")).status_code == 404  # its Daily was never published
        assert (await http.get(f"/v1/charts/iron/{DAY}")).status_code == 400
        player = (await http.get("/v1/players/h", params={"day": DAY.isoformat()})).json()
        assert player["group"]["place"] == 1
