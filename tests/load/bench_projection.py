"""Throughput of the leagues projection of GAMES, against a bare asyncpg `copy_records_to_table` floor.

    .venv/bin/python tests/load/bench_projection.py [--games 3000] [--moves 20]

Publishes `games` Daily games as the engine writes them (the opening batch, `moves` move batches, the
finishing batch) to a NATS of its own, then starts the leagues service and times its consumers until
they have caught up. The service reads only the games' lifecycle subjects (the opening and finishing
batches); the moves are in the stream, on the games' `move` subjects, and never delivered to it.
The floor: the same number of rows bulk-copied into a table in one call.
Prints the figures and writes `.bench/projection.json`.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import sys
import tempfile
import time
from pathlib import Path

import asyncpg

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).parent))

from echo_events.streams import game_subject  # noqa: E402
from echo_leagues.app import create_app  # noqa: E402
from echo_leagues.settings import Settings  # noqa: E402
from echo_runtime.devstack import EmbeddedNats, EmbeddedPostgres  # noqa: E402
from echo_runtime.migrate import apply_migrations  # noqa: E402
from echo_runtime.nats_client import connect, ensure_streams  # noqa: E402
from stack import machine, write_result  # noqa: E402

from tests.support.leagues import caught_up, daily_event, finish_game, publish_game  # noqa: E402
from tests.support.servers import running  # noqa: E402


async def publish(js, games: int, moves: int) -> int:  # noqa: ANN001
    """The stream as the engine leaves it; returns how many events it holds."""
    daily = daily_event(dt.date(2026, 11, 30), "bronze", seed=5)
    for n in range(games):
        game_id = await publish_game(js, f"p{n}", daily, credits=0, finish=False)
        for tick in range(moves):  # move batches, on the move subject: the projection never receives them
            await js.publish(game_subject(game_id, ["echo.TickResolved"]), b"{}", stream="GAMES",
                             headers={"Echo-Event-Types": "echo.TickResolved", "Nats-Msg-Id": f"{game_id}:{tick}"})
        await finish_game(js, game_id, credits=10 + n % 50, tick=moves, version=4 + moves,
                          finished_at=daily.opens_at + dt.timedelta(minutes=5, seconds=n))
    return games * (3 + moves + 1)


async def floor(dsn: str, rows: int) -> float:
    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute("CREATE TEMP TABLE floor_rows (game_id text, account_id text, credits int, ticks int)")
        records = [(f"g{n}", f"p{n}", n % 50, 20) for n in range(rows)]
        t0 = time.perf_counter()
        await conn.copy_records_to_table("floor_rows", records=records)
        return rows / (time.perf_counter() - t0)
    finally:
        await conn.close()


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--moves", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="echo-bench-") as folder:
        nats = EmbeddedNats(Path(folder) / "nats")
        postgres = EmbeddedPostgres(Path(folder) / "pg", delete_on_stop=True)
        nats_url, dsn = nats.start(), postgres.start()
        try:
            await apply_migrations(dsn)
            nc = await connect(nats_url, "bench")
            js = nc.jetstream()
            await ensure_streams(js)
            events = await publish(js, args.games, args.moves)
            messages = args.games * (args.moves + 2)
            pool = await asyncpg.create_pool(dsn)
            t0 = time.perf_counter()
            async with running(create_app(Settings(nats_url=nats_url, database_url=dsn))):
                await caught_up(js, pool, limit_s=3600)
                elapsed = time.perf_counter() - t0
            games_rows = await pool.fetchval("SELECT count(*) FROM leagues_games WHERE status <> 'live'")
            await pool.close()
            await nc.drain()
            copy_rows_per_s = await floor(dsn, args.games * 2)
        finally:
            nats.stop()
            postgres.stop()
    result = {"games": args.games, "moves_per_game": args.moves, "events": events, "messages": messages,
              "seconds": elapsed, "events_per_s": events / elapsed, "messages_per_s": messages / elapsed,
              "lifecycle_batches_per_s": args.games * 2 / elapsed,
              "finished_games_projected": games_rows, "floor_copy_rows_per_s": copy_rows_per_s,
              "machine": machine()}
    print(f"{'figure':52} {'value':>12}")
    print(f"{'stream events caught up per second (leagues, GAMES)':52} {result['events_per_s']:12.0f}")
    print(f"{'stream messages caught up per second':52} {result['messages_per_s']:12.0f}")
    print(f"{'lifecycle batches projected per second (all it reads)':52} {result['lifecycle_batches_per_s']:12.0f}")
    print(f"{'floor: rows per second, asyncpg copy_records_to_table':52} {copy_rows_per_s:12.0f}")
    print(f"{'finished games projected / published':52} {games_rows:6d} / {args.games}")
    write_result("projection", result)


if __name__ == "__main__":
    asyncio.run(main())
