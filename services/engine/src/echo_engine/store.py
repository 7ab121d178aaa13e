"""Games of every kind on JetStream: each game's `lifecycle` and `move` subjects, one sequence; folded
states kept in a bounded in-memory cache. A game's rules come from its kind (`games.rules_for`): the store
knows no game, only the contract.

A game's subject starts with `GameCreated`; `SeatTaken` and `SeatLeft` events fill a table's seats (before
it starts); every other event is
its rules' own, folded with `rules.fold` / `rules.evolve` (a table's state is None until it starts).

A cached game whose rules keep an incremental log (Echo Challenge, Ghost Five) is kept in a form the cyclic garbage
collector barely sees: its state without the rules' log (every tick as a pydantic event: a model, its
`__dict__`, its fields-set and nested models — a dozen tracked objects per tick), and its rendered log
entries as JSON fragments, which are not tracked at all.
Kept whole, a few thousand cached games were the bulk of every collection: the engine stopped ~20–30 ms
at a time under load, and an older generation's collection would scan them all.

A room (a game whose rules name `PURGE_EVENTS`, its id starting with `r`) lives in ROOMS under
`echo.room.<id>`, otherwise the same; `purge` deletes it and its timers (`gone`: one of those events is in).

The cache is only an optimisation. Every append states the stream sequence it expects to follow, so a
stale cache (another replica moved the game on) turns into a conflict, a refold and a new decision,
never into a conflicting event.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import orjson
from echo_events.envelope import Envelope, decode, unwrap
from echo_events.hosting import HostedGame
from echo_events.model import Event
from echo_events.play import GameCreated, RematchOffered, RematchOpened, SeatLeft, SeatTaken
from echo_events.solo_start import SoloStart
from echo_events.streams import ROOMS, TIMERS, game_events, game_subject, game_timers, stream_of
from echo_runtime.append import append, last_message
from echo_runtime.direct_read import read_subject
from echo_runtime.lru import Lru
from nats.aio.client import Client
from nats.js import JetStreamContext
from prometheus_client import Counter

from . import games
from .batches import encode_wrapped


@dataclass(slots=True)
class LoadedGame:
    meta: GameCreated
    rules: HostedGame  # its kind's (`games.rules_for`), looked up once: every step of a command asks for them
    state: Any  # the rules' state (None: a table not started yet); without its log if the rules keep one
    version: int  # envelope version of the game's last event
    last_sequence: int  # stream sequence of the game's last message
    command_ids: set[str] = field(default_factory=set)
    log: tuple[orjson.Fragment, ...] = ()  # the client view's log entries, rendered to JSON once per tick
    roster: tuple[str, ...] = ()  # the account of each seat taken, by seat
    bots: tuple[tuple[int, str], ...] = ()  # (seat, level) of the seats bots play
    gone: bool = False  # one of its rules' PURGE_EVENTS was appended: its messages are to be purged
    rematch_by: int | None = None  # the seat that offered a rematch of the finished table (rematch.py)
    rematch: str | None = None  # the rematch's table, once the offer was accepted

    @property
    def game_id(self) -> str:
        return self.meta.game_id

    @property
    def started(self) -> SoloStart:
        """How a solo game was started: its `GameCreated.settings` read back by its rules (`started_with`)."""
        return self.rules.solo.started_with(self.meta.settings)

    @property
    def accounts(self) -> tuple[str, ...]:
        """Whose devices hear of this game: its seats' accounts (a one-seat game: its player)."""
        return self.roster or (self.meta.account_id,)

    def seat_of(self, account_id: str) -> int | None:
        accounts = self.accounts
        return accounts.index(account_id) if account_id in accounts else None

    def rules_view(self, seat: int | None, public: Any = None) -> dict[str, Any]:
        """The rules' view of the seat (None: a spectator) of a started game; the kept log's entries for rules
        that keep one (`compact`); `public`, the state's public part for rules that have one (`public`)."""
        return self.rules.seat_view(self.state, seat, self.log, public)

    @classmethod
    def opening(cls, meta: GameCreated) -> LoadedGame:
        """The game before anything of it is stored: what its `GameCreated` and first events advance."""
        return cls(meta=meta, rules=games.rules_for(meta.kind), state=None, version=0, last_sequence=0)

    def advanced(self, events: Iterable[Event], reached: Any = None) -> LoadedGame:
        """This game after these events (a table's first rules events start its state), not yet appended; a
        `GameCreated` among them is the game's own meta and changes nothing. `reached`: the rules' state after
        these events as their decision made it (`decided`, echo_events.game_rules), kept instead of evolving
        the started state through them again."""
        rules, state, roster, bots, starting = self.rules, self.state, self.roster, self.bots, []
        rematch_by, rematch = self.rematch_by, self.rematch
        evolving = reached is None or state is None
        gone, purge_events = self.gone, rules.purge_events
        for event in events:
            gone = gone or event.event_type in purge_events
            if isinstance(event, GameCreated):
                continue
            if isinstance(event, SeatTaken):
                roster = (*roster, event.account_id)
                if event.bot is not None:
                    bots = (*bots, (event.seat, event.bot))
            elif isinstance(event, SeatLeft):
                roster = tuple(account for account in roster if account != event.account_id)
            elif isinstance(event, RematchOffered):
                rematch_by = event.seat
            elif isinstance(event, RematchOpened):
                rematch = event.game_id
            elif state is None:
                starting.append(event)
            elif evolving:
                state = rules.evolve(state, event)
        if starting:
            state = rules.fold(starting)
        elif not evolving:
            state = reached
        log = self.log
        if state is not None and rules.keeps_log:  # the state's log is what these events added
            state, entries = rules.compact(state)
            log += rendered(entries)
        return LoadedGame(meta=self.meta, rules=rules, state=state, version=self.version,
                          last_sequence=self.last_sequence, command_ids=self.command_ids, log=log, roster=roster,
                          bots=bots, gone=gone, rematch_by=rematch_by, rematch=rematch)


REFOLDS = Counter("echo_engine_refolds_total", "Games read back from the stream and folded: not cached here, "
                  "or changed by another replica since")
CAPACITY = 10_000  # a long game (~90 ticks) takes ~26 KiB here: ~260 MiB for 10 000 of them


def event_ids(n: int) -> list[str]:
    """`n` random event ids (128 bits each, 32 hex digits, as `uuid4().hex` wrote them) from one draw of the
    system's generator: a command of Echoes of Time appends ~8 events, and eight `uuid4()` took ~20 µs."""
    drawn = os.urandom(16 * n).hex()
    return [drawn[i:i + 32] for i in range(0, 32 * n, 32)]


def rendered(entries: Iterable[dict[str, Any]]) -> tuple[orjson.Fragment, ...]:
    """Log entries as JSON that `orjson` writes out as it is. Copied out of what `orjson.dumps` returns: its
    bytes keep the 4 KiB buffer they were written in (measured: 4 KiB of memory per entry kept, ~200 B)."""
    return tuple(orjson.Fragment(bytes(memoryview(orjson.dumps(entry)))) for entry in entries)


def fold(envelopes: list[Envelope], sequence: int) -> LoadedGame:
    """A game from every envelope of its subjects, in order (`sequence`: the stream sequence of its last)."""
    events = [unwrap(envelope) for envelope in envelopes]
    meta = events[0]
    if not isinstance(meta, GameCreated):
        raise ValueError(f"game {envelopes[0].stream_id} does not start with GameCreated")
    folded = LoadedGame.opening(meta).advanced(events[1:])
    folded.version, folded.last_sequence = envelopes[-1].version, sequence
    folded.command_ids = {e.causation_id for e in envelopes if e.causation_id}
    return folded


def fold_messages(messages: Iterable[bytes], sequence: int) -> LoadedGame:
    """A game from its stored messages' bodies, as read from its stream."""
    return fold([envelope for message in messages for envelope in decode(message).events], sequence)


class GameStore:
    def __init__(self, js: JetStreamContext, nc: Client, capacity: int = CAPACITY,
                 written_as: Mapping[str, int] | None = None) -> None:
        """`written_as`: event types this replica writes at an older schema version (Settings.write_versions)."""
        self._js = js
        self._nc = nc
        self._written_as = dict(written_as or {})
        self._cache: Lru[str, LoadedGame] = Lru(capacity)

    async def load(self, game_id: str) -> LoadedGame | None:
        cached = self._cache.get(game_id)
        if cached is not None:
            return cached
        return await self.refold(game_id)

    @property
    def size(self) -> int:
        """How many games are kept now."""
        return len(self._cache)

    def cached(self, game_id: str) -> LoadedGame | None:
        """The game as this replica last saw it, without reading the stream (None if not kept)."""
        return self._cache.peek(game_id)

    async def history(self, game_id: str) -> tuple[list[Envelope], int]:
        """Every envelope of the game's subjects in order, and the stream sequence of its last message."""
        messages = await read_subject(self._nc, stream_of(game_id), game_events(game_id))
        envelopes = [envelope for message in messages for envelope in decode(message.data).events]
        return envelopes, messages[-1].sequence if messages else 0

    async def refold(self, game_id: str) -> LoadedGame | None:
        """Read the game's whole subject and fold it; None when the game does not exist."""
        REFOLDS.inc()
        self._cache.pop(game_id)
        envelopes, sequence = await self.history(game_id)
        if not envelopes:
            return None
        folded = fold(envelopes, sequence)
        self._remember(folded)
        return folded

    async def create(self, meta: GameCreated, events: list[Event], command_id: str, at: datetime) -> LoadedGame:
        """Open a new game subject: `GameCreated`, then the first events (seats, or the rules' start);
        AppendConflict if it exists."""
        return await self.append(LoadedGame.opening(meta), [meta, *events], command_id, at)

    async def append(self, game: LoadedGame, events: list[Event], command_id: str, at: datetime,
                     after: LoadedGame | None = None) -> LoadedGame:
        """Append a command's events after the game's last message; AppendConflict if it moved on. `after`:
        `game.advanced` of these events when the caller has it already. The result is `after` itself once
        appended, or the game read from the stream when the command was in it already (a retry)."""
        if after is None:
            after = game.advanced(events)
        game_id = game.game_id
        batch = encode_wrapped(events, event_ids=event_ids(len(events)), stream_id=game_id,
                               first_version=game.version + 1, occurred_at=at, correlation_id=command_id,
                               causation_id=command_id, written_as=self._written_as)
        try:
            appended = await append(
                self._js, stream_of(game_id),
                game_subject(game_id, batch.event_types, game.rules.ending_events),
                batch, msg_id=f"{game_id}:{command_id}",
                expected_last_sequence=game.last_sequence, aggregate=game_events(game_id), nc=self._nc,
            )
        except BaseException:
            self._cache.pop(game_id)
            raise
        if appended.duplicate:
            # the same command landed before (a retry): the stream, not this decision, is the truth
            fresh = await self.refold(game_id)
            assert fresh is not None
            return fresh
        after.version, after.last_sequence = game.version + len(events), appended.sequence
        after.command_ids = {*game.command_ids, command_id}
        self._remember(after)
        return after

    def _remember(self, game: LoadedGame) -> None:
        self._cache.put(game.game_id, game)

    def forget(self, game_id: str) -> None:
        self._cache.pop(game_id)

    async def is_current(self, game: LoadedGame) -> bool:
        """Nothing was appended to the game since `game` (one read of its last message, not its history)."""
        last = await last_message(self._js, stream_of(game.game_id), game_events(game.game_id))
        return last is not None and last.sequence == game.last_sequence

    async def exists(self, game_id: str) -> bool:
        return await last_message(self._js, stream_of(game_id), game_events(game_id)) is not None

    async def purge(self, game_id: str) -> None:
        """Delete a room: every message of its subjects in ROOMS, and its timers (pending or fired)."""
        self._cache.pop(game_id)
        await self._js.purge_stream(ROOMS.name, subject=game_events(game_id))
        for subject in game_timers(game_id):
            await self._js.purge_stream(TIMERS.name, subject=subject)
