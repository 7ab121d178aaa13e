"""The engine's command handling: parse → load → decide → append → reply and publish. Solo games' modes
(Tutorial, Free, Daily: the contract's solo hooks, `echo_events.hosting.Solo`) are handled here; games played
at a table in `tables`.

Every accepted command is appended to its game's subject before anyone hears of it; a conflict
(another replica moved the game) means refold and decide again; a retried command id is answered
from the stream, never applied twice.
"""

from __future__ import annotations

import hashlib
from datetime import date, datetime
from functools import partial

import asyncpg
import structlog
from echo_events.hosting import HostedGame
from echo_events.play import (
    Act,
    GameCreated,
    GetGame,
    GetLeaders,
    GetOptions,
    JoinTable,
    LeaveTable,
    ListGames,
    ListHistory,
    OpenTable,
    PairTable,
    PlayError,
    PlayReply,
    PlayRequest,
    ReplayGame,
    StartGame,
    TimerFired,
    UnpairTable,
    server_command_id,
)
from echo_events.solo_start import DailyRef, SoloStart
from echo_runtime.clock import Clock
from echo_runtime.today import DailiesToday
from nats.aio.client import Client
from nats.js import JetStreamContext

from . import games, queries, ratings
from .bootstrap import bootstrap
from .dailies import current_daily, daily_over
from .history import history_of
from .locks import Locks
from .occupancy import Occupancy
from .outbox import Outbox
from .pairing import Pairing
from .projections import games_of
from .quotas import LOBBY_CLOSE, Quotas
from .rematch import Rematches, is_rematch
from .seat_names import SeatNames, from_projections
from .store import GameStore, LoadedGame
from .tables import Decision, players_command
from .timers import Timers

log = structlog.get_logger(__name__)


def refuse(code: str, message: str) -> PlayReply:
    return PlayReply(ok=False, error=PlayError(code=code, message=message))


class PlayService:
    def __init__(self, nc: Client, js: JetStreamContext, pool: asyncpg.Pool, clock: Clock,
                 store: GameStore | None = None) -> None:
        self.outbox = Outbox(nc)
        self._js = js
        self._pool = pool
        self._clock = clock
        self._today = DailiesToday(nc, js, clock)
        self.store = store if store is not None else GameStore(js, nc)
        self._locked = Locks()
        self.timers = Timers(js, clock)
        occupancy = Occupancy(pool)
        self.tables = bootstrap(self.store, self.outbox, self.timers, clock, occupancy, self._locked,
                                SeatNames(from_projections(pool, nc)))
        self.rematches = Rematches(self.tables, occupancy)
        self.pairing = Pairing(pool, self.tables, clock)
        self.quotas = Quotas(pool, self.store, self.timers)

    async def handle(self, request: PlayRequest) -> PlayReply:
        match request:
            case StartGame():
                return await self._start(request)
            case Act() if is_rematch(request):  # the engine's own action on a finished table
                return await self.rematches.ask(request)
            case Act():
                return await self._act(request)
            case OpenTable():
                return await self.quotas.open_table(request, self._clock.now(), self.tables.open)
            case JoinTable():
                return await self.tables.join(request)
            case LeaveTable():
                return await self.tables.leave(request)
            case PairTable():
                return await self.pairing.pair(request)
            case UnpairTable():
                return await self.pairing.unpair(request)
            case GetGame():
                game = await self.store.load(request.game_id)
                if game is None or game.gone or game.seat_of(request.account_id) is None:  # gone: deleted
                    return _unknown(request.game_id)
                await self.tables.names.load(game)
                return self.tables.reply(game, request.account_id)
            case GetOptions():
                data = await queries.start_options(self._js, self._pool, self.store, request.account_id,
                                                   request.league, self._clock.now(),
                                                   await self._today.date())
                return PlayReply(ok=True, data=data)
            case ListGames():
                return PlayReply(ok=True, data={"games": await games_of(self._pool, request.account_id)})
            case ListHistory():
                games = await history_of(self._pool, request.account_id, request.kind, request.limit)
                return PlayReply(ok=True, data={"games": games})
            case GetLeaders():
                rated = ratings.rated_kinds()
                kind = request.kind
                if kind is None:  # an ask from before kinds were named: the one rated game
                    if len(rated) != 1:
                        return refuse("bad_request", "name the game kind: it has no default here")
                    [kind] = rated
                if kind not in rated:
                    return refuse("bad_request", f"{kind!r} is not a rated game hosted here: it has no leaders")
                return PlayReply(ok=True, data=await ratings.leaders(self._pool, kind, request.account_id))
            case ReplayGame():
                try:
                    data = await queries.replay(self._js, self.store, request.game_id, request.account_id)
                except queries.NotVisible:
                    return _unknown(request.game_id)
                return PlayReply(ok=True, game_id=request.game_id, data=data)

    # moves -------------------------------------------------------------------------------------

    async def _act(self, request: Act) -> PlayReply:
        """The one move message, of any game: decided at its table (`Tables.act`); a Daily's game whose Daily is
        over is given its end first, as the Daily's close would (the move then finds it over)."""
        game = await self.store.load(request.game_id)
        if game is None or game.seat_of(request.account_id) is None:
            return _unknown(request.game_id)
        if await self._daily_over(game):
            await self._end(game.game_id, server_command_id("expire", game.started.daily_id or ""))
        return await self.tables.act(request)

    async def _daily_over(self, game: LoadedGame) -> bool:
        """From the facts: the Daily's close event, or its closing time passed (whatever was appended)."""
        meta = game.meta
        if meta.mode != "daily" or game.rules.is_over(game.state):
            return False
        league = game.started.league
        if league is None:
            return False
        return await daily_over(self._js, league, date.fromisoformat(meta.msk_date), self._clock.now())

    async def _end(self, game_id: str, command_id: str, expiry: bool = True) -> PlayReply | LoadedGame:
        """A solo game ended by the server: expired (its Daily closed) or finished (a new Free game replaces
        it). A game over already, or ended by this command before, is answered as a duplicate."""
        def decide(game: LoadedGame | None, now: datetime) -> Decision:
            if game is None:
                return _unknown(game_id)
            if game.rules.is_over(game.state):
                return self.tables.reply(game, game.meta.account_id, duplicate=True)
            return game.rules.decide(game.state, game.rules.solo.expire() if expiry else game.rules.solo.finish())

        return await self.tables.command(game_id, command_id, decide)

    async def _expire(self, game_id: str, command_id: str) -> PlayReply:
        ended = await self._end(game_id, command_id)
        if isinstance(ended, PlayReply):
            if ended.ok and ended.view is None:  # a retry: the game as it is
                game = await self.store.load(game_id)
                return self.tables.reply(game, game.meta.account_id, duplicate=True) if game else ended
            return ended
        return self.tables.reply(ended, ended.meta.account_id)

    async def expire_daily(self, daily_id: str) -> int:
        """End every live game of a closed Daily (status `expired`, credits count); how many were live."""
        rows = await self._pool.fetch("SELECT game_id FROM engine_daily_games WHERE daily_id = $1", daily_id)
        expired = 0
        for row in rows:
            reply = await self._expire(row["game_id"], server_command_id("expire", daily_id))
            if not reply.ok:
                raise RuntimeError(f"could not expire {row['game_id']}: {reply.error}")
            expired += not reply.duplicate
        return expired

    # starts ------------------------------------------------------------------------------------

    async def _start(self, request: StartGame) -> PlayReply:
        try:
            rules = games.solo_game(request.kind)
        except games.UnknownKind as error:
            return refuse("unknown_kind", str(error))
        if request.mode not in rules.solo.modes:  # the contract bounds a mode's spelling, the game its modes
            return refuse("bad_request", f"{rules.kind} has no mode {request.mode!r} (its modes: "
                                         f"{', '.join(rules.solo.modes)})")
        today = await self._today.date()  # the Dailies' day, the dev clock's too
        if request.mode == "tutorial":
            game_id = "t" + _short_hash("tutorial", request.account_id, request.command_id)
            meta = GameCreated(game_id=game_id, account_id=request.account_id, mode="tutorial",
                               settings=rules.solo.start_settings(SoloStart("tutorial")), msk_date=today.isoformat(),
                               kind=rules.kind)
            return await self.quotas.start_tutorial(request.account_id, request.command_id, today,
                                                    partial(self._open, rules, meta, rules.solo.tutorial_setup(),
                                                            request.command_id),
                                                    self._replace)
        if request.mode == "daily":
            return await self._start_daily(rules, request)
        return await self._start_free(rules, request, today)

    async def _start_daily(self, rules: HostedGame, request: StartGame) -> PlayReply:
        daily = await current_daily(self._js, request.league, self._clock.now())
        if daily is None:
            return refuse("no_daily", "the Daily is not out yet (a new one comes out at 00:00 MSK)")
        game_id = rules.solo.daily_game_id(request.account_id, daily.daily_id)
        existing = self.store.cached(game_id)
        if existing is not None:  # one attempt: resume it, never restart it
            return self.tables.reply(existing, request.account_id, duplicate=True)
        # not read first: creating it expects an empty subject, so a game that exists (started on another
        # replica, or before a restart) comes back as a conflict and is resumed; a new one costs one write
        meta = GameCreated(game_id=game_id, account_id=request.account_id, mode="daily",
                           settings=rules.solo.start_settings(SoloStart(daily.preset_id, request.league,
                                                                        DailyRef(daily.daily_id, daily.number))),
                           msk_date=daily.date.isoformat(), kind=rules.kind)
        reply = await self._open(rules, meta, rules.solo.daily_setup(daily), request.command_id)
        if reply.ok:
            await self._pool.execute(
                "INSERT INTO engine_daily_games (game_id, daily_id, account_id) VALUES ($1, $2, $3) "
                "ON CONFLICT DO NOTHING", game_id, daily.daily_id, request.account_id)
        return reply

    async def on_timer(self, timer: TimerFired, scheduled: bool = False) -> None:
        """A deadline of a game came (`scheduled`: its schedule fired, not this replica's own timer): a lobby's
        close, or one of the game's own that go to its rules (a Daily's close among them)."""
        if timer.name == LOBBY_CLOSE:
            await self.quotas.close_lobby(timer, self._clock.now(), self.tables.leave)
            return
        await self.tables.fire(timer, scheduled)

    async def _start_free(self, rules: HostedGame, request: StartGame, today: date) -> PlayReply:
        preset = request.preset or rules.solo.default_preset
        per_day = rules.solo.free_games_per_day
        slots = [rules.solo.free_game_id(request.account_id, today, slot) for slot in range(1, per_day + 1)]
        for slot, game_id in enumerate(slots, start=1):
            existing = await self.store.load(game_id)
            if existing is not None:
                if players_command(request.account_id, request.command_id) in existing.command_ids:
                    return self.tables.reply(existing, request.account_id, duplicate=True)
                continue
            daily = (await current_daily(self._js, request.league, self._clock.now())
                     if preset == rules.solo.default_preset else None)
            try:
                setup = rules.solo.free_setup(preset, request.account_id, today, slot, daily)
            except (LookupError, KeyError) as error:
                return refuse("bad_preset", str(error).strip("'\""))
            await self._close_current_free(request.account_id, request.command_id)
            meta = GameCreated(game_id=game_id, account_id=request.account_id, mode="free",
                               settings=rules.solo.start_settings(SoloStart(preset, request.league,
                                                                            free_slot=slot)),
                               msk_date=today.isoformat(), kind=rules.kind)
            reply = await self._open(rules, meta, setup, request.command_id)
            if reply.ok:
                await self._pool.execute(
                    "INSERT INTO engine_free_current (account_id, game_id) VALUES ($1, $2) "
                    "ON CONFLICT (account_id) DO UPDATE SET game_id = EXCLUDED.game_id",
                    request.account_id, reply.game_id)
            return reply
        return refuse("free_limit", f"all {per_day} Free games of today are used; new ones at 00:00 MSK")

    async def _close_current_free(self, account_id: str, command_id: str) -> None:
        """One unfinished Free game per account: starting a new one finishes the old."""
        game_id = await self._pool.fetchval(
            "SELECT game_id FROM engine_free_current WHERE account_id = $1", account_id)
        if game_id is not None:
            await self._replace(game_id, command_id)

    async def _replace(self, game_id: str, command_id: str) -> None:
        """End an unfinished solo game (Free, Tutorial) that a new one of its mode replaces."""
        await self._end(game_id, server_command_id("replaced-by", command_id), expiry=False)

    async def _open(self, rules: HostedGame, meta: GameCreated, setup, command_id: str) -> PlayReply:  # noqa: ANN001
        """A new solo game (its `GameCreated` and the rules' first events); the one that exists resumed."""
        _, events = rules.start(setup)

        def decide(game: LoadedGame | None, now: datetime) -> Decision:
            if game is None:
                return [meta, *events]
            if game.meta.account_id != meta.account_id:
                return refuse("conflict", "this game could not be created")
            return self.tables.reply(game, meta.account_id, duplicate=True)

        opened = await self.tables.command(meta.game_id, command_id, decide, account_id=meta.account_id, new=True)
        return opened if isinstance(opened, PlayReply) else self.tables.reply(opened, meta.account_id)


def _unknown(game_id: str) -> PlayReply:
    return refuse("unknown_game", f"there is no game {game_id} of yours")


def _short_hash(*parts: str) -> str:
    return hashlib.blake2b("|".join(parts).encode(), digest_size=12).hexdigest()
