"""Games played at a table, of any kind the engine hosts: open a table (the asker takes seat 0), join it by
its invitation, act in it, and let its deadlines come back as commands. Everything about the game itself
goes through its rules' contract (`echo_events.game_rules`): which settings and seats it accepts, what an
action means for a seat, what each seat may see, which deadlines it wants.

Every accepted change reaches each seat's devices with that seat's own view (`Update` per account). Every
command — a player's, a fired deadline, a change of presence — goes through one load → decide → append →
retry-on-conflict step (`_change`). The rules' optional hooks: a lobby of their own (`seated`), presence
(`presence`), one table at a time (`occupies`, occupancy.py) and deletion (`PURGE_EVENTS`: the game lives
in ROOMS and is purged once one of them is appended).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
import uuid
from collections.abc import Awaitable, Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

import structlog
from echo_events.errors import explain
from echo_events.game_rules import Deadline, Refused, Rejection, is_rejection
from echo_events.hosting import Decided, HostedGame
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
from echo_events.streams import ROOM_MARK
from echo_runtime.append import AppendConflict
from echo_runtime.clock import Clock
from prometheus_client import Histogram
from pydantic import ValidationError

from . import games
from .locks import Locks
from .meanwhile import while_appending
from .occupancy import Occupancy
from .outbox import Outbox, Update
from .seat_names import SeatNames
from .seat_views import SeatViews
from .sent_logs import SentLogs
from .store import GameStore, LoadedGame
from .timers import Timers, due, earliest, utc_text
from .view_logs import answer
from .views import seat_view, table_view

log = structlog.get_logger(__name__)
#: What a command's decision is: the events to append (the rules' `Decided`, or the table's own list), a
#: rejection of the rules, or the answer itself.
Decision = Sequence[Event] | Decided | Rejection | PlayReply
Decide = Callable[[LoadedGame | None, datetime], Decision]
MAX_ATTEMPTS = 5
MAX_BOT_ACTIONS = 500  # a bots-only stretch of a game longer than this is a bug in the bots
BOT_THINK_SECONDS = Histogram("echo_engine_bot_think_seconds", "Time a bot's policy took to choose its action",
                              ["kind"], buckets=(0.0005, 0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.015, 0.02,
                                                 0.05, 0.1, 0.25, 0.5, 1.0, 2.5))


def _bot_seed(game: LoadedGame, seat: int) -> int:
    """Each bot decision's seed: from the game, the seat and the game's version — the same on every replica."""
    digest = hashlib.blake2b(f"bot|{game.game_id}|{seat}|{game.version}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def deadlines(game: LoadedGame | None) -> list[Deadline]:
    """The deadlines the game wants (none before its rules' state starts)."""
    return [] if game is None or game.state is None else list(game.rules.deadlines(game.state))


def players_command(account_id: str, command_id: str) -> str:
    """A player's command id as a game keeps it: his own, so another's same id at the table is no retry of
    his (a client's ids hold no `/`; the server's own start with `!`)."""
    return f"{account_id}/{command_id}"


def told(game: LoadedGame, before: LoadedGame | None = None) -> list[tuple[int, str]]:
    """The seats (and their accounts) a change's views go to: every seat a person plays, one per account (a
    player holding several seats on one device gets the view of his first); a solo game's player. Where the
    rules say who reads the game (`reads`: Ark's room is its members'), a seat that stopped reading (kicked,
    gone from the lobby) hears of the change that put it out (`before` it read), and of nothing after."""
    bots, seats = dict(game.bots), game.accounts if game.rules.is_solo else game.roster
    reads = game.rules.reads

    def hears(seat: int) -> bool:
        if game.state is None:
            return True
        return reads(game.state, seat) or (before is not None and before.state is not None
                                           and reads(before.state, seat))

    return [(seat, account) for seat, account in enumerate(seats)
            if seat not in bots and account not in seats[:seat] and hears(seat)]


def evolved(rules: HostedGame, state: Any, outcome: Decided) -> Any:
    """The state after a decision's events: the rules' own where they gave it."""
    if outcome.state is not None:
        return outcome.state
    for event in outcome.events:
        state = rules.evolve(state, event)
    return state


def decided_events(outcome: Sequence[Event] | Decided) -> tuple[list[Event], Any]:
    """An accepted decision's events, and the state they lead to where the rules gave it (else None)."""
    if isinstance(outcome, Decided):
        return outcome.events, outcome.state
    return list(outcome), None


def refuse(code: str, message: str) -> PlayReply:
    return PlayReply(ok=False, error=PlayError(code=code, message=message))


def table_id(rules: HostedGame, account_id: str, command_id: str) -> str:
    """The id of the table an open makes: the asker's and his command's (a retry finds the table it opened),
    marked as a room's (deleted when it ends) or a table's."""
    mark = ROOM_MARK if rules.is_room else "k"
    return mark + hashlib.blake2b(f"table|{account_id}|{command_id}".encode(), digest_size=12).hexdigest()


def waits_in_lobby(rules: HostedGame, request: OpenTable) -> bool:
    """Whether the table this open makes waits in the engine's lobby for players: not when its rules keep a lobby
    of their own, nor when the asker's device and the bots take every seat (it starts at once)."""
    return not rules.keeps_lobby and not request.one_device and 1 + len(request.bots) < request.seats


def acting_seat(game: LoadedGame, request: Act) -> int | None:
    """The seat an action is for: the asker's; an account holding several (players sharing one device)
    names it in the action's `seat` (its first seat otherwise)."""
    held = [seat for seat, account in enumerate(game.accounts) if account == request.account_id]
    named = request.action.get("seat")
    if len(held) > 1 and isinstance(named, int) and not isinstance(named, bool) and named in held:
        return named
    return held[0] if held else None


class Tables:
    def __init__(self, store: GameStore, outbox: Outbox, locked: Locks, clock: Clock, timers: Timers,
                 occupancy: Occupancy, names: SeatNames | None = None) -> None:
        self.store = store
        self._outbox = outbox
        self._locked = locked
        self._clock = clock
        self._timers = timers
        self._occupancy = occupancy
        self._views = SeatViews()
        self._sent = SentLogs()
        self.names = names or SeatNames()

    def reply(self, game: LoadedGame, account_id: str, duplicate: bool = False,
              log_from: int | None = None) -> PlayReply:
        """The account's view of the game; with `log_from` (the asker holds that many entries of its log),
        only the log entries after those (`view_logs.answer`)."""
        view = seat_view(game, game.seat_of(account_id), self._views, self.names)
        return answer(game.game_id, game.version, view, log_from, duplicate)

    async def open(self, request: OpenTable) -> PlayReply:
        try:
            rules = games.table_rules(request.kind)
        except games.UnknownKind as error:
            return refuse("unknown_kind", str(error))
        fewest, most = rules.seats
        if not fewest <= request.seats <= most:
            return refuse("bad_seats", f"a table of {request.kind} has {fewest} to {most} seats")
        checked = self._setup(rules, request.settings, request.seats, self._clock.now())
        if isinstance(checked, PlayReply):
            return checked
        levels = rules.bot_levels
        unknown = [level for level in request.bots if level not in levels]
        if unknown or len(request.bots) >= request.seats or (request.bots and request.one_device):
            return refuse("bad_bots", f"bots take empty seats (at most {request.seats - 1}) and play at one of "
                                      f"the levels {', '.join(levels) or '(this game has no bots)'}")
        game_id = table_id(rules, request.account_id, request.command_id)

        def decide(game: LoadedGame | None, now: datetime) -> Decision:
            if game is not None:  # the id is the asker's and his command's: a retry is answered before this
                return refuse("conflict", "this table could not be opened")
            meta = GameCreated(game_id=game_id, account_id=request.account_id, mode="table",
                               msk_date=moscow_date(now).isoformat(), kind=request.kind,
                               seats=request.seats, settings=dict(request.settings),
                               invite=secrets.token_urlsafe(12))
            events: list[Event] = [SeatTaken(seat=0, account_id=request.account_id)]
            if request.one_device:
                events += [SeatTaken(seat=n, account_id=request.account_id) for n in range(1, request.seats)]
            events += [SeatTaken(seat=n, account_id=f"bot-{n}", bot=level) for n, level in enumerate(request.bots, 1)]
            return self.opening(rules, meta, events, now)

        return await self._seat(request.account_id, rules, request.kind, game_id, request.command_id, decide,
                                new=True)

    async def join(self, request: JoinTable) -> PlayReply:
        game_id, secret = request.invite.split(".", 1)

        def decide(game: LoadedGame | None, now: datetime) -> Decision:
            if (game is None or game.meta.mode != "table" or game.meta.invite is None
                    or not hmac.compare_digest(secret, game.meta.invite)):
                return refuse("unknown_invite", "this invitation is not valid")
            if request.kind is not None and request.kind != game.meta.kind:
                return refuse("wrong_kind", f"this invitation is to a game of {game.meta.kind}, not {request.kind}")
            if (held := game.seat_of(request.account_id)) is not None:
                if game.rules.keeps_lobby and game.state is not None:  # the rules keep the lobby: a
                    again = game.rules.decide(game.state, game.rules.seated(held, now))  # kicked one is out
                    if is_rejection(again) and again.code != "already_in_game":
                        return again
                return self.reply(game, request.account_id, duplicate=True)  # back at his seat
            if not game.roster:
                return refuse("table_closed", "everyone has left this table")
            if len(game.roster) >= game.meta.seats:
                return refuse("table_full", "every seat at this table is taken")
            seat = len(game.roster)
            events: list[Event] = [SeatTaken(seat=seat, account_id=request.account_id)]
            if game.rules.keeps_lobby and game.state is not None:
                outcome = game.rules.decide(game.state, game.rules.seated(seat, now))
                if is_rejection(outcome):
                    return outcome
                events += outcome.events
            elif seat + 1 == game.meta.seats:
                events += self._start(game.rules, game.meta, now)
            return events

        game = await self.store.load(game_id)
        if game is None or game.meta.mode != "table":
            return refuse("unknown_invite", "this invitation is not valid")
        return await self._seat(request.account_id, game.rules, game.meta.kind, game_id, request.command_id, decide)

    async def leave(self, request: LeaveTable) -> PlayReply:
        def decide(game: LoadedGame | None, now: datetime) -> Decision:
            seat = None if game is None or game.meta.mode != "table" else game.seat_of(request.account_id)
            if game is None or seat is None:
                return refuse("unknown_game", f"there is no table {request.game_id} of yours")
            if game.state is not None:
                return refuse("game_started", "the game has started (or keeps its own lobby): leave it by "
                                              "its own rules' action")
            return [SeatLeft(seat=seat, account_id=request.account_id)]

        outcome = await self._change(request.game_id, request.command_id, decide, account_id=request.account_id)
        if isinstance(outcome, PlayReply):
            return outcome
        return PlayReply(ok=True, game_id=outcome.game_id, version=outcome.version,
                         view=table_view(outcome, None, self._views, self.names.of(outcome)))

    async def act(self, request: Act) -> PlayReply:
        def decide(game: LoadedGame | None, now: datetime) -> Decision:
            seat = None if game is None else acting_seat(game, request)
            if game is None or seat is None:
                return refuse("unknown_game", f"there is no game {request.game_id} of yours")
            if game.state is None:
                return refuse("not_started", "the game starts when every seat is taken")
            try:
                command = game.rules.command_for(request.action, seat, now)
            except ValidationError as error:
                return refuse("bad_action", explain(error))
            if is_rejection(command):
                return command
            wrong = game.rules.solo.coach(game.meta.mode, game.state, command)  # the Tutorial's
            if wrong is not None:  # a rejection: judged again on the stream's game if the cache is behind
                return Refused("tutorial_step", wrong)
            return game.rules.decide(game.state, command)

        return await self._answer(request.account_id, request.game_id, request.command_id, decide,
                                  request.log_from)

    async def fire(self, timer: TimerFired, scheduled: bool = False) -> None:
        """A deadline came: its schedule fired (`scheduled`: the schedule is gone from the stream, so the game's
        is written again before this ends) or this replica's own timer did. It runs — its command, decided like
        any other — only while the game still wants that very deadline (its name and time), else the game's
        earliest deadline runs if it is due by now: a schedule left for a deadline the game moved past is a
        wake-up (timers.py). When nothing is due, the game's schedule is written again, for its earliest.
        A calendar's deadline (`Deadline.calendar`: a Daily's close) runs by the engine's clock: a schedule
        (by the wall's) that comes back before it runs nothing, and this replica's own timer takes it over."""
        if scheduled:
            self._timers.doubt(timer.game_id)
        now = self._clock.now()
        deadline = due(deadlines(await self.store.load(timer.game_id)), timer, now)
        if scheduled and deadline is not None and deadline.calendar and deadline.at > now:
            self._timers.arm(timer, deadline.at)
            return
        name, at = (timer.name, timer.at) if deadline is None else (deadline.name, utc_text(deadline.at))

        def decide(game: LoadedGame | None, now: datetime) -> Decision:
            if game is None or game.state is None:
                return refuse("unknown_game", "the game is gone")
            wanted = deadlines(game)
            if deadline is None or deadline not in wanted:
                return Refused("stale", f"game {game.game_id} wants no deadline {name} at {at} (any more)")
            outcome = game.rules.decide(game.state, game.rules.timer_command(deadline.command))
            if is_rejection(outcome) and deadline == earliest(wanted):
                self._timers.settle(game.game_id)  # written again, the same deadline would fire again at once
            return outcome

        outcome = await self._change(timer.game_id, server_command_id("timer", name, at), decide,
                                     at=None if deadline is None else deadline.at)
        if isinstance(outcome, PlayReply) and outcome.error is not None:
            if outcome.error.code == "busy":
                raise RuntimeError(f"timer {name} of {timer.game_id}: the game kept changing")
            log.debug("timer refused", game_id=timer.game_id, timer=name, code=outcome.error.code)

    async def presence(self, game_id: str, seats: Mapping[int, bool]) -> None:
        """Whether each of these seats has a device now (presence.py): the rules' absence commands for
        those whose state differs; nothing for a game whose rules have no `presence` (no command either: it
        would wait for the game's lock, and a table in its lobby would be read again from the stream to refuse
        it)."""
        game = await self.store.load(game_id)
        if game is None or not game.rules.keeps_presence:
            return

        def decide(game: LoadedGame | None, now: datetime) -> Decision:
            if game is None or game.state is None:
                return refuse("unknown_game", "no game here keeps presence")
            rules, state, events, bots = game.rules, game.state, [], dict(game.bots)
            for seat, connected in sorted(seats.items()):
                command = None if seat >= len(game.roster) or seat in bots else rules.presence(seat, connected, now)
                if command is None:  # nothing to say (rules without presence say nothing of anyone)
                    continue
                outcome = rules.decide(state, command)
                if is_rejection(outcome):  # e.g. a player who has left the game: nothing to say of him
                    continue
                state = evolved(rules, state, outcome)
                events += outcome.events
            return events

        await self._change(game_id, server_command_id("presence", uuid.uuid4().hex), decide)

    # ------------------------------------------------------------------------------------------------

    async def _seat(self, account_id: str, rules: HostedGame, kind: str, game_id: str, command_id: str,
                    decide: Decide, new: bool = False) -> PlayReply:
        """Opening (`new`: see `_change`) or joining a table: for rules that keep a player at one table of the
        kind at a time (`occupies`), refused while another still holds him (occupancy.py)."""
        if not rules.one_table_at_a_time:
            return await self._answer(account_id, game_id, command_id, decide, new=new)
        # the game's lock first: waiting for it while holding the claim's connection, a room's joins would hold
        # every pooled connection while its lock's holder waits for one (occupancy.py)
        async with self._locked(game_id), self._occupancy.claim(account_id, kind) as claim:
            if claim.current is not None and claim.current != game_id and await self._holds(claim.current, account_id):
                return refuse("already_in_game", f"you are in another game of {kind}: leave it or let it finish")
            reply = await self._answer(account_id, game_id, command_id, decide, new=new)
            if reply.ok and not reply.duplicate:
                await claim.take(game_id)
            return reply

    async def _holds(self, game_id: str, account_id: str) -> bool:
        """The game still holds this account's seat (read from the stream before saying so: the cache may
        not know he left on another replica)."""
        for load in (self.store.load, self.store.refold):
            game = await load(game_id)
            seat = None if game is None or game.gone else game.seat_of(account_id)
            if seat is None or game.state is None or not game.rules.occupies(game.state, seat):
                return False
        return True

    async def command(self, game_id: str, command_id: str, decide: Decide,
                      account_id: str | None = None, new: bool = False) -> PlayReply | LoadedGame:
        """A command of the server's own or of a solo game's mode (a start, an expiry) through the one step
        every command goes through (`_change`): the game after it, or the answer (a refusal, a duplicate)."""
        return await self._change(game_id, command_id, decide, account_id=account_id, new=new)

    async def _answer(self, account_id: str, game_id: str, command_id: str, decide: Decide,
                      log_from: int | None = None, new: bool = False) -> PlayReply:
        """A player's command (`_change`), answered with his view of the game after it — a retry's too —
        from `log_from` of its log when he says he holds that many entries."""
        outcome = await self._change(game_id, command_id, decide, account_id=account_id, new=new)
        if not isinstance(outcome, PlayReply):
            return self.reply(outcome, account_id, log_from=log_from)
        if outcome.duplicate and outcome.view is not None and outcome.game_id is not None \
                and outcome.version is not None:
            return answer(outcome.game_id, outcome.version, outcome.view, log_from, duplicate=True)
        return outcome

    async def _change(self, game_id: str, command_id: str, decide: Decide, account_id: str | None = None,
                      at: datetime | None = None, new: bool = False) -> PlayReply | LoadedGame:
        """One command to one game: load it, `decide`, append what was decided after the game's last
        message — the new deadlines' schedules stored at the same time (`Timers.alongside`) — and tell
        everyone (`_changed`); when another replica appended first, all of it again on what that one wrote,
        and the schedules the lost attempt wrote are written again from the stream's game before the answer
        (`_correct`). A command already in the game (a retry) is answered as a duplicate (with the
        view of `account_id`, the asker) and changes nothing; a rejection of the rules, or a refusal of the
        command (a seat that is not the asker's: he sat down through another replica), is looked at once more on
        the game read from the stream when the stream holds something newer (this replica's cache may be behind
        another's).
        `decide` gets the game (None: no such game) and the time of the change (`at`, or the clock's now)
        and returns the events (a new game's first is its `GameCreated`), a rejection of the rules, or the
        answer itself. The result: the game after the change, or the answer (a refusal, a duplicate).
        `new`: the command makes a new game (an open, a start), which exists only if it was made before (a retry,
        a Daily started already) — then it is cached here, or its append, which expects an empty subject,
        conflicts and the game is read from the stream: its subject is not read before the first decision."""
        if account_id is not None:
            command_id = players_command(account_id, command_id)
        from_stream = False
        async with self._locked(game_id):
            for attempt in range(MAX_ATTEMPTS):
                if new and attempt == 0:
                    game = self.store.cached(game_id)
                else:
                    game = await (self.store.refold if from_stream else self.store.load)(game_id)
                if game is not None and game.gone:  # deleted, but its purge did not happen (a crash)
                    await self.store.purge(game_id)
                    game = None
                if game is not None and command_id in game.command_ids:
                    await self._correct(game_id, game)
                    if account_id is None:
                        return PlayReply(ok=True, game_id=game.game_id, version=game.version, duplicate=True)
                    return self.reply(game, account_id, duplicate=True)
                now = at or self._clock.now()
                outcome = decide(game, now)
                if isinstance(outcome, PlayReply) and outcome.ok:
                    await self._correct(game_id, game)
                    return outcome
                if is_rejection(outcome) or isinstance(outcome, PlayReply):  # a refusal (not a seat of yours…)
                    # the cache may be behind another replica's append: decided again on the stream's game,
                    # unless the stream holds nothing newer (a stale timer, every turn: no history read)
                    if not from_stream and (game is None or not await self.store.is_current(game)):
                        from_stream = True
                        continue
                    await self._correct(game_id, game)
                    return outcome if isinstance(outcome, PlayReply) else refuse(outcome.code, outcome.message)
                events, reached = decided_events(outcome)
                if not events:  # nothing changes
                    await self._correct(game_id, game)
                    return game if game is not None else refuse("unknown_game", f"there is no game {game_id}")
                base = game if game is not None else LoadedGame.opening(events[0])
                after = base.advanced(events, reached)
                appending = self._rendering(after, self.store.append(base, events, command_id, now, after))
                try:  # the new deadlines' schedules are stored while the append is (timers.py: `alongside`)
                    stored = await self._timers.alongside(game_id, deadlines(game), deadlines(after), appending)
                except AppendConflict:
                    self.store.forget(game_id)
                    continue
                if stored is not after:  # the command was in the stream already: its decision there stands
                    self._timers.doubt(game_id)
                    await self._correct(game_id, stored)
                after = await self._changed(stored, game)
                if after.gone:  # its last views are out: now nothing of it is kept
                    await self.store.purge(game_id)
                return after
            await self._correct(game_id, await self.store.refold(game_id))
        return refuse("busy", "the game is changing; try again")

    async def _rendering(self, after: LoadedGame, append: Awaitable[LoadedGame]) -> LoadedGame:
        """`append` (of the events that make `after`), and while its message is on the wire and being stored,
        each seat's view of `after` rendered (`SeatViews`, which `_changed` then finds): the rules' views
        were most of what the answer and the updates waited for after the ack, and the append's round trip
        is the engine's idle time. Not when bots are to play next: the views sent will be of their state."""
        if after.state is None or after.bots:
            return await append
        stored, _ = await while_appending(append, lambda: [self._views.of(after, seat) for seat, _ in told(after)])
        return stored

    async def _correct(self, game_id: str, game: LoadedGame | None) -> None:
        """Schedules an earlier attempt wrote for a decision that did not stand, written again from `game`
        (the game as the stream holds it) before the command is answered."""
        await self._timers.correct(game_id, deadlines(game))

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
                started = time.perf_counter()
                action = rules.bot_action(game.state, seat, level, _bot_seed(game, seat))
                if action is None:
                    continue
                BOT_THINK_SECONDS.labels(game.meta.kind).observe(time.perf_counter() - started)
                command = rules.command_for(action, seat, now)
                outcome = command if is_rejection(command) else rules.decide(game.state, command)
                if is_rejection(outcome):
                    raise RuntimeError(f"bot at seat {seat} of {game.game_id} chose a refused action: {outcome.code}")
                events, reached = decided_events(outcome)
                after = game.advanced(events, reached)
                try:
                    game = await self.store.append(game, events, server_command_id("bot", str(seat), str(game.version)),
                                                   now, after)
                except AppendConflict:  # another replica moved the game: decide again on what it wrote
                    game = await self.store.refold(game.game_id) or game
                acted = True
                break
            if not acted:
                return game
        raise RuntimeError(f"the bots of {game.game_id} kept playing ({MAX_BOT_ACTIONS} actions in a row)")

    def opening(self, rules: HostedGame, meta: GameCreated, seated: list[Event], now: datetime) -> Decision:
        """A new table's events: its `GameCreated`, the seats taken, and the rules' start once the game starts
        (at once for rules that keep their own lobby, each seat its command; else once every seat is taken)."""
        events = list(seated)
        if rules.keeps_lobby:
            started = self._start(rules, meta, now)
            state = rules.fold(started)
            seats, events = len(events), events + started
            for seat in range(seats):
                outcome = rules.decide(state, rules.seated(seat, now))
                if is_rejection(outcome):
                    return outcome
                state = evolved(rules, state, outcome)
                events += outcome.events
        elif len(events) == meta.seats:
            events += self._start(rules, meta, now)
        return [meta, *events]

    def _setup(self, rules: HostedGame, settings: dict[str, Any], seats: int, now: datetime) -> Any:
        try:
            setup = rules.new_setup(settings, seats, 0, now)
        except ValidationError as error:
            return refuse("bad_settings", explain(error))
        if is_rejection(setup):
            return refuse(setup.code, setup.message)
        return setup

    def _start(self, rules: HostedGame, meta: GameCreated, now: datetime) -> list[Event]:
        """The rules' first events, from the table's settings, its seats and a seed the server draws."""
        setup = rules.new_setup(meta.settings or {}, meta.seats, secrets.randbits(63), now)
        if is_rejection(setup):  # the settings were accepted when the table opened
            raise RuntimeError(f"table {meta.game_id}: its settings are refused now: {setup.message}")
        return list(rules.start(setup)[1])

    async def _changed(self, game: LoadedGame, before: LoadedGame | None = None) -> LoadedGame:
        """Every seat hears of the change with its own view, once the bots have taken their turns (and the
        deadlines of the state they leave are scheduled: the command's were stored with its append): a view
        with a log carries only the entries after those the seat was last sent (`SentLogs`). The game after
        the bots' turns."""
        played = await self._bots_play(game)
        if played is not game:
            await self._timers.update(game.game_id, deadlines(game), deadlines(played))
        game = played
        await self.names.load(game)
        for seat, account in told(game, before):
            view = seat_view(game, seat, self._views, self.names)
            base = self._sent.sending(game.game_id, seat, game.version, view)
            await self._outbox.publish(Update(account, game.game_id, game.version, view, base))
        return game
