"""A game's deadlines as JetStream message schedules (ADR-51, nats-server >= 2.12), in the TIMERS stream: at
its time the server publishes a schedule's body (a `TimerFired`) on `echo.timer.fired.<id>`, which one durable
consumer shared by every engine replica turns back into a command. Schedules are stored in the stream, so they
survive a restart of any engine and of NATS; a new schedule on a subject replaces the one there.

A table game keeps one schedule, never later than its earliest deadline (`NEXT`, `echo.timer.set.<id>.next`),
written only when a change brings its earliest deadline *sooner*. Every write to a stream is an fsync, and a
stream writes one message at a time: writing the schedule at every change that moved a deadline cost a Ghost
Five turn ~250 µs of its round trip and the engine a JetStream write per command, although most changes move
deadlines later (a clock stops, a turn opens, a step passes). A schedule left for a deadline the game no longer
wants fires as a *wake-up*: the game's deadline due by then runs, or none does, and either way its schedule
is written again for its earliest (`Tables.fire`): a fired schedule is gone from the stream, so its firing
leaves the game *unsure* until then. A wake-up costs a firing where the old way cost a write at every change
(one in a Ghost Five turn, against three or four). A lobby's close keeps a subject of its own name
(`schedule`).

nats-server fires one schedule on time, but when several are due together it releases them about every
250 ms (measured on 2.15: twelve deadlines 37 ms apart came 40–270 ms late). So the replica that changes a
game arms a timer of its own in the event loop for each of its deadlines due within `LOCAL_HORIZON`, which
fires the same `TimerFired` on time; whichever of the two comes second is the same server command id
(`!timer:<name>:<at>`) and changes nothing, and a deadline replaced meanwhile is no longer wanted, so it does
not run. The schedule stays the durable one: it still fires when this replica is gone.

A command's schedule is written while its append is in flight (`alongside`), not after its ack: the command
is answered once both are stored. The append may lose a race to another replica (or fail): its schedule was
then for a state the game never reached, and may have replaced the winner's. The game's schedule is then
*unsure* until this replica writes it again from the game as the stream holds it — the next attempt's
`alongside`, or `correct` when the command ends without an append. Its own timers are armed only once both
writes are stored. While a game is not unsure, its stored schedule is due no later than the earliest deadline
of the game's state as the stream holds it (or has fired, and its firing, on its way, will write it again)."""

from __future__ import annotations

import asyncio
import math
import re
from collections.abc import Awaitable, Callable, Iterable
from datetime import UTC, datetime
from typing import TypeVar

import structlog
from echo_events.game_rules import Deadline
from echo_events.play import TimerFired
from echo_events.streams import TIMERS, timer_fired_subject, timer_schedule_subject
from echo_runtime.clock import Clock
from echo_runtime.consumer import ConsumerSpec
from nats.js import JetStreamContext

log = structlog.get_logger(__name__)
T = TypeVar("T")
NAME = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
NEXT = "next"  # the subject token of a table game's one schedule (a deadline's name is its body's)
LOCAL_HORIZON = 600.0  # seconds: deadlines due sooner are also armed in this replica's event loop
FIRED_CONSUMER = ConsumerSpec(stream=TIMERS.name, durable="engine-timers", filter_subject="echo.timer.fired.>",
                              description="A game's deadline fired: its command goes to the game's rules "
                                          "(stale when the game moved on).", message=TimerFired)


def schedule_time(at: datetime) -> str:
    """`@at` in RFC 3339 to the millisecond (nats-server 2.15 fires it within a few ms), rounded up, so a
    deadline never fires before its time. Whole seconds made a deadline up to a second late."""
    millis = math.ceil(round(at.timestamp() * 1000, 3))
    moment = datetime.fromtimestamp(millis / 1000, UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{millis % 1000:03d}Z"


def earliest(deadlines: Iterable[Deadline]) -> Deadline | None:
    """The deadline due first (of two due together, the first by name)."""
    return min(deadlines, key=lambda d: (d.at, d.name), default=None)


def sooner(first: Deadline | None, was: Deadline | None) -> bool:
    """Whether a game whose earliest deadline was `was` needs its schedule written for `first`: it wants one
    now and wanted none (its schedule, if any, is of an older state), or `first` is due before `was`. A later
    or no deadline keeps the stored schedule, which then fires as a wake-up (`Tables.fire`)."""
    return first is not None and (was is None or first.at < was.at)


def due(wanted: Iterable[Deadline], fired: TimerFired, now: datetime) -> Deadline | None:
    """The deadline a firing runs: the one fired, while the game still wants it (its name and time), else the
    game's earliest if it is due by `now` (a wake-up: the schedule was left for a deadline the game moved past;
    or it came late); None: nothing is due."""
    wanted = list(wanted)
    for deadline in wanted:
        if deadline.name == fired.name and utc_text(deadline.at) == fired.at:
            return deadline
    first = earliest(wanted)
    return first if first is not None and first.at <= now else None


def utc_text(at: datetime) -> str:
    """A deadline's time as its `TimerFired` body says it (and its command id)."""
    return at.astimezone(UTC).isoformat()


class Timers:
    def __init__(self, js: JetStreamContext, clock: Clock | None = None) -> None:
        self._js = js
        self._clock = clock
        self._armed: dict[tuple[str, str], asyncio.TimerHandle] = {}
        self._firing: set[asyncio.Task[None]] = set()
        self._unsure: set[str] = set()  # games whose schedule may not be what they want
        self._closed = False  # shutting down: the schedules fire what comes due from now on
        #: what fires a deadline this replica armed (the engine's own path for a fired schedule); None: only
        #: the schedules fire
        self.on_local: Callable[[TimerFired], Awaitable[None]] | None = None

    async def schedule(self, game_id: str, deadlines: Iterable[Deadline]) -> None:
        """Each deadline's schedule on a subject of its own name, stored (all at once) before this returns."""
        async def one(deadline: Deadline) -> None:
            body = await self._publish(game_id, deadline, deadline.name)
            self._arm(body, deadline.at)

        await asyncio.gather(*(one(deadline) for deadline in deadlines))

    async def update(self, game_id: str, before: Iterable[Deadline], after: Iterable[Deadline]) -> None:
        """A table game's deadlines went from `before` to `after` (its events are stored): its schedule is
        written when its earliest deadline came sooner (or it is unsure); this replica's own timers follow."""
        await self.alongside(game_id, before, after, None)

    async def alongside(self, game_id: str, before: Iterable[Deadline], after: Iterable[Deadline],
                        append: Awaitable[T] | None) -> T | None:
        """`append` — of the events that take the game's deadlines from `before` to `after` — with the
        schedule `update` would write in flight at the same time; returns once both are stored. When either
        fails, the game's schedule is unsure (the first error is raised)."""
        before, after = list(before), list(after)
        first, unsure = earliest(after), game_id in self._unsure
        if not unsure and not sooner(first, earliest(before)):  # the stored schedule fires early enough
            appended = None if append is None else await append
        else:  # the schedule goes out first: it is the longer write, and the append's own work overlaps it
            outcomes = await asyncio.gather(self._write(game_id, first), *([] if append is None else [append]),
                                            return_exceptions=True)
            for outcome in outcomes:
                if isinstance(outcome, BaseException):
                    self._unsure.add(game_id)
                    raise outcome
            appended = outcomes[1] if append is not None else None
        self._unsure.discard(game_id)
        for gone in {d.name for d in before} - {d.name for d in after}:
            self._disarm(game_id, gone)
        for deadline in after:
            if deadline not in before or unsure:
                self._arm(self._body(game_id, deadline), deadline.at)
        return appended

    def arm(self, fired: TimerFired, at: datetime) -> None:
        """A calendar's deadline whose schedule came back before its time by this replica's clock: armed here, within
        `LOCAL_HORIZON` (the game's schedule, gone with its firing, is written again at its next change)."""
        self._arm(fired, at)

    def doubt(self, game_id: str) -> None:
        """The game's schedule may not be what it wants: written for a decision that did not stand, or fired
        (and so gone)."""
        self._unsure.add(game_id)

    def settle(self, game_id: str) -> None:
        """The game's schedule is to stay as it is (a firing its rules refused would only fire again)."""
        self._unsure.discard(game_id)

    async def correct(self, game_id: str, wanted: Iterable[Deadline]) -> None:
        """An unsure schedule written again from the deadlines the game wants (`wanted`, of the game as the
        stream holds it): its earliest, or none. Nothing when the game's schedule is not unsure."""
        if game_id not in self._unsure:
            return
        await self._write(game_id, earliest(wanted))
        self._unsure.discard(game_id)

    async def _write(self, game_id: str, first: Deadline | None) -> None:
        if first is not None:
            await self._publish(game_id, first, NEXT)
        else:
            await self._js.purge_stream(TIMERS.name, subject=timer_schedule_subject(game_id, NEXT))

    def _body(self, game_id: str, deadline: Deadline) -> TimerFired:
        if not NAME.match(deadline.name):
            raise ValueError(f"deadline name {deadline.name!r} must match {NAME.pattern}")
        return TimerFired(game_id=game_id, name=deadline.name, at=utc_text(deadline.at),
                          command=dict(deadline.command))

    async def _publish(self, game_id: str, deadline: Deadline, subject_name: str) -> TimerFired:
        body = self._body(game_id, deadline)
        await self._js.publish(
            timer_schedule_subject(game_id, subject_name), body.model_dump_json().encode(), stream=TIMERS.name,
            headers={"Nats-Schedule": f"@at {schedule_time(deadline.at)}",
                     "Nats-Schedule-Target": timer_fired_subject(game_id)})
        return body

    def _arm(self, body: TimerFired, at: datetime) -> None:
        if self.on_local is None or self._clock is None or self._closed:
            return
        delay = (at - self._clock.now()).total_seconds()
        key = (body.game_id, body.name)
        self._disarm(*key)
        if delay <= LOCAL_HORIZON:
            self._armed[key] = asyncio.get_running_loop().call_later(max(0.0, delay), self._fire, key, body)

    def _disarm(self, game_id: str, name: str) -> None:
        handle = self._armed.pop((game_id, name), None)
        if handle is not None:
            handle.cancel()

    def _fire(self, key: tuple[str, str], body: TimerFired) -> None:
        self._armed.pop(key, None)
        assert self.on_local is not None
        task = asyncio.create_task(self.on_local(body))
        self._firing.add(task)
        task.add_done_callback(self._fired)

    def _fired(self, task: asyncio.Task[None]) -> None:
        self._firing.discard(task)
        if not task.cancelled() and task.exception() is not None:  # the schedule fires it again
            log.warning("a deadline's own timer failed", error=repr(task.exception()))

    async def close(self) -> None:
        """No more of this replica's own timers: those armed are dropped, those firing finished (their
        decisions arm nothing new)."""
        self._closed = True
        for handle in self._armed.values():
            handle.cancel()
        self._armed.clear()
        if self._firing:
            await asyncio.wait(self._firing, timeout=10)
