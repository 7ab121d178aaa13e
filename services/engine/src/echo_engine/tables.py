"""Games played at a table, of any kind the engine hosts: open a table (the asker takes seat 0), join it by
its invitation, act in it, and let its deadlines come back as commands. Everything about the game itself
goes through its rules' contract (`echo_events.game_rules`): which settings and seats it accepts, what an
action means for a seat, what each seat may see, which deadlines it wants.

Every accepted change reaches each seat's devices with that seat's own view (`Update` per account).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import datetime
from typing import Any

import structlog
from echo_events.errors import explain
from echo_events.game_rules import is_rejection
from echo_events.model import Event
from echo_events.moscow import moscow_date
from echo_events.play import (
    Act,
    GameCreated,
    JoinTable,
    LeaveTable,
    OpenTable,
    PlayError,
    PlayReply,
    SeatLeft,
    SeatTaken,
    TimerFired,
    server_command_id,
)
from echo_runtime.append import AppendConflict
from echo_runtime.clock import Clock
from pydantic import ValidationError

from . import games
from .locks import Locks
from .outbox import Outbox, Update
from .store import GameStore, LoadedGame
from .timers import Timers

log = structlog.get_logger(__name__)
MAX_ATTEMPTS = 5
MAX_BOT_ACTIONS = 500  # a bots-only stretch of a game longer than this is a bug in the bots


def _bot_seed(game: LoadedGame, seat: int) -> int:
    """Each bot decision's seed: from the game, the seat and the game's version — the same on every replica."""
    digest = hashlib.blake2b(f"bot|{game.game_id}|{seat}|{game.version}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def refuse(code: str, message: str) -> PlayReply:
    return PlayReply(ok=False, error=PlayError(code=code, message=message))


def table_view(game: LoadedGame, seat: int | None) -> dict[str, Any]:
    """What one seat's devices see: the table (seats taken, the invitation for its players) and, once the
    game has started, the rules' view for that seat."""
    meta = game.meta
    rules = game.rules
    if game.state is not None:
        status = "over" if rules.is_over(game.state) else "playing"
    else:
        status = "lobby" if game.roster else "closed"
    view: dict[str, Any] = {
        "game_id": meta.game_id, "kind": meta.kind, "mode": "table", "version": game.version,
        "table": {"seats": meta.seats, "taken": len(game.roster), "you": seat, "status": status,
                  "settings": meta.settings or {}},
    }
    if seat is not None:
        view["table"]["invite"] = f"{meta.game_id}.{meta.invite}"
    if game.state is not None:
        view["game"] = rules.view(game.state, seat)
    return view


def acting_seat(game: LoadedGame, request: Act) -> int | None:
    """The seat an action is for: the asker's; an account holding several (players sharing one device)
    names it in the action's `seat` (its first seat otherwise)."""
    held = [seat for seat, account in enumerate(game.accounts) if account == request.account_id]
    named = request.action.get("seat")
    if len(held) > 1 and isinstance(named, int) and not isinstance(named, bool) and named in held:
        return named
    return held[0] if held else None


class Tables:
    def __init__(self, store: GameStore, outbox: Outbox, locked: Locks, clock: Clock, timers: Timers) -> None:
        self.store = store
        self._outbox = outbox
        self._locked = locked
        self._clock = clock
        self._timers = timers

    def reply(self, game: LoadedGame, account_id: str, duplicate: bool = False) -> PlayReply:
        return PlayReply(ok=True, game_id=game.game_id, version=game.version,
                         view=table_view(game, game.seat_of(account_id)), duplicate=duplicate)

    async def open(self, request: OpenTable) -> PlayReply:
        try:
            rules = games.table_rules(request.kind)
        except games.UnknownKind as error:
            return refuse("unknown_kind", str(error))
        fewest, most = rules.SEATS
        if not fewest <= request.seats <= most:
            return refuse("bad_seats", f"a table of {request.kind} has {fewest} to {most} seats")
        now = self._clock.now()
        checked = self._setup(rules, request.settings, request.seats, now)
        if isinstance(checked, PlayReply):
            return checked
        game_id = "k" + hashlib.blake2b(f"table|{request.account_id}|{request.command_id}".encode(),
                                        digest_size=12).hexdigest()
        meta = GameCreated(game_id=game_id, account_id=request.account_id, mode="table", preset_id=request.kind,
                           msk_date=moscow_date(now).isoformat(), kind=request.kind, seats=request.seats,
                           settings=dict(request.settings), invite=secrets.token_urlsafe(12))
        levels = getattr(rules, "BOT_LEVELS", ())
        unknown = [level for level in request.bots if level not in levels]
        if unknown or len(request.bots) >= request.seats or (request.bots and request.one_device):
            return refuse("bad_bots", f"bots take empty seats (at most {request.seats - 1}) and play at one of "
                                      f"the levels {', '.join(levels) or '(this game has no bots)'}")
        events: list[Event] = [SeatTaken(seat=0, account_id=request.account_id)]
        if request.one_device:
            events += [SeatTaken(seat=n, account_id=request.account_id) for n in range(1, request.seats)]
        events += [SeatTaken(seat=n, account_id=f"bot-{n}", bot=level) for n, level in enumerate(request.bots, 1)]
        if hasattr(rules, "seated"):  # the rules keep the lobby: the game starts now, each seat is its command
            started = self._start(rules, meta, now)
            state = rules.fold(started)
            events += started
            for seat in range(len(events) - len(started)):
                outcome = rules.decide(state, rules.seated(seat, now))
                if is_rejection(outcome):
                    return refuse(outcome.code, outcome.message)
                for event in outcome:
                    state = rules.evolve(state, event)
                events += outcome
        elif len(events) == request.seats:
            events += self._start(rules, meta, now)
        async with self._locked(game_id):
            try:
                game = await self.store.create(meta, events, request.command_id, now)
            except AppendConflict:
                existing = await self.store.refold(game_id)
                if existing is None or existing.meta.account_id != request.account_id:
                    return refuse("conflict", "this table could not be opened")
                return self.reply(existing, request.account_id, duplicate=True)
        return await self._changed(game, before=None, account_id=request.account_id)

    async def join(self, request: JoinTable) -> PlayReply:
        game_id, secret = request.invite.split(".", 1)
        async with self._locked(game_id):
            for _ in range(MAX_ATTEMPTS):
                game = await self.store.load(game_id)
                if (game is None or game.meta.mode != "table" or game.meta.invite is None
                        or not hmac.compare_digest(secret, game.meta.invite)):
                    return refuse("unknown_invite", "this invitation is not valid")
                if request.kind is not None and request.kind != game.meta.kind:
                    return refuse("wrong_kind", f"this invitation is to a game of {game.meta.kind}, not {request.kind}")
                if game.seat_of(request.account_id) is not None:
                    return self.reply(game, request.account_id, duplicate=True)  # back at his seat
                if not game.roster:
                    return refuse("table_closed", "everyone has left this table")
                if len(game.roster) >= game.meta.seats:
                    return refuse("table_full", "every seat at this table is taken")
                now = self._clock.now()
                seat = len(game.roster)
                events: list[Event] = [SeatTaken(seat=seat, account_id=request.account_id)]
                if hasattr(game.rules, "seated") and game.state is not None:  # the rules keep the lobby
                    outcome = game.rules.decide(game.state, game.rules.seated(seat, now))
                    if is_rejection(outcome):
                        return refuse(outcome.code, outcome.message)
                    events += outcome
                elif seat + 1 == game.meta.seats:
                    events += self._start(game.rules, game.meta, now)
                try:
                    stored = await self.store.append(game, events, request.command_id, now)
                except AppendConflict:
                    self.store.forget(game_id)
                    continue
                return await self._changed(stored, before=game, account_id=request.account_id)
        return refuse("busy", "the table is changing; try again")

    async def leave(self, request: LeaveTable) -> PlayReply:
        async with self._locked(request.game_id):
            for _ in range(MAX_ATTEMPTS):
                game = await self.store.load(request.game_id)
                seat = None if game is None or game.meta.mode != "table" else game.seat_of(request.account_id)
                if game is None or seat is None:
                    return refuse("unknown_game", f"there is no table {request.game_id} of yours")
                if game.state is not None:
                    return refuse("game_started", "the game has started (or keeps its own lobby): leave it by "
                                                  "its own rules' action")
                try:
                    stored = await self.store.append(game, [SeatLeft(seat=seat, account_id=request.account_id)],
                                                     request.command_id, self._clock.now())
                except AppendConflict:
                    self.store.forget(request.game_id)
                    continue
                await self._changed(stored, before=game, account_id=None)
                return PlayReply(ok=True, game_id=stored.game_id, version=stored.version,
                                 view=table_view(stored, None))
        return refuse("busy", "the table is changing; try again")

    async def act(self, request: Act) -> PlayReply:
        from_stream = False
        async with self._locked(request.game_id):
            for _ in range(MAX_ATTEMPTS):
                game = await (self.store.refold if from_stream else self.store.load)(request.game_id)
                seat = None if game is None else acting_seat(game, request)
                if game is None or seat is None:
                    return refuse("unknown_game", f"there is no game {request.game_id} of yours")
                if request.command_id in game.command_ids:
                    return self.reply(game, request.account_id, duplicate=True)
                if game.state is None:
                    return refuse("not_started", "the game starts when every seat is taken")
                now = self._clock.now()
                try:
                    command = game.rules.command_for(request.action, seat, now)
                except ValidationError as error:
                    return refuse("bad_action", explain(error))
                outcome = command if is_rejection(command) else game.rules.decide(game.state, command)
                if is_rejection(outcome):
                    if not from_stream:  # the cache may be behind another replica's moves: look again
                        from_stream = True
                        continue
                    return refuse(outcome.code, outcome.message)
                try:
                    stored = await self.store.append(game, list(outcome), request.command_id, now)
                except AppendConflict:
                    self.store.forget(request.game_id)
                    continue
                return await self._changed(stored, before=game, account_id=request.account_id)
        return refuse("busy", "the game is changing on another device; try again")

    async def fire(self, timer: TimerFired) -> None:
        """A deadline came: its command, decided like any other. One the game has moved past is refused by
        the rules as stale and changes nothing."""
        command_id = server_command_id("timer", timer.name, timer.at)
        async with self._locked(timer.game_id):
            for _ in range(MAX_ATTEMPTS):
                game = await self.store.load(timer.game_id)
                if game is None or game.state is None or command_id in game.command_ids:
                    return
                outcome = game.rules.decide(game.state, game.rules.timer_command(timer.command))
                if is_rejection(outcome):
                    log.info("stale timer refused", game_id=timer.game_id, timer=timer.name, code=outcome.code)
                    return
                try:
                    stored = await self.store.append(game, list(outcome), command_id,
                                                     datetime.fromisoformat(timer.at))
                except AppendConflict:
                    self.store.forget(timer.game_id)
                    continue
                await self._changed(stored, before=game, account_id=None)
                return
        raise RuntimeError(f"timer {timer.name} of {timer.game_id}: the game kept changing")

    # ------------------------------------------------------------------------------------------------

    async def _bots_play(self, game: LoadedGame) -> LoadedGame:
        """The bots' actions, one after another, until none has anything to do (or the game is over). Each
        is a command of the server's own (`!bot:<seat>:<version>`), decided like a player's."""
        rules = game.rules
        for _ in range(MAX_BOT_ACTIONS):
            if game.state is None or not game.bots or rules.is_over(game.state):
                return game
            now = self._clock.now()
            acted = False
            for seat, level in game.bots:
                action = rules.bot_action(game.state, seat, level, _bot_seed(game, seat))
                if action is None:
                    continue
                command = rules.command_for(action, seat, now)
                outcome = command if is_rejection(command) else rules.decide(game.state, command)
                if is_rejection(outcome):
                    raise RuntimeError(f"bot at seat {seat} of {game.game_id} chose a refused action: {outcome.code}")
                try:
                    game = await self.store.append(game, list(outcome),
                                                   server_command_id("bot", str(seat), str(game.version)), now)
                except AppendConflict:  # another replica moved the game: decide again on what it wrote
                    game = await self.store.refold(game.game_id) or game
                acted = True
                break
            if not acted:
                return game
        raise RuntimeError(f"the bots of {game.game_id} kept playing ({MAX_BOT_ACTIONS} actions in a row)")

    def _setup(self, rules: Any, settings: dict[str, Any], seats: int, now: datetime) -> Any:
        try:
            setup = rules.new_setup(settings, seats, 0, now)
        except ValidationError as error:
            return refuse("bad_settings", explain(error))
        if is_rejection(setup):
            return refuse(setup.code, setup.message)
        return setup

    def _start(self, rules: Any, meta: GameCreated, now: datetime) -> list[Event]:
        """The rules' first events, from the table's settings, its seats and a seed the server draws."""
        setup = rules.new_setup(meta.settings or {}, meta.seats, secrets.randbits(63), now)
        if is_rejection(setup):  # the settings were accepted when the table opened
            raise RuntimeError(f"table {meta.game_id}: its settings are refused now: {setup.message}")
        return list(rules.start(setup)[1])

    async def _changed(self, game: LoadedGame, before: LoadedGame | None, account_id: str | None) -> PlayReply:
        """Every seat hears of the change with its own view; the bots take their turns; the game's new
        deadlines are scheduled."""
        game = await self._bots_play(game)
        if game.state is not None:
            old = before.rules.deadlines(before.state) if before is not None and before.state is not None else []
            await self._timers.update(game.game_id, old, game.rules.deadlines(game.state))
        bots = dict(game.bots)
        for seat, account in enumerate(game.roster):
            if seat not in bots and account not in game.roster[:seat]:  # one view per account (one device)
                await self._outbox.publish(Update(account, game.game_id, game.version, table_view(game, seat)))
        if account_id is None:
            return PlayReply(ok=True, game_id=game.game_id, version=game.version)
        return self.reply(game, account_id)
