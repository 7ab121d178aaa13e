"""In-memory stand-ins for the pipeline's ports (echo_engine.bootstrap): a store that keeps each game's
batches as JetStream would (one sequence, a command id stored once, an append after the wrong message refused
as a conflict), a publisher that keeps the updates, a scheduler whose deadlines fire when the test says, and a
clock that moves only when the test moves it."""

from __future__ import annotations

from collections.abc import Awaitable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from echo_engine.outbox import Update
from echo_engine.store import LoadedGame
from echo_engine.timers import earliest, utc_text
from echo_events.game_rules import Deadline
from echo_events.model import Event
from echo_events.play import TimerFired
from echo_runtime.append import AppendConflict


class FixedClock:
    def __init__(self, start: datetime = datetime(2026, 12, 6, 12, tzinfo=UTC)) -> None:
        self.at = start

    def now(self) -> datetime:
        return self.at

    def advance(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)


@dataclass
class Stored:
    sequence: int
    events: list[Event]
    command_id: str


@dataclass
class InMemoryStore:
    """Games as batches in one sequence; the cache is what this replica last saw of each."""

    batches: dict[str, list[Stored]] = field(default_factory=dict)
    cache: dict[str, LoadedGame] = field(default_factory=dict)
    sequence: int = 0
    conflicts: int = 0

    async def load(self, game_id: str) -> LoadedGame | None:
        return self.cache.get(game_id) or await self.refold(game_id)

    def cached(self, game_id: str) -> LoadedGame | None:
        return self.cache.get(game_id)

    async def refold(self, game_id: str) -> LoadedGame | None:
        stored = self.batches.get(game_id)
        if not stored:
            return None
        events = [event for batch in stored for event in batch.events]
        game = LoadedGame.opening(events[0]).advanced(events[1:])
        game.version, game.last_sequence = len(events), stored[-1].sequence
        game.command_ids = {batch.command_id for batch in stored}
        self.cache[game_id] = game
        return game

    def events(self, game_id: str) -> list[Event]:
        return [event for batch in self.batches.get(game_id, []) for event in batch.events]

    async def append(self, game: LoadedGame, events: list[Event], command_id: str, at: datetime,
                     after: LoadedGame | None = None) -> LoadedGame:
        stored = self.batches.setdefault(game.game_id, [])
        if any(batch.command_id == command_id for batch in stored):  # a retry: the stream's game stands
            return await self.refold(game.game_id)  # type: ignore[return-value]
        if (stored[-1].sequence if stored else 0) != game.last_sequence:
            self.conflicts += 1
            self.cache.pop(game.game_id, None)
            raise AppendConflict(game.game_id)
        self.sequence += 1
        stored.append(Stored(self.sequence, list(events), command_id))
        after = after or game.advanced(events)
        after.version, after.last_sequence = game.version + len(events), self.sequence
        after.command_ids = {*game.command_ids, command_id}
        self.cache[game.game_id] = after
        return after

    async def elsewhere(self, game_id: str, events: list[Event], command_id: str) -> None:
        """Another replica appends: this one's cache is a step behind."""
        cached = self.cache.get(game_id)
        await self.append(await self.refold(game_id), events, command_id, datetime.now(UTC))  # type: ignore[arg-type]
        if cached is not None:
            self.cache[game_id] = cached

    def forget(self, game_id: str) -> None:
        self.cache.pop(game_id, None)

    async def is_current(self, game: LoadedGame) -> bool:
        stored = self.batches.get(game.game_id)
        return bool(stored) and stored[-1].sequence == game.last_sequence

    async def purge(self, game_id: str) -> None:
        self.batches.pop(game_id, None)
        self.cache.pop(game_id, None)


@dataclass
class RecordingPublisher:
    updates: list[Update] = field(default_factory=list)

    async def publish(self, update: Update) -> None:
        self.updates.append(update)

    def of(self, account_id: str) -> list[Update]:
        return [update for update in self.updates if update.account_id == account_id]


@dataclass
class ManualScheduler:
    """Each game's schedule: its earliest wanted deadline, fired by `due` when the clock has passed it."""

    schedules: dict[str, Deadline] = field(default_factory=dict)
    unsure: set[str] = field(default_factory=set)

    def _write(self, game_id: str, deadlines: Iterable[Deadline]) -> None:
        first = earliest(deadlines)
        if first is None:
            self.schedules.pop(game_id, None)
        else:
            self.schedules[game_id] = first

    async def alongside(self, game_id: str, before: Iterable[Deadline], after: Iterable[Deadline],
                        append: Awaitable[Any] | None) -> Any:
        self._write(game_id, after)
        return None if append is None else await append

    async def update(self, game_id: str, before: Iterable[Deadline], after: Iterable[Deadline]) -> None:
        self._write(game_id, after)

    async def correct(self, game_id: str, wanted: Iterable[Deadline]) -> None:
        if game_id in self.unsure:
            self._write(game_id, wanted)
            self.unsure.discard(game_id)

    def doubt(self, game_id: str) -> None:
        self.unsure.add(game_id)

    def settle(self, game_id: str) -> None:
        self.unsure.discard(game_id)

    def arm(self, fired: TimerFired, at: datetime) -> None:
        """The replica's own timer, standing in for the schedule that came back early."""
        self.schedules[fired.game_id] = Deadline(fired.name, at, fired.command)

    async def schedule(self, game_id: str, deadlines: Iterable[Deadline]) -> None:
        self._write(game_id, deadlines)

    def due(self, now: datetime) -> list[TimerFired]:
        """The schedules whose time has come, as the server would fire them (each gone once fired)."""
        fired = [TimerFired(game_id=game_id, name=d.name, at=utc_text(d.at), command=dict(d.command))
                 for game_id, d in self.schedules.items() if d.at <= now]
        for timer in fired:
            del self.schedules[timer.game_id]
        return fired
