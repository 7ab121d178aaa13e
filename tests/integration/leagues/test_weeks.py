"""A full league week (§17): groups of ten filled in join order, weekly sums with missed days as 0,
the week's results when it closes — top 3 up (not from Platinum), the last 2 of a group of 9–10 and the
last 1 of 6–8 down, nobody from a smaller group or from Bronze — and results that wait for live games."""

import datetime as dt

import pytest
from echo_leagues.groups import group_id

from tests.support.leagues import close_week, daily_event, finish_game, publish_game

pytestmark = pytest.mark.integration

WEEK = dt.date(2026, 11, 16)
MONDAY, TUESDAY, SUNDAY = WEEK, WEEK + dt.timedelta(days=1), WEEK + dt.timedelta(days=6)
T0 = dt.datetime(2026, 11, 16, 8, 0, tzinfo=dt.UTC)


async def play_week(leagues) -> dict[str, int]:  # noqa: ANN001
    """41 confirmed players: Bronze 10, Silver 14 (groups of 10 and 4), Gold 7, Platinum 10."""
    sizes = {"b": ("bronze", 10), "s": ("silver", 14), "g": ("gold", 7), "p": ("platinum", 10)}
    minute = 0
    for prefix, (league, size) in sizes.items():
        monday = daily_event(MONDAY, league)
        for i in range(size):
            account = f"{prefix}{i}"
            await leagues.accounts.player(account, T0 - dt.timedelta(days=3), callsign=f"Cs-{account}")
            minute += 1  # joins in index order
            credits, clean = (i + 1) * 10, 0
            if account == "g6":
                credits, clean = 60, 1  # ties g5 on Credits, more clean openings
            await publish_game(
                leagues.js,
                account,
                monday,
                credits=credits,
                clean=clean,
                tick=20,
                finished_at=T0 + dt.timedelta(minutes=minute),
            )
    # b0 also plays Tuesday (Monday 10 + Tuesday 200); everybody else missed it: 0
    await publish_game(
        leagues.js,
        "b0",
        daily_event(TUESDAY, "bronze"),
        credits=200,
        tick=20,
        finished_at=T0 + dt.timedelta(days=1),
    )
    # an unconfirmed player counts for nobody's group
    await leagues.accounts.player("u", T0, confirm=False)
    await publish_game(
        leagues.js,
        "u",
        daily_event(MONDAY, "bronze"),
        credits=500,
        tick=20,
        finished_at=T0 + dt.timedelta(hours=5),
    )
    await leagues.settle()
    return {p: s for p, (_, s) in sizes.items()}


async def test_groups_fill_in_join_order_with_weekly_sums(leagues) -> None:  # noqa: ANN001
    await play_week(leagues)
    silver1 = await leagues.ask("group", group_id=f"{WEEK}:silver:1")
    silver2 = await leagues.ask("group", group_id=f"{WEEK}:silver:2")
    assert silver1["size"] == 10 and silver2["size"] == 4 and not silver1["settled"]
    assert {m["callsign"] for m in silver2["members"]} == {f"Cs-s{i}" for i in range(10, 14)}
    bronze = await leagues.ask("group", group_id=f"{WEEK}:bronze:1")
    assert [m["callsign"] for m in bronze["members"][:3]] == ["Cs-b0", "Cs-b9", "Cs-b8"]
    assert bronze["members"][0]["credits"] == 210
    assert bronze["members"][0]["days"] == [10, 200, 0, 0, 0, 0, 0]
    assert "Cs-u" not in str(bronze) and bronze["size"] == 10
    me = await leagues.ask("player", account_id="s12", date=TUESDAY.isoformat())
    assert me["league"] == "bronze"  # nobody has been moved yet; everyone starts in Bronze
    assert me["group"] == {"group_id": f"{WEEK}:silver:2", "league": "silver", "place": 2, "size": 4}


async def test_week_results_promote_and_demote(leagues) -> None:  # noqa: ANN001
    await play_week(leagues)
    # a live game of Sunday: the results wait for it (the engine expires it after the close)
    late = await publish_game(leagues.js, "b5", daily_event(SUNDAY, "bronze"), credits=0, finish=False)
    await leagues.settle()  # it started on Sunday, long before the week closes
    await close_week(leagues.js, WEEK)
    await leagues.settle()
    assert await leagues.pool.fetchval("SELECT count(*) FROM leagues_results") == 0
    assert not await leagues.pool.fetchval("SELECT settled FROM leagues_weeks")
    await finish_game(leagues.js, late, credits=5, tick=3, status="expired", finished_at=T0 + dt.timedelta(days=7))
    await leagues.settle()
    assert await leagues.pool.fetchval("SELECT settled FROM leagues_weeks")

    moves = {
        r["account_id"]: (r["league"], r["place"], r["league_after"])
        for r in await leagues.pool.fetch("SELECT * FROM leagues_results")
    }
    assert len(moves) == 41

    def after(*accounts: str) -> set[str]:
        return {moves[a][2] for a in accounts}

    # Bronze, group of 10: top 3 up, nobody down
    assert [a for a, m in sorted(moves.items(), key=lambda x: x[1][1]) if a.startswith("b")][:3] == [
        "b0",
        "b9",
        "b8",
    ]
    assert after("b0", "b9", "b8") == {"silver"} and after(*(f"b{i}" for i in range(1, 8))) == {"bronze"}
    assert moves["b5"][1] == 6  # 60 + 5: Sunday's expired game counted, just ahead of b4's 50
    assert await leagues.pool.fetchval("SELECT credits FROM leagues_results WHERE account_id = 'b5'") == 65
    # Silver, group of 10: top 3 up, last 2 down
    assert after("s9", "s8", "s7") == {"gold"} and after("s0", "s1") == {"bronze"}
    assert after(*(f"s{i}" for i in range(2, 7))) == {"silver"}
    # Silver, group of 4: top 3 up, nobody down
    assert after("s13", "s12", "s11") == {"gold"} and after("s10") == {"silver"}
    # Gold, group of 7: g6 beats g5 on clean openings; top 3 up, last 1 down
    assert moves["g6"][1] == 1 and moves["g5"][1] == 2
    assert after("g6", "g5", "g4") == {"platinum"} and after("g0") == {"silver"}
    assert after("g1", "g2", "g3") == {"gold"}
    # Platinum, group of 10: nobody up, last 2 down
    assert after(*(f"p{i}" for i in range(2, 10))) == {"platinum"} and after("p0", "p1") == {"gold"}

    players = {r["account_id"]: r["league"] for r in await leagues.pool.fetch("SELECT * FROM leagues_players")}
    assert players == {a: m[2] for a, m in moves.items() if m[2] != "bronze"}  # no row: Bronze
    me = await leagues.ask("player", account_id="g6", date=(WEEK + dt.timedelta(days=7)).isoformat())
    assert me["league"] == "platinum" and me["group"] is None
    final = await leagues.ask("group", group_id=group_id(WEEK, "gold", 0))
    assert final["settled"] and [m["place"] for m in final["members"]] == list(range(1, 8))
    assert [m["league_after"] for m in final["members"]] == ["platinum"] * 3 + ["gold"] * 3 + ["silver"]

    # the week closes once: a redelivered or repeated close changes nothing
    await close_week(leagues.js, WEEK)
    await leagues.settle()
    assert {
        r["account_id"]: (r["league"], r["place"], r["league_after"])
        for r in await leagues.pool.fetch("SELECT * FROM leagues_results")
    } == moves


async def test_the_next_week_starts_from_the_new_leagues(leagues) -> None:  # noqa: ANN001
    """Week 2: the promoted play in their new league; a Bronze group of 9 demotes nobody, a Silver one
    of 9 demotes its last 2 (one of them had come up the week before)."""
    week2 = WEEK + dt.timedelta(days=7)
    first = daily_event(WEEK, "bronze")
    for i in range(9):
        await leagues.accounts.player(f"x{i}", T0 - dt.timedelta(days=3))
        await publish_game(leagues.js, f"x{i}", first, credits=10 * (i + 1), finished_at=T0 + dt.timedelta(minutes=i))
    await close_week(leagues.js, WEEK)  # at once: the week waits until the games projection caught up
    await leagues.settle()
    up = {r["account_id"] for r in await leagues.pool.fetch("SELECT account_id FROM leagues_players")}
    assert up == {"x8", "x7", "x6"}
    assert (await leagues.ask("player", account_id="x8", date=week2.isoformat()))["league"] == "silver"
    assert (await leagues.ask("league", account_id="x8"))["league"] == "silver"  # what a Daily start asks
    assert (await leagues.ask("league", account_id="x0"))["league"] == "bronze"

    # the gateway starts their games in Silver: GameCreated says so
    silver, bronze = daily_event(week2, "silver"), daily_event(week2, "bronze")
    for n, account in enumerate(["x8", "x7", "x6", *(f"y{i}" for i in range(6))]):
        if account.startswith("y"):
            await leagues.accounts.player(account, T0)
        credits = {"x8": 5, "x7": 500, "x6": 55}.get(account, 50 + 2 * (n - 3))  # y0..y5: 50..60
        await publish_game(
            leagues.js, account, silver, credits=credits, finished_at=T0 + dt.timedelta(days=7, minutes=n)
        )
    for i in range(6):
        await publish_game(leagues.js, f"x{i}", bronze, credits=1 + i, finished_at=T0 + dt.timedelta(days=7, hours=i))
    await leagues.settle()
    await close_week(leagues.js, week2)
    await leagues.settle()
    rows = {
        r["account_id"]: r
        for r in await leagues.pool.fetch("SELECT * FROM leagues_results WHERE week_start = $1", week2)
    }
    assert {a: r["league"] for a, r in rows.items() if a.startswith("x")} == {
        **{f"x{i}": "bronze" for i in range(6)},
        "x6": "silver",
        "x7": "silver",
        "x8": "silver",
    }
    assert rows["x7"]["place"] == 1 and rows["x7"]["league_after"] == "gold"
    assert rows["x8"]["place"] == 9 and rows["x8"]["league_after"] == "bronze"  # up last week, down again
    assert rows["x6"]["place"] == 5 and rows["x6"]["league_after"] == "silver"
    assert {rows[f"x{i}"]["league_after"] for i in range(6)} <= {"bronze", "silver"}
    assert sum(rows[f"x{i}"]["league_after"] == "silver" for i in range(6)) == 3  # Bronze group of 6: top 3 up
    players = {
        r["account_id"]: (r["league"], r["since_week"])
        for r in await leagues.pool.fetch("SELECT * FROM leagues_players")
    }
    assert players["x8"] == ("bronze", week2 + dt.timedelta(days=7)) and players["x7"][0] == "gold"
    assert players["x6"] == ("silver", week2)  # stayed: the row still says since when
