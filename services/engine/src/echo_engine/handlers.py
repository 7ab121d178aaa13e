"""The engine's command handling: parse → load → decide → append → reply and publish. Echo Challenge's
modes (Tutorial, Free, Daily) are handled here; games played at a table (any other kind) in `tables`.

Every accepted command is appended to its game's subject before anyone hears of it; a conflict
(another replica moved the game) means refold and decide again; a retried command id is answered
from the stream, never applied twice.
"""

from __future__ import annotations

import contextlib
import hashlib
from dataclasses import dataclass
from datetime import date, datetime
from functools import partial

import asyncpg
import structlog
from echo_challenge import COMMANDS as ECHO_ACTIONS
from echo_challenge import KIND as ECHO
from echo_challenge import game as rules
from echo_challenge import modes
from echo_challenge.tutorial import explain_wrong_click
from echo_events.echo.commands import Beam, Expire, Finish, Probe
from echo_events.errors import explain
from echo_events.game_rules import Deadline
from echo_events.model import Command
from echo_events.play import (
    Act,
    BeamSector,
    ExpireGame,
    FinishGame,
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
    ProbeSector,
    ReplayGame,
    StartGame,
    TimerFired,
    UnpairTable,
    server_command_id,
)
from echo_runtime.append import AppendConflict
from echo_runtime.clock import Clock
from echo_runtime.today import DailiesToday
from nats.aio.client import Client
from nats.js import JetStreamContext
from pydantic import ValidationError

from . import queries, ratings
from .dailies import closes_at, current_daily, daily_over
from .history import history_of
from .locks import Locks
from .meanwhile import while_appending
from .occupancy import Occupancy
from .outbox import Outbox, Update
from .pairing import Pairing
from .projections import games_of
from .quotas import LOBBY_CLOSE, Quotas
from .store import GameStore, LoadedGame
from .tables import Tables
from .timers import Timers
from .view_logs import answer
from .views import game_view

log = structlog.get_logger(__name__)
MAX_ATTEMPTS = 5
DAILY_CLOSE = "daily-close"  # the deadline each Daily game is given: its Daily's closing time


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
        self.tables = Tables(self.store, self.outbox, self._locked, clock, self.timers, Occupancy(pool))
        self.pairing = Pairing(pool, self.tables, clock)
        self.quotas = Quotas(pool, self.store, self.timers)

    async def handle(self, request: PlayRequest) -> PlayReply:
        match request:
            case StartGame():
                return await self._start(request)
            case ProbeSector() | BeamSector() | FinishGame():
                return await self._move(EchoMove.of(request))
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
            case ExpireGame():
                return await self._expire(request)
            case GetGame():
                game = await self.store.load(request.game_id)
                if game is None or game.gone or game.seat_of(request.account_id) is None:  # gone: deleted
                    return _unknown(request.game_id)
                if game.meta.kind != ECHO:
                    return self.tables.reply(game, request.account_id)
                return self._reply(game)
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
                return PlayReply(ok=True, data=await ratings.leaders(self._pool, request.account_id))
            case ReplayGame():
                try:
                    data = await queries.replay(self._js, self.store, request.game_id, request.account_id)
                except queries.NotVisible:
                    return _unknown(request.game_id)
                return PlayReply(ok=True, game_id=request.game_id, data=data)

    # moves -------------------------------------------------------------------------------------

    async def _act(self, request: Act) -> PlayReply:
        """Protocol v2's one move message: an Echo action becomes the Echo move, any other kind's goes to
        its table."""
        game = await self.store.load(request.game_id)
        if game is None or game.seat_of(request.account_id) is None:
            return _unknown(request.game_id)
        if game.meta.kind != ECHO:
            return await self.tables.act(request)
        try:
            action = ECHO_ACTIONS.validate_python(request.action)
        except ValidationError as error:
            return refuse("bad_action", explain(error))
        move = EchoMove(request.account_id, request.command_id, request.game_id, action.type,
                        getattr(action, "sector", None), action.command(), request.log_from)
        return await self._move(move, loaded=game)

    async def _move(self, request: EchoMove, loaded: LoadedGame | None = None) -> PlayReply:
        """`loaded`: the game as the caller read it before taking the lock; used unless the cache moved on
        while this waited for the lock (another command on the game went first)."""
        command = request.command
        from_stream = False  # a refusal is only given from a state read from the stream just now
        async with self._locked(request.game_id):
            for _ in range(MAX_ATTEMPTS):
                if loaded is not None and self.store.cached(request.game_id) is loaded:
                    game: LoadedGame | None = loaded
                else:
                    game = await (self.store.refold if from_stream else self.store.load)(request.game_id)
                loaded = None
                if game is None or game.meta.account_id != request.account_id:
                    return _unknown(request.game_id)
                if request.command_id in game.command_ids:
                    return self._reply(game, duplicate=True, log_from=request.log_from)
                if await self._daily_over(game):
                    game = await self._append_expiry(game, server_command_id("expire", game.meta.daily_id or ""))
                    if game is None:
                        continue
                outcome = self._decide(game, request, command)
                if isinstance(outcome, PlayReply):
                    if not from_stream:  # the cache may be behind another replica's moves: look again
                        from_stream = True
                        continue
                    return outcome
                after = game.advanced(outcome)
                after.version = game.version + len(outcome)  # as the append sets it: the view shows it
                appending = self.store.append(game, outcome, request.command_id, self._clock.now(), after)
                try:
                    stored, view = await while_appending(appending, partial(game_view, after))
                except AppendConflict:
                    self.store.forget(request.game_id)
                    continue
                if stored is not after:  # the stream's game: the command was in it already
                    view = None
                return await self._publish(stored, after=game, log_from=request.log_from, view=view)
        return refuse("busy", "the game is changing on another device; try again")

    @staticmethod
    def _decide(game: LoadedGame, request: EchoMove, command: Command):  # noqa: ANN205
        """The command's events, or the refusal to send (a Tutorial step explained, or a rules rejection)."""
        if game.meta.mode == "tutorial" and request.sector is not None and game.state.live:
            wrong = explain_wrong_click(game.state, request.tool, request.sector)
            if wrong is not None:
                return refuse("tutorial_step", wrong)
        outcome = rules.decide(game.state, command)
        if isinstance(outcome, rules.Rejection):
            return refuse(outcome.code, outcome.message)
        return outcome

    async def _daily_over(self, game: LoadedGame) -> bool:
        """From the facts: the Daily's close event, or its closing time passed (whatever was appended)."""
        meta = game.meta
        if meta.mode != "daily" or not game.state.live or meta.league is None:
            return False
        return await daily_over(self._js, meta.league, date.fromisoformat(meta.msk_date), self._clock.now())

    async def _append_expiry(self, game: LoadedGame, command_id: str) -> LoadedGame | None:
        outcome = rules.decide(game.state, Expire())
        if isinstance(outcome, rules.Rejection):
            return game
        try:
            stored = await self.store.append(game, outcome, command_id, self._clock.now())
        except AppendConflict:
            self.store.forget(game.game_id)
            return None
        await self._publish(stored, after=game)
        return stored

    async def _expire(self, request: ExpireGame) -> PlayReply:
        async with self._locked(request.game_id):
            for _ in range(MAX_ATTEMPTS):
                game = await self.store.load(request.game_id)
                if game is None:
                    return _unknown(request.game_id)
                if request.command_id in game.command_ids or not game.state.live:
                    return self._reply(game, duplicate=True)
                expired = await self._append_expiry(game, request.command_id)
                if expired is not None:
                    return self._reply(expired)
        return refuse("busy", "could not expire the game")

    async def expire_daily(self, daily_id: str) -> int:
        """End every live game of a closed Daily (status `expired`, credits count); how many were live."""
        rows = await self._pool.fetch("SELECT game_id FROM engine_daily_games WHERE daily_id = $1", daily_id)
        expired = 0
        for row in rows:
            reply = await self._expire(ExpireGame(game_id=row["game_id"],
                                                  command_id=server_command_id("expire", daily_id)))
            if not reply.ok:
                raise RuntimeError(f"could not expire {row['game_id']}: {reply.error}")
            expired += not reply.duplicate
        return expired

    # starts ------------------------------------------------------------------------------------

    async def _start(self, request: StartGame) -> PlayReply:
        today = await self._today.date()  # the Dailies' day, the dev clock's too
        if request.mode == "tutorial":
            game_id = "t" + _short_hash("tutorial", request.account_id, request.command_id)
            meta = GameCreated(game_id=game_id, account_id=request.account_id, mode="tutorial",
                               preset_id="tutorial", msk_date=today.isoformat())
            return await self.quotas.start_tutorial(request.account_id, request.command_id, today,
                                                    partial(self._open, meta, modes.tutorial(), request.command_id),
                                                    self._close)
        if request.mode == "daily":
            return await self._start_daily(request)
        return await self._start_free(request, today)

    async def _start_daily(self, request: StartGame) -> PlayReply:
        daily = await current_daily(self._js, request.league, self._clock.now())
        if daily is None:
            return refuse("no_daily", "the Daily is not out yet (a new one comes out at 00:00 MSK)")
        game_id = modes.daily_game_id(request.account_id, daily.daily_id)
        existing = self.store.cached(game_id)
        if existing is not None:
            return self._reply(existing, duplicate=True)  # one attempt: resume it, never restart it
        # not read first: creating it expects an empty subject, so a game that exists (started on another
        # replica, or before a restart) comes back as a conflict and is resumed; a new one costs one write
        meta = GameCreated(game_id=game_id, account_id=request.account_id, mode="daily", preset_id=daily.preset_id,
                           daily_id=daily.daily_id, daily_number=daily.number, league=request.league,
                           msk_date=daily.date.isoformat())
        reply = await self._open(meta, modes.daily_setup(daily), request.command_id)
        if reply.ok:
            await self._pool.execute(
                "INSERT INTO engine_daily_games (game_id, daily_id, account_id) VALUES ($1, $2, $3) "
                "ON CONFLICT DO NOTHING", game_id, daily.daily_id, request.account_id)
            if not reply.duplicate:  # its midnight comes back to this game as a command, whatever else is up
                await self.timers.schedule(game_id, [Deadline(DAILY_CLOSE, closes_at(daily.date), {})])
        return reply

    async def on_timer(self, timer: TimerFired, scheduled: bool = False) -> None:
        """A deadline of a game came (`scheduled`: its schedule fired, not this replica's own timer): Echo's
        only one is its Daily's close; a table's go to its rules."""
        if timer.name == LOBBY_CLOSE:
            await self.quotas.close_lobby(timer, self._clock.now(), self.tables.leave)
            return
        game = await self.store.load(timer.game_id)
        if game is None or game.meta.kind != ECHO:
            await self.tables.fire(timer, scheduled)
            return
        if timer.name == DAILY_CLOSE:
            if self._clock.now() < datetime.fromisoformat(timer.at):
                # NATS keeps wall time, the engine its own clock (a test's, a dev box's moved one): a Daily
                # closes by the engine's facts, never because a schedule came back early
                log.info("daily close fired before its time", game_id=timer.game_id, at=timer.at)
                return
            await self._expire(ExpireGame(game_id=timer.game_id, command_id=server_command_id("expire", timer.name,
                                                                                                 timer.at)))

    async def _start_free(self, request: StartGame, today: date) -> PlayReply:
        preset = request.preset or modes.AS_DAILY
        slots = [modes.free_game_id(request.account_id, today, slot) for slot in (1, 2, 3)]
        for slot, game_id in enumerate(slots, start=1):
            existing = await self.store.load(game_id)
            if existing is not None:
                if request.command_id in existing.command_ids:
                    return self._reply(existing, duplicate=True)
                continue
            daily = (await current_daily(self._js, request.league, self._clock.now())
                     if preset == modes.AS_DAILY else None)
            try:
                setup = modes.free_setup(preset, request.account_id, today, slot, daily)
            except (LookupError, KeyError) as error:
                return refuse("bad_preset", str(error).strip("'\""))
            await self._close_current_free(request.account_id, request.command_id)
            meta = GameCreated(game_id=game_id, account_id=request.account_id, mode="free", preset_id=preset,
                               free_slot=slot, league=request.league, msk_date=today.isoformat())
            reply = await self._open(meta, setup, request.command_id)
            if reply.ok:
                await self._pool.execute(
                    "INSERT INTO engine_free_current (account_id, game_id) VALUES ($1, $2) "
                    "ON CONFLICT (account_id) DO UPDATE SET game_id = EXCLUDED.game_id",
                    request.account_id, reply.game_id)
            return reply
        return refuse("free_limit", f"all {modes.FREE_STARTS_PER_DAY} Free games of today are used; "
                                    "new ones at 00:00 MSK")

    async def _close_current_free(self, account_id: str, command_id: str) -> None:
        """One unfinished Free game per account: starting a new one closes the old."""
        game_id = await self._pool.fetchval(
            "SELECT game_id FROM engine_free_current WHERE account_id = $1", account_id)
        if game_id is not None:
            await self._close(game_id, command_id)

    async def _close(self, game_id: str, command_id: str) -> None:
        """End an unfinished Echo game (Free, Tutorial) that a new one of its mode replaces."""
        async with self._locked(game_id):
            game = await self.store.load(game_id)
            if game is None or not game.state.live:
                return
            outcome = rules.decide(game.state, Finish())
            if not isinstance(outcome, rules.Rejection):
                with contextlib.suppress(AppendConflict):
                    stored = await self.store.append(game, outcome, server_command_id("replaced-by", command_id),
                                                     self._clock.now())
                    await self._publish(stored, after=game)

    async def _open(self, meta: GameCreated, setup, command_id: str) -> PlayReply:  # noqa: ANN001
        _, events = rules.start(setup)
        async with self._locked(meta.game_id):
            try:
                game = await self.store.create(meta, events, command_id, self._clock.now())
            except AppendConflict:
                existing = await self.store.refold(meta.game_id)
                if existing is None or existing.meta.account_id != meta.account_id:
                    return refuse("conflict", "this game could not be created")
                return self._reply(existing, duplicate=True)
        return await self._publish(game)

    # replies -----------------------------------------------------------------------------------

    def _reply(self, game: LoadedGame, duplicate: bool = False, view: dict | None = None,
               log_from: int | None = None) -> PlayReply:
        """The game's view; with `log_from`, only the log entries after the first `log_from`, which the asker
        holds (a long game's log is most of its view: the gateway would parse it only to send a device the
        new entries)."""
        return answer(game.game_id, game.version, view or game_view(game), log_from, duplicate)

    async def _publish(self, game: LoadedGame, after: LoadedGame | None = None,
                       log_from: int | None = None, view: dict | None = None) -> PlayReply:
        """Tell every device of the player about the new state; the same view answers the command. The
        update after a move (`after`: the game before it) carries only the move's log entries. `view`: the
        game's, when the caller rendered it already."""
        view = view if view is not None else game_view(game)
        base = (after.version, len(after.log)) if after is not None and len(game.log) >= len(after.log) else None
        await self.outbox.publish(Update(game.meta.account_id, game.game_id, game.version, view, base))
        return self._reply(game, view=view, log_from=log_from)


@dataclass(frozen=True, slots=True)
class EchoMove:
    """A move in an Echo Challenge game, from protocol v2's `act` or v1's own messages."""

    account_id: str
    command_id: str
    game_id: str
    tool: str  # probe, beam or finish
    sector: int | None
    command: Command
    log_from: int | None = None  # the asker holds the log up to here: the answer's starts there

    @classmethod
    def of(cls, request: ProbeSector | BeamSector | FinishGame) -> EchoMove:
        if isinstance(request, FinishGame):
            return cls(request.account_id, request.command_id, request.game_id, "finish", None, Finish(),
                       request.log_from)
        tool = Probe if isinstance(request, ProbeSector) else Beam
        return cls(request.account_id, request.command_id, request.game_id, request.type, request.sector,
                   tool(sector=request.sector), request.log_from)


def _unknown(game_id: str) -> PlayReply:
    return refuse("unknown_game", f"there is no game {game_id} of yours")


def _short_hash(*parts: str) -> str:
    return hashlib.blake2b("|".join(parts).encode(), digest_size=12).hexdigest()
