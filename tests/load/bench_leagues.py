"""Benchmark of the leagues read side and week results at scale, on an embedded PostgreSQL.

    .venv/bin/python tests/load/bench_leagues.py [--players 1000000] [--runs 50]

Creates a temporary database on a PostgreSQL of its own (pgserver, `EmbeddedPostgres`), applies the
migrations, bulk-loads synthetic rows server-side with generate_series — `players` confirmed accounts
(1 in 20 without a confirmed e-mail), one Bronze Daily with a game each (the Chart), a second day of
games, and every player a member of a week group (leagues spread 6:2:1:1) — then measures with the
service's own query functions:
- floor: a `SELECT 1` round trip on the same pool (what no query can beat);
- the Chart: top 100; top 100 + the caller's place and neighbourhood (callers at the top, middle and
  bottom of the Chart, and out of the Chart);
- a group's standings; a player's league and place;
- joining a group (the fast path of a newcomer), and the week's results over all groups (one statement).

Prints a table and writes `.bench/leagues.json`.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncpg
from echo_leagues import groups, queries
from echo_runtime.devstack import EmbeddedPostgres
from echo_runtime.migrate import apply_migrations

sys.path.insert(0, str(Path(__file__).parent))
from stack import results_path  # noqa: E402 - where every benchmark writes its figures

DAY = dt.date(2026, 11, 16)
WEEK = DAY
LOAD = [
    """INSERT INTO leagues_accounts (account_id, callsign, confirmed_at, confirmed_week)
       SELECT 'a' || i, 'Позывной-' || i,
              CASE WHEN i % 20 = 0 THEN NULL ELSE timestamptz '2026-11-01 10:00+00' END,
              CASE WHEN i % 20 = 0 THEN NULL ELSE date '2026-10-26' END
       FROM generate_series(1::bigint, $1) AS i""",
    # day 1: the Bronze Daily of everybody (the Chart under test)
    """INSERT INTO leagues_games (game_id, account_id, daily_id, league, day, week_start, started_at, status,
                                  finished_at, credits, clean, lossy, orders, ticks, in_chart)
       SELECT 'g1-' || i, 'a' || i, '2026-11-16:bronze', 'bronze', date '2026-11-16', date '2026-11-16',
              timestamptz '2026-11-15 21:00+00' + (i % 3600) * interval '1 second', 'finished',
              timestamptz '2026-11-15 21:30+00' + ((i * 7919) % 80000) * interval '1 second',
              (i * 104729) % 301, (i * 31) % 7, (i * 17) % 3, (i * 13) % 5, 10 + (i * 37) % 90, i % 20 <> 0
       FROM generate_series(1::bigint, $1) AS i""",
    # day 2: a second Daily in each player's league
    """INSERT INTO leagues_games (game_id, account_id, daily_id, league, day, week_start, started_at, status,
                                  finished_at, credits, clean, lossy, orders, ticks, in_chart)
       SELECT 'g2-' || i, 'a' || i, '2026-11-17:x', 'silver', date '2026-11-17', date '2026-11-16',
              timestamptz '2026-11-16 21:00+00', 'finished',
              timestamptz '2026-11-16 21:30+00' + ((i * 7907) % 80000) * interval '1 second',
              (i * 7727) % 251, (i * 29) % 6, (i * 11) % 3, (i * 7) % 4, 10 + (i * 41) % 90, i % 20 <> 0
       FROM generate_series(1::bigint, $1) AS i""",
    """INSERT INTO leagues_members (week_start, account_id, league, join_at, pos, group_no)
       SELECT date '2026-11-16', 'a' || i, l.league, timestamptz '2026-11-15 21:30+00' + i * interval '1 ms',
              row_number() OVER w, (row_number() OVER w - 1) / 10
       FROM generate_series(1::bigint, $1) AS i
       CROSS JOIN LATERAL (SELECT CASE WHEN i % 10 < 6 THEN 'bronze' WHEN i % 10 < 8 THEN 'silver'
                                       WHEN i % 10 < 9 THEN 'gold' ELSE 'platinum' END AS league) l
       WHERE i % 20 <> 0
       WINDOW w AS (PARTITION BY l.league ORDER BY i)""",
    """INSERT INTO leagues_chart_counts (league, day, credits, n)
       SELECT league, day, credits, count(*) FROM leagues_games WHERE in_chart AND credits > 0 AND $1 > 0
       GROUP BY league, day, credits""",
]


def stats(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "n": len(samples),
        "median_ms": statistics.median(ordered) * 1000,
        "p95_ms": ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] * 1000,
        "max_ms": ordered[-1] * 1000,
    }


async def timed(fn, runs: int) -> dict[str, float]:  # noqa: ANN001
    await fn()  # warm
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter()
        await fn()
        samples.append(time.perf_counter() - t0)
    return stats(samples)


async def caller_at(pool: asyncpg.Pool, fraction: float) -> str:
    total = await pool.fetchval(
        "SELECT count(*) FROM leagues_games WHERE league = 'bronze' AND day = $1 "
        "AND in_chart AND credits > 0",
        DAY,
    )
    return await pool.fetchval(
        """SELECT account_id FROM leagues_games g
           WHERE league = 'bronze' AND day = $1 AND in_chart AND credits > 0
           ORDER BY -g.credits, -g.clean, g.ticks, g.finished_at, g.game_id OFFSET $2 LIMIT 1""",
        DAY,
        min(total - 1, int(total * fraction)),
    )


async def bench(dsn: str, players: int, runs: int) -> dict[str, Any]:
    await apply_migrations(dsn)
    pool = await asyncpg.create_pool(dsn, min_size=2, max_size=4)
    results: dict[str, Any] = {}
    t0 = time.perf_counter()
    async with pool.acquire() as conn:
        for sql in LOAD:
            await conn.execute(sql, players)
        await conn.execute("VACUUM ANALYZE")
    results["load_s"] = time.perf_counter() - t0
    print(f"loaded {players:,} players in {results['load_s']:.1f} s", file=sys.stderr)

    results["floor_select1"] = await timed(lambda: pool.fetchval("SELECT 1"), runs * 4)
    results["chart_top100"] = await timed(lambda: queries.chart(pool, "bronze", DAY, limit=100), runs)
    for label, fraction in (("top", 0.0001), ("middle", 0.5), ("bottom", 0.9999)):
        viewer = await caller_at(pool, fraction)
        results[f"chart_top100_me_{label}"] = await timed(
            lambda v=viewer: queries.chart(pool, "bronze", DAY, limit=100, viewer=v), runs
        )
    unconfirmed = "a20"  # 1 in 20 is out of the Chart: shown to himself alone
    results["chart_top100_me_out_of_chart"] = await timed(
        lambda: queries.chart(pool, "bronze", DAY, limit=100, viewer=unconfirmed), runs
    )
    results["group_standings"] = await timed(
        lambda: queries.group_standings(pool, WEEK, "bronze", players // 200), runs
    )
    results["player_league_and_place"] = await timed(
        lambda: queries.player(pool, f"a{players // 2 + 1}", DAY), runs
    )

    async with pool.acquire() as conn:
        samples = []
        for n in range(runs):
            account = f"new{n}"
            async with conn.transaction():
                await conn.execute(
                    "INSERT INTO leagues_accounts (account_id, confirmed_at, confirmed_week) "
                    "VALUES ($1, '2026-11-01', '2026-10-26')",
                    account,
                )
                await conn.execute(
                    """INSERT INTO leagues_games (game_id, account_id, daily_id, league, day, week_start,
                           started_at, status, finished_at, credits, in_chart)
                       VALUES ($1, $2, 'x', 'bronze', $3, $3, now(), 'finished', now(), 10, true)""",
                    f"gn{n}",
                    account,
                    DAY,
                )
                t = time.perf_counter()
                await groups.lock(conn)
                await groups.refresh_membership(conn, account, WEEK)
                samples.append(time.perf_counter() - t)
        results["join_group_newcomer"] = stats(samples)

        members = await conn.fetchval("SELECT count(*) FROM leagues_members WHERE week_start = $1", WEEK)
        week_samples = []
        for _ in range(2):
            tr = conn.transaction()
            await tr.start()
            t = time.perf_counter()
            await groups.settle_week(conn, WEEK)
            week_samples.append(time.perf_counter() - t)
            moved = await conn.fetchval("SELECT count(*) FROM leagues_results WHERE league <> league_after")
            await tr.rollback()
        results["week_results_all_groups"] = {**stats(week_samples), "members": members, "moved": moved}
    await pool.close()
    return results


def table(results: dict[str, Any], players: int) -> str:
    floor = results["floor_select1"]["median_ms"]
    lines = [
        f"leagues benchmark — {players:,} players (PostgreSQL embedded, {platform.machine()})",
        f"{'measure':34} {'median ms':>10} {'p95 ms':>10} {'× floor':>9}",
    ]
    for key, value in results.items():
        if not isinstance(value, dict):
            continue
        lines.append(
            f"{key:34} {value['median_ms']:10.2f} {value['p95_ms']:10.2f} {value['median_ms'] / floor:9.0f}"
        )
    week = results["week_results_all_groups"]
    lines.append(
        f"week results: {week['members']:,} members, {week['moved']:,} moved; load {results['load_s']:.1f} s"
    )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="echo-bench-pg-") as folder:
        server = EmbeddedPostgres(Path(folder) / "data", delete_on_stop=True)
        base = server.start()
        try:
            dsn = asyncio.run(_new_database(base))
            results = asyncio.run(bench(dsn, args.players, args.runs))
        finally:
            server.stop()
    print(table(results, args.players))
    out = results_path("leagues")
    out.write_text(
        json.dumps(
            {
                "players": args.players,
                "runs": args.runs,
                "python": platform.python_version(),
                "results": results,
            },
            indent=2,
        )
    )
    print(f"wrote {out}")


async def _new_database(server_url: str) -> str:
    from urllib.parse import urlsplit, urlunsplit

    conn = await asyncpg.connect(server_url)
    try:
        await conn.execute('CREATE DATABASE "echo_bench_leagues"')
    finally:
        await conn.close()
    parts = urlsplit(server_url)
    return urlunsplit(parts._replace(path="/echo_bench_leagues"))


if __name__ == "__main__":
    main()
