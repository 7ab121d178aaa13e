"""The rating of every game whose rules have one (`rate`, the contract's rating hook: Ghost Five's Elo,
docs/games/ghost-five.md) and its «Лидеры», a projection in PostgreSQL: each rated match and each account's
standing are kept under their game's kind, so every rated kind installed has a board of its own.

A match is rated once, when it ends with a winner (two round wins or a resignation): cancelled and aborted
matches never are, nor a room its rules do not count (`rated(settings)`: Ghost Five's bot and one-device
games), nor a match with a bot's seat, nor one whose two seats are not two accounts registered (an e-mail
confirmed) by the time it
ended (a guest). Whether and when an account was registered is read from its own subject in ACCOUNTS (the
first `account.EmailConfirmed`), so the live projection and a rebuild decide alike whatever order their
consumers ran in; that time is «Лидеры»' last tie-break.

Elo depends on the order of matches: a kind's are applied in the order of their end in the GAMES stream (its
sequence), one at a time (a transaction lock: every engine replica runs the durable). A match that reaches
the projection after a later one of its kind (a redelivery after a failure, another replica's message) makes
it recompute every rating of that kind from its rated matches in that order, so the ratings are always the
stream's."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import asyncpg
from echo_events.envelope import decode
from echo_events.hosting import Rating
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


def rated_kinds() -> dict[str, Rating]:
    """The rating of each hosted game whose matches are rated, by kind."""
    return {kind: games.rules_for(kind).rating for kind in games.kinds() if games.rules_for(kind).is_rated}


async def apply_rated(conn: asyncpg.Connection, kind: str, sequence: int, game_id: str, pair: tuple[Player, Player],
                      finished_at: datetime) -> None:
    await conn.execute("SELECT pg_advisory_xact_lock($1)", LOCK)
    latest = await conn.fetchval("SELECT max(sequence) FROM rated_matches WHERE kind = $1", kind)
    winner, loser = pair
    inserted = await conn.fetchval(
        """INSERT INTO rated_matches (sequence, kind, game_id, winner, loser, winner_registered_at,
                                      loser_registered_at, finished_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING true""",
        sequence, kind, game_id, winner.account_id, loser.account_id, winner.registered_at, loser.registered_at,
        finished_at)
    if not inserted:
        return
    if latest is not None and sequence < latest:
        await _recompute(conn, kind)
    else:
        await _apply(conn, kind, winner, loser)


async def _apply(conn: asyncpg.Connection, kind: str, winner: Player, loser: Player) -> None:
    rows = await conn.fetch("SELECT account_id, rating FROM ratings WHERE kind = $1 AND account_id = ANY($2::text[])",
                            kind, [winner.account_id, loser.account_id])
    now = {row["account_id"]: row["rating"] for row in rows}
    rating = games.rules_for(kind).rating
    won, lost = rating.rate(now.get(winner.account_id, rating.start), now.get(loser.account_id, rating.start))
    for player, after, win in ((winner, won, 1), (loser, lost, 0)):
        await conn.execute(
            """INSERT INTO ratings (kind, account_id, rating, matches, wins, registered_at)
               VALUES ($1, $2, $3, 1, $4, $5)
               ON CONFLICT (kind, account_id) DO UPDATE
               SET rating = EXCLUDED.rating, matches = ratings.matches + 1, wins = ratings.wins + $4""",
            kind, player.account_id, after, win, player.registered_at)


async def _recompute(conn: asyncpg.Connection, kind: str) -> None:
    await conn.execute("DELETE FROM ratings WHERE kind = $1", kind)
    for match in await conn.fetch("SELECT * FROM rated_matches WHERE kind = $1 ORDER BY sequence", kind):
        await _apply(conn, kind, Player(match["winner"], match["winner_registered_at"]),
                     Player(match["loser"], match["loser_registered_at"]))


# «Лидеры»' order, which the index ratings_board follows within a kind: rating, more rated matches, earlier
# registration (and the account id, so that no two rows tie).
_BOARD = "FROM ratings WHERE kind = $1 AND matches >= $2"
_ORDER = "ORDER BY rating DESC, matches DESC, registered_at, account_id"
_AHEAD = """SELECT count(*) + 1 FROM ratings WHERE kind = $1 AND matches >= $2 AND (rating > $3 OR (rating = $3 AND (
    matches > $4 OR (matches = $4 AND (registered_at < $5 OR (registered_at = $5 AND account_id < $6))))))"""
_OWN = "SELECT * FROM ratings WHERE kind = $1 AND account_id = $2"


async def leaders(pool: asyncpg.Pool, kind: str, viewer: str | None) -> dict:
    """A rated kind's «Лидеры»: the top 100 of the accounts with at least 5 rated matches, and the viewer's own
    row (his place counted among all of them)."""
    top = await pool.fetch(f"SELECT * {_BOARD} {_ORDER} LIMIT $3", kind, LISTED_FROM, TOP)
    own = None if viewer is None else await pool.fetchrow(_OWN, kind, viewer)
    place = None
    if own is not None and own["matches"] >= LISTED_FROM:
        place = await pool.fetchval(_AHEAD, kind, LISTED_FROM, own["rating"], own["matches"], own["registered_at"],
                                    viewer)
    named = await names(pool, [row["account_id"] for row in top] + ([viewer] if viewer else []))

    start = games.rules_for(kind).rating.start

    def row(record: asyncpg.Record | None, account_id: str, at: int | None) -> dict:
        rating, matches, wins = (record["rating"], record["matches"], record["wins"]) if record else (start, 0, 0)
        return {"place": at, "name": named[account_id], "rating": rating, "matches": matches, "wins": wins,
                "you": account_id == viewer}

    return {"leaders": [row(r, r["account_id"], n) for n, r in enumerate(top, 1)],
            "you": None if viewer is None else row(own, viewer, place), "min_matches": LISTED_FROM}


async def ratings_of(pool: asyncpg.Pool | asyncpg.Connection, kind: str, account_ids: list[str]) -> dict[str, int]:
    """Each account's rating in a rated kind now (the start for one with no rated match of it yet)."""
    rows = await pool.fetch("SELECT account_id, rating FROM ratings WHERE kind = $1 AND account_id = ANY($2::text[])",
                            kind, account_ids)
    known = {row["account_id"]: row["rating"] for row in rows}
    start = games.rules_for(kind).rating.start
    return {account: known.get(account, start) for account in account_ids}
