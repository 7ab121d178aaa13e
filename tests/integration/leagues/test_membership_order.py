"""Group membership is a pure function of the facts: whatever order the events are applied in (a
redelivery, a lagging consumer, a rebuild), positions are the join order (join_at, account_id) and
groups are its runs of ten."""

import datetime as dt
import random

import asyncpg
import pytest
from echo_leagues import groups

pytestmark = pytest.mark.integration

WEEK = dt.date(2026, 11, 16)
T0 = dt.datetime(2026, 11, 16, 6, 0, tzinfo=dt.UTC)


async def add_game(conn: asyncpg.Connection, account: str, minute: int, league: str = "bronze") -> None:
    await conn.execute(
        """INSERT INTO leagues_accounts (account_id, confirmed_at, confirmed_week)
           VALUES ($1, $2, $3) ON CONFLICT DO NOTHING""",
        account,
        T0 - dt.timedelta(days=1),
        WEEK - dt.timedelta(days=7),
    )
    finished = T0 + dt.timedelta(minutes=minute)
    await conn.execute(
        """INSERT INTO leagues_games (game_id, account_id, daily_id, league, day, week_start, started_at, status,
                                      finished_at, credits, in_chart)
           VALUES ($1, $2, 'd', $3, $4, $4, $5, 'finished', $5, 10, true)""",
        f"{account}-{minute}",
        account,
        league,
        WEEK,
        finished,
    )
    async with conn.transaction():
        await groups.lock(conn)
        await groups.refresh_membership(conn, account, WEEK)


async def members(conn: asyncpg.Connection) -> list[tuple]:
    rows = await conn.fetch("SELECT account_id, league, pos, group_no FROM leagues_members ORDER BY league, pos")
    return [tuple(r.values()) for r in rows]


async def expected(conn: asyncpg.Connection) -> list[tuple]:
    rows = await conn.fetch(
        """SELECT account_id, league, row_number() OVER w AS pos, (row_number() OVER w - 1) / 10 AS group_no
           FROM leagues_members WINDOW w AS (PARTITION BY league ORDER BY join_at, account_id)
           ORDER BY league, pos"""
    )
    return [tuple(r.values()) for r in rows]


async def test_any_arrival_order_gives_the_join_order(fresh_database: str) -> None:
    conn = await asyncpg.connect(fresh_database)
    try:
        arrivals = [(f"p{i:02}", i * 3) for i in range(35)]
        random.Random(7).shuffle(arrivals)
        for account, minute in arrivals:
            await add_game(conn, account, minute, league="silver" if minute % 2 else "bronze")
        assert await members(conn) == await expected(conn)
        assert [r[0] for r in await members(conn) if r[1] == "bronze"][:3] == ["p00", "p02", "p04"]
        # a Silver player's earlier Bronze game arrives late: he joined Bronze first, at its head
        await add_game(conn, "p33", -5, league="bronze")
        assert await members(conn) == await expected(conn)
        rows = {r[0]: r for r in await members(conn)}
        assert rows["p33"][1:] == ("bronze", 1, 0) and rows["p00"][2] == 2
        sizes = await conn.fetch("SELECT league, group_no, count(*) FROM leagues_members GROUP BY 1, 2 ORDER BY 1, 2")
        assert [tuple(r.values()) for r in sizes] == [
            ("bronze", 0, 10),
            ("bronze", 1, 9),
            ("silver", 0, 10),
            ("silver", 1, 6),
        ]
    finally:
        await conn.close()
