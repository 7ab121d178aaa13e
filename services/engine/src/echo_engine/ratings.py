"""Ghost Five's rating (Elo, docs/games/ghost-five.md) and «Лидеры», a projection in PostgreSQL.

A match is rated once, when it ends with a winner (two round wins or a resignation): cancelled and aborted
matches never are, nor a room whose opponent is not `online` (a bot's, a one-device game), nor a match with a
bot's seat, nor one whose two seats are not two accounts registered (an e-mail confirmed) by the time it
ended (a guest). Whether an account was registered then is read from its own subject in ACCOUNTS, so the
live projection and a rebuild decide alike whatever order their consumers ran in.

Elo depends on the order of matches: they are applied in the order of their end in the GAMES stream (its
sequence), one at a time (a transaction lock: every engine replica runs the durable). A match that reaches
the projection after a later one (a redelivery after a failure, another replica's message) makes it
recompute every rating from the rated matches in that order, so the ratings are always the stream's."""

from __future__ import annotations

from datetime import datetime

import asyncpg
from echo_events.envelope import decode
from echo_events.streams import ACCOUNTS
from echo_runtime.direct_read import read_subject
from ghost_five import KIND as GHOST_FIVE
from ghost_five.elo import START, rate
from nats.aio.client import Client

from .accounts import EMAIL_CONFIRMED, names
from .history import FinishedTable

LISTED_FROM = 5  # rated matches an account needs to be in «Лидеры»
TOP = 100
LOCK = 7_215_019  # pg_advisory_xact_lock key: one rated match applied at a time


async def registered_by(nc: Client, account_id: str, moment: datetime) -> bool:
    """Had the account confirmed an e-mail by `moment`?"""
    for message in await read_subject(nc, ACCOUNTS.name, f"account.{account_id}"):
        if any(e.event_type == EMAIL_CONFIRMED and e.occurred_at <= moment for e in decode(message.data).events):
            return True
    return False


async def rated_pair(nc: Client, table: FinishedTable) -> tuple[str, str] | None:
    """(winner, loser) if this finished table is a rated Ghost Five match."""
    if table.kind != GHOST_FIVE or table.outcome != "finished" or len(table.seats) != 2:
        return None
    if table.settings.get("opponent", "online") != "online":  # a bot's or a one-device game
        return None
    if any(s["bot"] is not None for s in table.seats) or table.seats[0]["account_id"] == table.seats[1]["account_id"]:
        return None
    winners = [s["account_id"] for s in table.seats if s["result"] == "win"]
    losers = [s["account_id"] for s in table.seats if s["result"] == "loss"]
    if len(winners) != 1 or len(losers) != 1:
        return None
    for account in (*winners, *losers):
        if not await registered_by(nc, account, table.finished_at):
            return None
    return winners[0], losers[0]


async def apply_rated(conn: asyncpg.Connection, sequence: int, game_id: str, pair: tuple[str, str],
                      finished_at: datetime) -> None:
    await conn.execute("SELECT pg_advisory_xact_lock($1)", LOCK)
    latest = await conn.fetchval("SELECT max(sequence) FROM ghost_rated_matches")
    inserted = await conn.fetchval(
        """INSERT INTO ghost_rated_matches (sequence, game_id, winner, loser, finished_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT DO NOTHING RETURNING true""", sequence, game_id, *pair, finished_at)
    if not inserted:
        return
    if latest is not None and sequence < latest:
        await _recompute(conn)
    else:
        await _apply(conn, *pair)


async def _apply(conn: asyncpg.Connection, winner: str, loser: str) -> None:
    rows = await conn.fetch("SELECT account_id, rating FROM ghost_ratings WHERE account_id = ANY($1::text[])",
                            [winner, loser])
    now = {row["account_id"]: row["rating"] for row in rows}
    won, lost = rate(now.get(winner, START), now.get(loser, START))
    for account, rating, win in ((winner, won, 1), (loser, lost, 0)):
        await conn.execute(
            """INSERT INTO ghost_ratings (account_id, rating, matches, wins) VALUES ($1, $2, 1, $3)
               ON CONFLICT (account_id) DO UPDATE
               SET rating = EXCLUDED.rating, matches = ghost_ratings.matches + 1, wins = ghost_ratings.wins + $3""",
            account, rating, win)


async def _recompute(conn: asyncpg.Connection) -> None:
    await conn.execute("DELETE FROM ghost_ratings")
    for match in await conn.fetch("SELECT winner, loser FROM ghost_rated_matches ORDER BY sequence"):
        await _apply(conn, match["winner"], match["loser"])


_RANKED = """
SELECT r.account_id, r.rating, r.matches, r.wins,
       rank() OVER (ORDER BY r.rating DESC, r.matches DESC, a.registered_at NULLS LAST, r.account_id) AS place
FROM ghost_ratings r LEFT JOIN engine_accounts a USING (account_id)
WHERE r.matches >= $1
"""


async def leaders(pool: asyncpg.Pool, viewer: str | None) -> dict:
    """«Лидеры»: the top 100 of the accounts with at least 5 rated matches, and the viewer's own row."""
    top = await pool.fetch(f"{_RANKED} ORDER BY place LIMIT $2", LISTED_FROM, TOP)
    own = None
    if viewer is not None:
        own = await pool.fetchrow(f"SELECT * FROM ({_RANKED}) ranked WHERE account_id = $2", LISTED_FROM, viewer)
        if own is None:
            own = await pool.fetchrow("SELECT account_id, rating, matches, wins, NULL::bigint AS place "
                                      "FROM ghost_ratings WHERE account_id = $1", viewer)
    named = await names(pool, [row["account_id"] for row in top] + ([viewer] if viewer else []))

    def row(record: asyncpg.Record | None, account_id: str) -> dict:
        rating, matches, wins, place = ((record["rating"], record["matches"], record["wins"], record["place"])
                                        if record is not None else (START, 0, 0, None))
        return {"place": place, "name": named[account_id], "rating": rating, "matches": matches, "wins": wins,
                "you": account_id == viewer}

    return {"leaders": [row(r, r["account_id"]) for r in top],
            "you": None if viewer is None else row(own, viewer), "min_matches": LISTED_FROM}
