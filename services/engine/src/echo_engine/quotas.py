"""Quotas on what one account may add to the never-purged GAMES stream, so no one fills the store that every
game shares (one account could open 400 Ghost Five tables in 48 s and 100 Tutorials in 12 s).

- Tables: at most `ECHO_ENGINE_LOBBIES_PER_KIND` of a kind waiting in their lobby (opened by the account,
  not started, not closed) — `lobby_limit`; at most `ECHO_ENGINE_TABLES_PER_DAY` of a kind opened in any
  24 hours, started at once with bots or not — `table_limit`.
- A lobby that does not start within `ECHO_ENGINE_LOBBY_MINUTES` closes by itself: its players are seated out
  (the GAMES stream keeps what it holds; a game whose rules delete it, an Ark room, has its own lobby and is
  purged by its rules when its players are gone, and one room at a time bounds it already).
- Tutorials: a new one replaces the unfinished one (as a new Free game does), and at most
  `ECHO_ENGINE_TUTORIALS_PER_DAY` start in a day — `tutorial_limit`.

Free games (three a day) and the Daily (one) are bounded by their own rules. A game's own length is its rules'.
The counts are in PostgreSQL beside the engine's other per-account facts (`engine_occupancy`), taken under a
transaction-scoped advisory lock per account (and kind), so two replicas' concurrent opens cannot both take
the last place. A retried command (its id recorded) is never refused: it is answered as before.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import date, datetime, timedelta

import asyncpg
import structlog
from echo_events.game_rules import Deadline
from echo_events.play import LeaveTable, OpenTable, PlayError, PlayReply, TimerFired, server_command_id
from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from . import games
from .store import GameStore, LoadedGame
from .tables import table_id, waits_in_lobby
from .timers import Timers

log = structlog.get_logger(__name__)
LOBBY_CLOSE = "lobby-close"  # the deadline of a table's lobby: its own schedule subject, beside the game's
DAY = timedelta(days=1)


class QuotaSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="ECHO_ENGINE_", extra="ignore")

    lobbies_per_kind: int = Field(3, ge=1, description="tables of one kind an account may have waiting in their "
                                                       "lobby at once (refusal: lobby_limit)")
    tables_per_day: int = Field(200, ge=1, description="tables of one kind an account may open in 24 hours "
                                                       "(refusal: table_limit)")
    lobby_minutes: int = Field(60, ge=1, description="a table's lobby that has not started by then closes")
    tutorials_per_day: int = Field(20, ge=1, description="Tutorials an account may start in a day (Moscow "
                                                         "date; refusal: tutorial_limit)")


PENDING = "pending:"  # a reserved Tutorial's id until its game's is known
RESERVED_FOR = timedelta(minutes=1)  # a reservation whose game is not there by then was left by an engine that stopped


def pending(account: str, command_id: str) -> str:
    return f"{PENDING}{account}/{command_id}"


def refuse(code: str, message: str) -> PlayReply:
    return PlayReply(ok=False, error=PlayError(code=code, message=message))


def in_lobby(game: LoadedGame | None) -> bool:
    """A table that waits for players: seats taken, its game not started (the engine's lobby)."""
    return game is not None and not game.gone and game.state is None and bool(game.roster)


class Quotas:
    def __init__(self, pool: asyncpg.Pool, store: GameStore, timers: Timers,
                 settings: QuotaSettings | None = None) -> None:
        self._pool = pool
        self._store = store
        self._timers = timers
        self.settings = settings or QuotaSettings()

    # tables --------------------------------------------------------------------------------------

    async def open_table(self, request: OpenTable, now: datetime,
                         open_: Callable[[OpenTable], Awaitable[PlayReply]]) -> PlayReply:
        """`open_` (Tables.open) the request, unless the account is at one of its table quotas; a table left
        waiting in its lobby gets its closing time. The place is reserved in one short transaction and the
        table opened after it: holding a pooled connection while `open_` needs another would deadlock the
        pool once as many opens as it has connections came at once."""
        account, kind, limits = request.account_id, request.kind, self.settings
        try:
            rules = games.table_rules(kind)
        except games.UnknownKind:
            return await open_(request)  # which refuses it: nothing is opened to count
        game_id = table_id(rules, account, request.command_id)
        async with self._pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", f"quota|{kind}|{account}")
            # in one read: this command's row if it ran before (a retry), and the account's places of the kind (at
            # most a day's quota of them and those that aged since its last open, which it then deletes)
            rows = await conn.fetch("SELECT game_id, command_id, kind, opened_at, waiting FROM engine_tables_opened "
                                    "WHERE account_id = $1 AND (kind = $2 OR command_id = $3)",
                                    account, kind, request.command_id)
            retry = any(row["command_id"] == request.command_id for row in rows)
            if not retry:
                rows = [row for row in rows if row["kind"] == kind]
                aged = [row["game_id"] for row in rows if row["opened_at"] < now - DAY and not row["waiting"]]
                if aged:
                    await conn.execute("DELETE FROM engine_tables_opened WHERE game_id = ANY($1::text[])", aged)
                opened = sum(row["opened_at"] >= now - DAY for row in rows)
                if opened >= limits.tables_per_day:
                    return refuse("table_limit", f"you have opened {opened} tables of {kind} in the last 24 "
                                                 "hours, the most there may be; play those first or come back later")
                if await self._waiting(conn, [row for row in rows if row["waiting"]], now) >= limits.lobbies_per_kind:
                    return refuse("lobby_limit", f"{limits.lobbies_per_kind} of your tables of {kind} are "
                                                 "waiting for players: start or leave one first")
                await conn.execute(  # the place taken, waiting, until the table says otherwise (`_waiting`)
                    "INSERT INTO engine_tables_opened (account_id, kind, game_id, command_id, opened_at, waiting) "
                    "VALUES ($1, $2, $3, $4, $5, true)", account, kind, game_id, request.command_id, now)
        if retry:
            return await open_(request)  # answered from the stream as before
        # the lobby's close is stored while the table is opened: a schedule left by an open that was refused
        # finds no lobby when it fires, and closes nothing
        closing = [Deadline(LOBBY_CLOSE, now + timedelta(minutes=limits.lobby_minutes), {})] \
            if waits_in_lobby(rules, request) else []
        reply, _ = await asyncio.gather(open_(request), self._timers.schedule(game_id, closing))
        if not reply.ok or reply.duplicate:
            await self._pool.execute("DELETE FROM engine_tables_opened WHERE game_id = $1", game_id)
        return reply

    async def _waiting(self, conn: asyncpg.Connection, rows: list[asyncpg.Record], now: datetime) -> int:
        """How many of these rows (the account's places of a kind marked waiting) are tables still in their lobby,
        as each game (not the row) says now; a place reserved by an open still under way (its game not there
        yet) counts as one. The rows of tables that left their lobby are marked so."""
        waiting, left = 0, []
        for row in rows:
            game = await self._store.load(row["game_id"])
            if game is None:
                still = row["opened_at"] > now - RESERVED_FOR
            else:
                still = in_lobby(game)
            if still:
                waiting += 1
            else:
                left.append(row["game_id"])
        if left:
            await conn.execute("UPDATE engine_tables_opened SET waiting = false WHERE game_id = ANY($1::text[])", left)
        return waiting

    async def close_lobby(self, timer: TimerFired, now: datetime,
                          leave: Callable[[LeaveTable], Awaitable[PlayReply]]) -> None:
        """A lobby's time is up: everyone still seated is seated out (`leave`: Tables.leave), the table is
        closed. Nothing when the game started meanwhile, or when the engine's clock says it is not time yet."""
        if now < datetime.fromisoformat(timer.at):
            return
        closed = False
        for _ in range(16):  # a seat each (bots included), at most the seats a table has
            game = await self._store.load(timer.game_id)
            if not in_lobby(game):
                break
            closed = True
            assert game is not None
            account = game.roster[0]
            reply = await leave(LeaveTable.model_construct(
                type="leave", account_id=account, game_id=timer.game_id,
                command_id=server_command_id("lobby-close", account, timer.at)))
            if not reply.ok:
                log.warning("a lobby could not be closed", game_id=timer.game_id, code=reply.error and reply.error.code)
                return
        await self._pool.execute("UPDATE engine_tables_opened SET waiting = false WHERE game_id = $1", timer.game_id)
        if closed:  # not a table that started, nor one whose open was refused
            log.info("lobby closed: it never started", game_id=timer.game_id)

    # tutorials -----------------------------------------------------------------------------------

    async def start_tutorial(self, account: str, command_id: str, today: date,
                             start: Callable[[], Awaitable[PlayReply]],
                             close: Callable[[str, str], Awaitable[None]]) -> PlayReply:
        """`start` a Tutorial unless the account has started its day's quota; the unfinished one before it is
        ended (`close`: game id, command id), as a new Free game ends the last. Reserved first, started after
        the reserving transaction, as `open_table` does."""
        reserved = pending(account, command_id)
        async with self._pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", f"quota|tutorial|{account}")
            rows = await conn.fetch("SELECT game_id, command_id, msk_date FROM engine_tutorials WHERE account_id = $1 "
                                    "ORDER BY started_at DESC", account)
            retry = any(row["command_id"] == command_id for row in rows)
            if not retry:
                started_today = sum(row["msk_date"] == today for row in rows)
                if started_today >= self.settings.tutorials_per_day:
                    return refuse("tutorial_limit", f"{started_today} Tutorials today are the most there may be; "
                                                    "finish the last one or come back tomorrow (00:00 MSK)")
                await conn.execute("INSERT INTO engine_tutorials (account_id, game_id, command_id, msk_date) "
                                   "VALUES ($1, $2, $3, $4)", account, reserved, command_id, today)
        reply = await start()
        if retry:
            return reply
        if not reply.ok or reply.duplicate or reply.game_id is None:
            await self._pool.execute("DELETE FROM engine_tutorials WHERE game_id = $1", reserved)
            return reply
        before = next((row["game_id"] for row in rows if not row["game_id"].startswith(PENDING)), None)
        if before is not None and before != reply.game_id:
            await close(before, command_id)
        # the place is the game's now, and earlier days' places are no longer counted: both, or neither
        await self._pool.execute("WITH earlier AS (DELETE FROM engine_tutorials WHERE account_id = $3 "
                                 "AND msk_date < $4) UPDATE engine_tutorials SET game_id = $2 WHERE game_id = $1",
                                 reserved, reply.game_id, account, today)
        return reply
