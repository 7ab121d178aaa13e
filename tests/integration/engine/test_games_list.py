"""A player's games list: the newest games, and the best Free game of each preset however old it is (the
client lists the best results from it)."""

import datetime as dt

import asyncpg
import pytest
from echo_engine.projections import games_of

pytestmark = pytest.mark.integration

T0 = dt.datetime(2026, 11, 1, 9, tzinfo=dt.UTC)


async def test_the_best_of_each_preset_stays_listed_behind_newer_games(fresh_database: str) -> None:
    pool = await asyncpg.create_pool(fresh_database, min_size=1, max_size=2)
    games = [  # (id, preset, credits, days after T0): the best standard game is the oldest of all
        ("best-standard", "standard", 90, 0), ("worse-standard", "standard", 40, 1),
        ("best-red", "big-red", 30, 2), ("zero-standard", "standard", 0, 3),
    ]
    try:
        for game_id, preset, credits, day in games:
            started = T0 + dt.timedelta(days=day)
            await pool.execute(
                """INSERT INTO engine_games (game_id, account_id, mode, preset_id, msk_date, status, credits,
                   ticks, started_at, finished_at) VALUES ($1, 'p', 'free', $2, $3, 'finished', $4, 20, $5, $5)""",
                game_id, preset, started.date(), credits, started)
        newest_two = await games_of(pool, "p", limit=2)
    finally:
        await pool.close()
    # the two newest, then the standard best that is older than both; each best marked
    assert [(g["game_id"], g["best"]) for g in newest_two] == [
        ("zero-standard", False), ("best-red", True), ("best-standard", True)]
