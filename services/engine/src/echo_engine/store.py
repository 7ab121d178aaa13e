"""Games on JetStream: each game's `lifecycle` and `move` subjects, one sequence; folded states kept in a
bounded in-memory cache.

A cached game is kept in a form the cyclic garbage collector barely sees: its state without the rules'
log (every tick as a pydantic event: a model, its `__dict__`, its fields-set and nested models — a dozen
tracked objects per tick), and its rendered log entries as JSON fragments, which are not tracked at all.
Kept whole, a few thousand cached games were the bulk of every collection: the engine stopped ~20–30 ms
at a time under load, and an older generation's collection would scan them all.

The cache is only an optimisation. Every append states the stream sequence it expects to follow, so a
stale cache (another replica moved the game on) turns into a conflict, a refold and a new decision,
never into a conflicting event.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

import orjson
from echo_events.echo.events import TickResolved
from echo_events.envelope import Batch, Envelope, decode, unwrap, wrap
from echo_events.model import Event
from echo_events.play import GameCreated
from echo_events.streams import GAMES, game_events, game_subject
from echo_runtime.append import append, last_message
from echo_runtime.direct_read import read_subject
from echo_runtime.lru import Lru
from nats.aio.client import Client
from nats.js import JetStreamContext
from prometheus_client import Counter

from echo_engine.rules.echo import game as rules
from echo_engine.rules.echo.state import GameState
from echo_engine.rules.echo.view import log_entry


@dataclass(slots=True)
class LoadedGame:
    meta: GameCreated
    state: GameState  # without its log (`state.log` is empty): the rendered entries are `log`
    version: int  # envelope version of the game's last event
    last_sequence: int  # stream sequence of the game's last message
    command_ids: set[str] = field(default_factory=set)
    log: tuple[orjson.Fragment, ...] = ()  # the client view's log entries, rendered to JSON once per tick

    def with_events(self, events: Iterable[Event]) -> tuple[orjson.Fragment, ...]:
        return self.log + rendered_log(events)

    @property
    def game_id(self) -> str:
        return self.meta.game_id


REFOLDS = Counter("echo_engine_refolds_total", "Games read back from the stream and folded: not cached here, "
                  "or changed by another replica since")
CAPACITY = 10_000  # a long game (~90 ticks) takes ~26 KiB here: ~260 MiB for 10 000 of them


def rendered_log(events: Iterable[Event]) -> tuple[orjson.Fragment, ...]:
    """The view's log entries of these events' ticks, as JSON that `orjson` writes out as it is. Copied out
    of what `orjson.dumps` returns: its bytes keep the 4 KiB buffer they were written in (measured: 4 KiB
    of memory per entry kept, ~200 B copied)."""
    return tuple(orjson.Fragment(bytes(memoryview(orjson.dumps(log_entry(e)))))
                 for e in events if isinstance(e, TickResolved))


def without_log(state: GameState) -> GameState:
    return state._replace(log=())


class GameStore:
    def __init__(self, js: JetStreamContext, nc: Client, capacity: int = CAPACITY) -> None:
        self._js = js
        self._nc = nc
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
        messages = await read_subject(self._nc, GAMES.name, game_events(game_id))
        envelopes = [envelope for message in messages for envelope in decode(message.data).events]
        return envelopes, messages[-1].sequence if messages else 0

    async def refold(self, game_id: str) -> LoadedGame | None:
        """Read the game's whole subject and fold it; None when the game does not exist."""
        REFOLDS.inc()
        self._cache.pop(game_id)
        envelopes, sequence = await self.history(game_id)
        if not envelopes:
            return None
        events = [unwrap(envelope) for envelope in envelopes]
        meta = events[0]
        if not isinstance(meta, GameCreated):
            raise ValueError(f"game {game_id} does not start with GameCreated")
        state = rules.fold(events[1:])
        loaded = LoadedGame(meta=meta, state=without_log(state), version=envelopes[-1].version,
                            last_sequence=sequence, command_ids={e.causation_id for e in envelopes if e.causation_id},
                            log=rendered_log(state.log))
        self._remember(loaded)
        return loaded

    async def create(self, meta: GameCreated, state: GameState, events: list[Event], command_id: str,
                     at: datetime) -> LoadedGame:
        """Open a new game subject with `rules.start`'s state and events; AppendConflict if it exists."""
        loaded = LoadedGame(meta=meta, state=without_log(state), version=0, last_sequence=0)
        return await self._append(loaded, [meta, *events], command_id, at, new_state=state)

    async def append(self, game: LoadedGame, events: list[Event], command_id: str, at: datetime) -> LoadedGame:
        """Append a command's events after the game's last message; AppendConflict if it moved on."""
        state = game.state
        for event in events:
            state = rules.evolve(state, event)
        return await self._append(game, events, command_id, at, new_state=state)

    async def _append(self, game: LoadedGame, events: list[Event], command_id: str, at: datetime,
                      new_state: GameState) -> LoadedGame:
        envelopes = tuple(
            wrap(event, event_id=uuid.uuid4().hex, stream_id=game.game_id, version=game.version + n,
                 occurred_at=at, correlation_id=command_id, causation_id=command_id)
            for n, event in enumerate(events, start=1)
        )
        try:
            appended = await append(
                self._js, GAMES.name, game_subject(game.game_id, (e.event_type for e in envelopes)),
                Batch(events=envelopes), msg_id=f"{game.game_id}:{command_id}",
                expected_last_sequence=game.last_sequence, aggregate=game_events(game.game_id),
            )
        except BaseException:
            self._cache.pop(game.game_id)
            raise
        if appended.duplicate:
            # the same command landed before (a retry): the stream, not this decision, is the truth
            fresh = await self.refold(game.game_id)
            assert fresh is not None
            return fresh
        loaded = LoadedGame(meta=game.meta, state=without_log(new_state), version=game.version + len(events),
                            last_sequence=appended.sequence, command_ids={*game.command_ids, command_id},
                            log=game.with_events(events))
        self._remember(loaded)
        return loaded

    def _remember(self, game: LoadedGame) -> None:
        self._cache.put(game.game_id, game)

    def forget(self, game_id: str) -> None:
        self._cache.pop(game_id)

    async def exists(self, game_id: str) -> bool:
        return await last_message(self._js, GAMES.name, game_events(game_id)) is not None
