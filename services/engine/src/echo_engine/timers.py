"""A game's deadlines as JetStream message schedules (ADR-51, nats-server >= 2.12): the schedule of deadline
`<name>` of game `<id>` lives on `echo.timer.set.<id>.<name>` in the TIMERS stream; at its time the server
publishes its body (a `TimerFired`) on `echo.timer.fired.<id>`, which one durable consumer shared by every
engine replica turns back into a command. Schedules are stored in the stream, so they survive a restart of
any engine and of NATS; a new deadline of the same name replaces the old one (one schedule per subject)."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from datetime import UTC, datetime

from echo_events.game_rules import Deadline
from echo_events.play import TimerFired
from echo_events.streams import TIMERS, timer_fired_subject, timer_schedule_subject
from echo_runtime.consumer import ConsumerSpec
from nats.js import JetStreamContext

NAME = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
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
    def __init__(self, js: JetStreamContext) -> None:
        self._js = js

    async def schedule(self, game_id: str, deadlines: Iterable[Deadline]) -> None:
        for deadline in deadlines:
            if not NAME.match(deadline.name):
                raise ValueError(f"deadline name {deadline.name!r} must match {NAME.pattern}")
            body = TimerFired(game_id=game_id, name=deadline.name, at=deadline.at.astimezone(UTC).isoformat(),
                              command=dict(deadline.command))
            await self._js.publish(
                timer_schedule_subject(game_id, deadline.name), body.model_dump_json().encode(), stream=TIMERS.name,
                headers={"Nats-Schedule": f"@at {schedule_time(deadline.at)}",
                         "Nats-Schedule-Target": timer_fired_subject(game_id)})


def changed(before: Iterable[Deadline], after: Iterable[Deadline]) -> list[Deadline]:
    """The deadlines of `after` that are new or moved since `before` (the others are scheduled already)."""
    known = list(before)
    return [d for d in after if d not in known]
