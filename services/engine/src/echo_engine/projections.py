"""The games projection, from the GAMES stream into PostgreSQL: every solo game's owner, mode and
result (a player's list of games, the best Free result per preset); every finished table game of any kind
with its seats and results (`history`); the rated kinds' ratings (`ratings`).

It reads only the games' `lifecycle` subjects (creation, end): moves never reach it. Idempotent: each game's
position is stored with its rows in one transaction (`apply_monotonic`). `rebuild` replays it from the
streams."""

from __future__ import annotations

from datetime import date

import asyncpg
from echo_events.envelope import Batch, decode, unwrap
from echo_events.play import GameCreated
from echo_events.streams import ALL_GAME_LIFECYCLES
from echo_runtime.consumer import ConsumerSpec
from echo_runtime.projection import apply_monotonic
from nats.aio.client import Client
from nats.aio.msg import Msg

from . import games, history, ratings
from .store import GameStore

GAMES_PROJECTION = "engine.games"
GAMES_CONSUMER = ConsumerSpec(stream="GAMES", durable="engine-games", filter_subject=ALL_GAME_LIFECYCLES,
                              description="The games projection: every solo game's owner, mode and result; "
                                          "finished table games (history); the rated kinds' ratings.")


def _solo(kind: str) -> bool:
    """A solo game's kind (a kind not hosted here is none: its games are not listed)."""
    try:
        return games.rules_for(kind).is_solo
    except games.UnknownKind:
        return False


async def apply_game_rows(conn: asyncpg.Connection, batch: Batch) -> None:
    for envelope in batch.events:
        if envelope.event_type == GameCreated.event_type:
            meta = unwrap(envelope)
            if not _solo(meta.kind):
                continue  # the solo games' list; a table game is in `history` once it has ended
            started = games.rules_for(meta.kind).solo.started_with(meta.settings)
            await conn.execute(
                """INSERT INTO engine_games (game_id, account_id, mode, preset_id, daily_id, msk_date, started_at)
                   VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (game_id) DO NOTHING""",
                meta.game_id, meta.account_id, meta.mode, started.preset, started.daily_id,
                date.fromisoformat(meta.msk_date),
                envelope.occurred_at,
            )
        elif (solo := games.solo_ending(envelope.event_type)) is not None:
            end = solo.solo.result(unwrap(envelope))
            await conn.execute(
                """UPDATE engine_games SET status = $2, credits = $3, ticks = $4, clean = $5, lossy = $6,
                          orders = $7, finished_at = $8 WHERE game_id = $1""",
                envelope.stream_id, end["status"], end["credits"], end["ticks"], end["clean"], end["lossy"],
                end["orders"], envelope.occurred_at,
            )


def games_handler(pool: asyncpg.Pool, nc: Client, store: GameStore | None = None):  # noqa: ANN201 - a consumer Handler
    """`store`: this replica's games, whose cached game spares reading an ended one back (`history`)."""
    async def handle(msg: Msg) -> None:
        batch = decode(msg.data)
        cached = None if store is None or not batch.events else store.cached(batch.events[-1].stream_id)
        table = await history.finished_table(nc, batch, cached)  # NATS reads before the transaction, not inside it
        pair = None if table is None else await ratings.rated_pair(nc, table)

        async def rows(conn: asyncpg.Connection, batch: Batch) -> None:
            await apply_game_rows(conn, batch)
            if table is not None and await history.record(conn, table) and pair is not None:
                await ratings.apply_rated(conn, table.kind, msg.metadata.sequence.stream, table.game_id, pair,
                                          table.finished_at)

        await apply_monotonic(pool, GAMES_PROJECTION, batch, rows, require_first=True)

    return handle


# The newest `$2` games, and the best Free game of each preset however old it is (the client lists them).
GAMES_OF_ACCOUNT = """
SELECT game_id, mode, preset_id, daily_id, msk_date, status, credits, ticks, clean, lossy, orders,
       started_at, finished_at, best
FROM (
    SELECT *,
           game_id = FIRST_VALUE(game_id) OVER (
               PARTITION BY mode, preset_id ORDER BY (status = 'live'), credits DESC, ticks, finished_at
           ) AND mode = 'free' AND status <> 'live' AS best,
           row_number() OVER (ORDER BY started_at DESC) AS newest
    FROM engine_games WHERE account_id = $1
) AS games
WHERE newest <= $2 OR best ORDER BY started_at DESC
"""


async def games_of(pool: asyncpg.Pool, account_id: str, limit: int = 50) -> list[dict]:
    rows = await pool.fetch(GAMES_OF_ACCOUNT, account_id, limit)
    return [
        {**dict(row), "msk_date": row["msk_date"].isoformat(), "started_at": row["started_at"].isoformat(),
         "finished_at": row["finished_at"].isoformat() if row["finished_at"] else None}
        for row in rows
    ]
