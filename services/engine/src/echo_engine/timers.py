"""A game's deadlines as JetStream message schedules (ADR-51, nats-server >= 2.12): the schedule of deadline
`<name>` of game `<id>` lives on `echo.timer.set.<id>.<name>` in the TIMERS stream; at its time the server
publishes its body (a `TimerFired`) on `echo.timer.fired.<id>`, which one durable consumer shared by every
engine replica turns back into a command. Schedules are stored in the stream, so they survive a restart of
any engine and of NATS; a new deadline of the same name replaces the old one (one schedule per subject).

nats-server fires one schedule on time, but when several are due together it releases them about every
250 ms (measured on 2.15: twelve deadlines 37 ms apart came 40–270 ms late). So the replica that schedules a
deadline due within `LOCAL_HORIZON` also arms a timer of its own in the event loop, which fires the same
`TimerFired` on time; whichever of the two comes second is the same server command id (`!timer:<name>:<at>`)
and changes nothing, and a deadline replaced meanwhile is refused by the rules as stale. The schedule stays
the durable one: it still fires when this replica is gone.

A command's schedules are written while its append is in flight (`alongside`), not after its ack: the
command is answered once both are stored. The append may lose a race to another replica (or fail): its
schedules were then for a state the game never reached, and may have replaced the winner's (one schedule
per name). Their names stay *unsure* until this replica writes them again from the game as the stream
holds it — the next attempt's `alongside`, or `correct` when the command ends without an append."""

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


class Timers:
    def __init__(self, js: JetStreamContext, clock: Clock | None = None) -> None:
        self._js = js
        self._clock = clock
        self._armed: dict[tuple[str, str], asyncio.TimerHandle] = {}
        self._firing: set[asyncio.Task[None]] = set()
        self._unsure: dict[str, set[str]] = {}  # game → names of schedules that may not be what it wants
        #: what fires a deadline this replica armed (the engine's own path for a fired schedule); None: only
        #: the schedules fire
        self.on_local: Callable[[TimerFired], Awaitable[None]] | None = None

    async def schedule(self, game_id: str, deadlines: Iterable[Deadline]) -> None:
        """Each deadline's schedule, stored (all at once: they are on subjects of their own) before this returns."""
        await asyncio.gather(*(self._schedule(game_id, deadline) for deadline in deadlines))

    async def _schedule(self, game_id: str, deadline: Deadline) -> None:
        if not NAME.match(deadline.name):
            raise ValueError(f"deadline name {deadline.name!r} must match {NAME.pattern}")
        body = TimerFired(game_id=game_id, name=deadline.name, at=deadline.at.astimezone(UTC).isoformat(),
                          command=dict(deadline.command))
        await self._js.publish(
            timer_schedule_subject(game_id, deadline.name), body.model_dump_json().encode(), stream=TIMERS.name,
            headers={"Nats-Schedule": f"@at {schedule_time(deadline.at)}",
                     "Nats-Schedule-Target": timer_fired_subject(game_id)})
        self._arm(body, deadline.at)

    async def update(self, game_id: str, before: Iterable[Deadline], after: Iterable[Deadline]) -> None:
        """A game's deadlines went from `before` to `after` (its events are stored): the new or moved ones
        (and any unsure name) are scheduled; this replica's own timers of those it no longer wants are
        dropped (their schedules still fire, refused as stale)."""
        before, after = list(before), list(after)
        due, dropped = self._due(game_id, before, after)
        try:
            await self._write(game_id, due, dropped)
        except BaseException:
            self.doubt(game_id, {d.name for d in due} | dropped)
            raise
        self._settled(game_id, before, after)

    async def alongside(self, game_id: str, before: Iterable[Deadline], after: Iterable[Deadline],
                        append: Awaitable[T]) -> T:
        """`append` — of the events that take the game's deadlines from `before` to `after` — with the
        schedules `update` would write in flight at the same time; returns once both are stored. When either
        fails, what was scheduled is unsure (its append's error is raised)."""
        before, after = list(before), list(after)
        due, dropped = self._due(game_id, before, after)
        if not due and not dropped:
            appended = await append
        else:
            outcomes = await asyncio.gather(append, self._write(game_id, due, dropped), return_exceptions=True)
            for outcome in outcomes:
                if isinstance(outcome, BaseException):
                    self.doubt(game_id, {d.name for d in due} | dropped)
                    raise outcome
            appended = outcomes[0]
        self._settled(game_id, before, after)
        return appended

    def doubt(self, game_id: str, names: Iterable[str]) -> None:
        """These schedules of the game may not be what it wants (written for a decision that did not stand)."""
        self._unsure.setdefault(game_id, set()).update(names)

    async def correct(self, game_id: str, wanted: Iterable[Deadline]) -> None:
        """The game's unsure schedules written again from the deadlines it wants (`wanted`, of the game as the
        stream holds it): scheduled, or cancelled when it wants none of that name. Nothing when none is unsure."""
        unsure = self._unsure.pop(game_id, None)
        if not unsure:
            return
        due = [d for d in wanted if d.name in unsure]
        try:
            await self._write(game_id, due, unsure - {d.name for d in due})
        except BaseException:
            self.doubt(game_id, unsure)
            raise

    def _due(self, game_id: str, before: list[Deadline], after: list[Deadline]) -> tuple[list[Deadline], set[str]]:
        """What to write: the deadlines to schedule (new, moved or unsure) and the unsure names to cancel."""
        unsure = self._unsure.get(game_id, set())
        due = [d for d in after if d not in before or d.name in unsure]
        return due, unsure - {d.name for d in after}

    async def _write(self, game_id: str, due: list[Deadline], cancelled: Iterable[str]) -> None:
        await asyncio.gather(*(self._schedule(game_id, deadline) for deadline in due),
                             *(self._cancel(game_id, name) for name in cancelled))

    async def _cancel(self, game_id: str, name: str) -> None:
        self._disarm(game_id, name)
        await self._js.purge_stream(TIMERS.name, subject=timer_schedule_subject(game_id, name))

    def _settled(self, game_id: str, before: list[Deadline], after: list[Deadline]) -> None:
        self._unsure.pop(game_id, None)
        for gone in {d.name for d in before} - {d.name for d in after}:
            self._disarm(game_id, gone)

    def _disarm(self, game_id: str, name: str) -> None:
        handle = self._armed.pop((game_id, name), None)
        if handle is not None:
            handle.cancel()

    def _arm(self, body: TimerFired, at: datetime) -> None:
        if self.on_local is None or self._clock is None:
            return
        delay = (at - self._clock.now()).total_seconds()
        key = (body.game_id, body.name)
        self._disarm(*key)
        if delay <= LOCAL_HORIZON:
            self._armed[key] = asyncio.get_running_loop().call_later(max(0.0, delay), self._fire, key, body)

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
        for handle in self._armed.values():
            handle.cancel()
        self._armed.clear()
        if self._firing:
            await asyncio.wait(self._firing, timeout=10)

