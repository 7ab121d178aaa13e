"""Quick pairing: a player asks for a game of a kind with some settings; if someone is waiting for the same
with a similar rating, both sit down at a new table at once (the one who waited in seat 0), else the asker
waits. The waiting list is a PostgreSQL table every engine replica shares; one transaction-scoped advisory
lock per game kind makes each pairing decision alone, so two replicas never give one waiting player two
opponents.

"Similar": the rating gap a waiting player accepts widens the longer he waits (`window`), so nobody waits
for ever for his twin; of the players in reach the closest in rating is taken, the longest waiting first on
equal gaps. Ratings come from the rating projection (`ratings`, under the game's kind) where the game has
one; an account without a rating has the start rating. Players are paired only with the very
same `settings` object. A waiting entry lapses after `WAIT_LIMIT` (the client asks again to go on waiting).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

import asyncpg
from echo_events.errors import explain
from echo_events.game_rules import is_rejection
from echo_events.play import JoinTable, OpenTable, PairTable, PlayError, PlayReply, UnpairTable
from echo_runtime.clock import Clock
from echo_runtime.db import connection
from pydantic import ValidationError

from . import games
from .tables import Tables

WAIT_LIMIT = timedelta(minutes=5)
BASE_WINDOW = 100  # rating points apart a fresh waiting player accepts
WIDENING = 10  # more points for every second he has waited
START_RATING = 1500  # a kind without a rating pairs everyone as equals
RATING = "SELECT rating FROM ratings WHERE kind = $1 AND account_id = $2"  # the rated kinds' projection (ratings.py)


@dataclass(frozen=True, slots=True)
class Waiting:
    account_id: str
    command_id: str
    rating: int
    since: datetime


def window(waited_seconds: float) -> float:
    return BASE_WINDOW + WIDENING * max(0.0, waited_seconds)


def partner(rating: int, waiting: Sequence[Waiting], now: datetime) -> Waiting | None:
    """The waiting player to pair a player of `rating` with: the closest in rating among those whose window
    reaches him, the longest waiting on equal gaps; None when nobody is in reach."""
    reach = [w for w in waiting if abs(w.rating - rating) <= window((now - w.since).total_seconds())]
    return min(reach, key=lambda w: (abs(w.rating - rating), w.since), default=None)


def refuse(code: str, message: str) -> PlayReply:
    return PlayReply(ok=False, error=PlayError(code=code, message=message))


def waiting(is_waiting: bool) -> PlayReply:
    return PlayReply(ok=True, data={"waiting": is_waiting})


async def rating_of(conn: asyncpg.Connection, kind: str, account_id: str) -> int:
    rules = games.rules_for(kind)
    if not rules.is_rated:
        return START_RATING
    try:
        async with conn.transaction():  # a savepoint: a missing projection must not spoil the pairing's
            found = await conn.fetchval(RATING, kind, account_id)
    except asyncpg.UndefinedTableError:  # the rating projection is not installed here
        return rules.rating.start
    return rules.rating.start if found is None else int(found)


class Pairing:
    def __init__(self, pool: asyncpg.Pool, tables: Tables, clock: Clock) -> None:
        self._pool = pool
        self._tables = tables
        self._clock = clock

    async def pair(self, request: PairTable) -> PlayReply:
        now = self._clock.now()
        refused = self._check(request, now)
        if refused is not None:
            return refused
        settings = json.dumps(request.settings, sort_keys=True)
        async with connection(self._pool) as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(hashtext($1))", f"pairing:{request.kind}")
            mine = await conn.fetchrow("SELECT command_id, game_id FROM engine_pairing WHERE kind = $1 AND "
                                       "account_id = $2", request.kind, request.account_id)
            if mine is not None and mine["command_id"] == request.command_id:  # a retry
                if mine["game_id"] is None:
                    return waiting(True)
                game = await self._tables.store.load(mine["game_id"])
                if game is not None:
                    return self._tables.reply(game, request.account_id, duplicate=True)
            await conn.execute("DELETE FROM engine_pairing WHERE kind = $1 AND (account_id = $2 OR "
                               "(game_id IS NULL AND since < $3))", request.kind, request.account_id, now - WAIT_LIMIT)
            rating = await rating_of(conn, request.kind, request.account_id)
            rows = await conn.fetch("SELECT account_id, command_id, rating, since FROM engine_pairing WHERE kind = $1 "
                                    "AND game_id IS NULL AND settings = $2::jsonb", request.kind, settings)
            other = partner(rating, [Waiting(**row) for row in rows], now)
            if other is None:
                await conn.execute("INSERT INTO engine_pairing (kind, account_id, command_id, settings, rating, since) "
                                   "VALUES ($1, $2, $3, $4::jsonb, $5, $6)", request.kind, request.account_id,
                                   request.command_id, settings, rating, now)
                return waiting(True)
            reply = await self._seat(other, request)
            if reply.ok:
                await conn.execute("UPDATE engine_pairing SET game_id = $3 WHERE kind = $1 AND account_id = $2",
                                   request.kind, other.account_id, reply.game_id)
                await conn.execute("INSERT INTO engine_pairing (kind, account_id, command_id, settings, rating, since, "
                                   "game_id) VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7)", request.kind,
                                   request.account_id, request.command_id, settings, rating, now, reply.game_id)
            return reply

    async def unpair(self, request: UnpairTable) -> PlayReply:
        async with connection(self._pool) as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(hashtext($1))", f"pairing:{request.kind}")
            await conn.execute("DELETE FROM engine_pairing WHERE kind = $1 AND account_id = $2 AND game_id IS NULL",
                               request.kind, request.account_id)
        return waiting(False)

    def _check(self, request: PairTable, now: datetime) -> PlayReply | None:
        """The kind is a two-seat table game and its rules accept the settings."""
        try:
            rules = games.table_rules(request.kind)
        except games.UnknownKind as error:
            return refuse("unknown_kind", str(error))
        fewest, most = rules.seats
        if not fewest <= 2 <= most or rules.keeps_lobby:
            return refuse("bad_seats", f"quick pairing is for games of two seats, not {request.kind}")
        try:
            setup = rules.new_setup(request.settings, 2, 0, now)
        except ValidationError as error:
            return refuse("bad_settings", explain(error))
        return refuse(setup.code, setup.message) if is_rejection(setup) else None

    async def _seat(self, other: Waiting, request: PairTable) -> PlayReply:
        """A table for the waiting player (seat 0), then the asker joins it: the game starts. The table's id
        comes from the waiting player's pairing command, so a repeat after a failure finds the same table."""
        opened = await self._tables.open(OpenTable(account_id=other.account_id, command_id=f"paired:{other.command_id}",
                                                   kind=request.kind, seats=2, settings=request.settings))
        if not opened.ok or opened.view is None:
            return opened
        return await self._tables.join(JoinTable(account_id=request.account_id, command_id=request.command_id,
                                                 invite=opened.view["table"]["invite"], kind=request.kind))
