"""The rating of a game whose rules have one (`rate`, the contract's rating hook: Ghost Five's Elo,
docs/games/ghost-five.md) and «Лидеры», a projection in PostgreSQL. One game kind is rated (the tables are
Ghost Five's own: a second rated kind would need a kind column).

A match is rated once, when it ends with a winner (two round wins or a resignation): cancelled and aborted
matches never are, nor a room its rules do not count (`rated(settings)`: Ghost Five's bot and one-device
games), nor a match with a bot's seat, nor one whose two seats are not two accounts registered (an e-mail
confirmed) by the time it
ended (a guest). Whether and when an account was registered is read from its own subject in ACCOUNTS (the
first `account.EmailConfirmed`), so the live projection and a rebuild decide alike whatever order their
consumers ran in; that time is «Лидеры»' last tie-break.

Elo depends on the order of matches: they are applied in the order of their end in the GAMES stream (its
sequence), one at a time (a transaction lock: every engine replica runs the durable). A match that reaches
the projection after a later one (a redelivery after a failure, another replica's message) makes it
recompute every rating from the rated matches in that order, so the ratings are always the stream's."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import asyncpg
from echo_events.envelope import decode
from echo_events.hosting import NOT_RATED, Rating
from echo_events.streams import ACCOUNTS
from echo_runtime.direct_read import read_subject
from nats.aio.client import Client

from . import games
from .accounts import names
from .history import FinishedTable

EMAIL_CONFIRMED = "account.EmailConfirmed"
LISTED_FROM = 5  # rated matches an account needs to be in «Лидеры»
TOP = 100
LOCK = 7_215_019  # pg_advisory_xact_lock key: one rated match applied at a time


@dataclass(frozen=True, slots=True)
class Player:
    account_id: str
    registered_at: datetime


async def registered_at(nc: Client, account_id: str, by: datetime) -> datetime | None:
    """When the account first confirmed an e-mail, if it had by `by`."""
    confirmed = [e.occurred_at for message in await read_subject(nc, ACCOUNTS.name, f"account.{account_id}")
                 for e in decode(message.data).events if e.event_type == EMAIL_CONFIRMED and e.occurred_at <= by]
    return min(confirmed, default=None)


async def rated_pair(nc: Client, table: FinishedTable) -> tuple[Player, Player] | None:
    """(winner, loser) if this finished table is a rated match."""
    if table.outcome != "finished" or len(table.seats) != 2:
        return None
    if not games.rules_for(table.kind).rating.counts(table.settings):  # unrated kind, a bot's or one device's game
        return None
    if any(s["bot"] is not None for s in table.seats) or table.seats[0]["account_id"] == table.seats[1]["account_id"]:
        return None
    winners = [s["account_id"] for s in table.seats if s["result"] == "win"]
    losers = [s["account_id"] for s in table.seats if s["result"] == "loss"]
    if len(winners) != 1 or len(losers) != 1:
        return None
    pair = []
    for account in (winners[0], losers[0]):
        since = await registered_at(nc, account, table.finished_at)
        if since is None:
            return None
        pair.append(Player(account, since))
    return pair[0], pair[1]


def rated_kind() -> Rating:
    """The rating of the hosted game whose matches are rated (NOT_RATED: none here has one)."""
    return next((games.rules_for(kind).rating for kind in games.kinds() if games.rules_for(kind).is_rated),
                NOT_RATED)


async def apply_rated(conn: asyncpg.Connection, sequence: int, game_id: str, pair: tuple[Player, Player],
                      finished_at: datetime) -> None:
    await conn.execute("SELECT pg_advisory_xact_lock($1)", LOCK)
    latest = await conn.fetchval("SELECT max(sequence) FROM ghost_rated_matches")
    winner, loser = pair
    inserted = await conn.fetchval(
        """INSERT INTO ghost_rated_matches (sequence, game_id, winner, loser, winner_registered_at,
                                            loser_registered_at, finished_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING true""",
        sequence, game_id, winner.account_id, loser.account_id, winner.registered_at, loser.registered_at,
        finished_at)
    if not inserted:
        return
    if latest is not None and sequence < latest:
        await _recompute(conn)
    else:
        await _apply(conn, winner, loser)


async def _apply(conn: asyncpg.Connection, winner: Player, loser: Player) -> None:
    rows = await conn.fetch("SELECT account_id, rating FROM ghost_ratings WHERE account_id = ANY($1::text[])",
                            [winner.account_id, loser.account_id])
    now = {row["account_id"]: row["rating"] for row in rows}
    rating = rated_kind()
    won, lost = rating.rate(now.get(winner.account_id, rating.start), now.get(loser.account_id, rating.start))
    for player, rating, win in ((winner, won, 1), (loser, lost, 0)):
        await conn.execute(
            """INSERT INTO ghost_ratings (account_id, rating, matches, wins, registered_at) VALUES ($1, $2, 1, $3, $4)
               ON CONFLICT (account_id) DO UPDATE
               SET rating = EXCLUDED.rating, matches = ghost_ratings.matches + 1, wins = ghost_ratings.wins + $3""",
            player.account_id, rating, win, player.registered_at)


async def _recompute(conn: asyncpg.Connection) -> None:
    await conn.execute("DELETE FROM ghost_ratings")
    for match in await conn.fetch("SELECT * FROM ghost_rated_matches ORDER BY sequence"):
        await _apply(conn, Player(match["winner"], match["winner_registered_at"]),
                     Player(match["loser"], match["loser_registered_at"]))


# «Лидеры»' order, which the index ghost_ratings_board follows: rating, more rated matches, earlier registration
# (and the account id, so that no two rows tie).
_BOARD = "FROM ghost_ratings WHERE matches >= $1"
_ORDER = "ORDER BY rating DESC, matches DESC, registered_at, account_id"
_AHEAD = """SELECT count(*) + 1 FROM ghost_ratings WHERE matches >= $1 AND (rating > $2 OR (rating = $2 AND (
    matches > $3 OR (matches = $3 AND (registered_at < $4 OR (registered_at = $4 AND account_id < $5))))))"""


async def leaders(pool: asyncpg.Pool, viewer: str | None) -> dict:
    """«Лидеры»: the top 100 of the accounts with at least 5 rated matches, and the viewer's own row (his place
    counted among all of them)."""
    top = await pool.fetch(f"SELECT * {_BOARD} {_ORDER} LIMIT $2", LISTED_FROM, TOP)
    own = None if viewer is None else await pool.fetchrow("SELECT * FROM ghost_ratings WHERE account_id = $1", viewer)
    place = None
    if own is not None and own["matches"] >= LISTED_FROM:
        place = await pool.fetchval(_AHEAD, LISTED_FROM, own["rating"], own["matches"], own["registered_at"], viewer)
    named = await names(pool, [row["account_id"] for row in top] + ([viewer] if viewer else []))

    start = rated_kind().start

    def row(record: asyncpg.Record | None, account_id: str, at: int | None) -> dict:
        rating, matches, wins = (record["rating"], record["matches"], record["wins"]) if record else (start, 0, 0)
        return {"place": at, "name": named[account_id], "rating": rating, "matches": matches, "wins": wins,
                "you": account_id == viewer}

    return {"leaders": [row(r, r["account_id"], n) for n, r in enumerate(top, 1)],
            "you": None if viewer is None else row(own, viewer, place), "min_matches": LISTED_FROM}


async def ratings_of(pool: asyncpg.Pool, account_ids: list[str]) -> dict[str, int]:
    """Each account's rating now (the start for one with no rated match yet)."""
    rows = await pool.fetch("SELECT account_id, rating FROM ghost_ratings WHERE account_id = ANY($1::text[])",
                            account_ids)
    known = {row["account_id"]: row["rating"] for row in rows}
    return {account: known.get(account, rated_kind().start) for account in account_ids}
