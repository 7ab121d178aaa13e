"""Publishing the schedule to the DAILY stream exactly once: with two replicas, after a downtime, and long
after the stream's duplicate window.

The checkpoint is the stream itself. Only this service writes to DAILY, and every message it writes is
an item of the pure schedule, with the item's `msg_id` as `Nats-Msg-Id`. One round:

1. read the stream's tip: its last sequence S and that message's `Nats-Msg-Id` (none: an empty stream);
2. `resume(tip id, now)` — the schedule's items after the tip, up to now, in order (a catch-up after a
   downtime is just a long list);
3. publish them one by one, each with `Nats-Expected-Last-Sequence` = the sequence the previous write
   got (S for the first): the server stores a message only if nothing else was stored since, so each
   write is a compare-and-set on the whole stream. Since item k+1 is a pure function of item k, whoever
   wins a race writes exactly the message the loser would have written;
4. a loser gets "wrong last sequence" (10071) and starts over from step 1, which skips what the winner
   wrote. `Nats-Msg-Id` dedup is a second guard (a duplicate ack is not counted as written).

Step 3's guard does not depend on the duplicate window, so a replica that read the tip, stalled for an
hour and woke up still cannot append a stale copy. Then the loop sleeps until `next_due_at` (capped, so a
wall-clock correction is noticed) or until the dev clock moves.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta

import structlog
from echo_events.daily import STREAM, DailyClosed, DailyPublished, DailyWarning, LeagueWeekClosed
from echo_events.envelope import Batch, encode, wrap
from echo_events.model import Event
from echo_runtime.clock import Clock
from nats.js import JetStreamContext
from nats.js.errors import APIError
from prometheus_client import Counter

from .announcer import announce_latest
from .schedule import Due, ScheduleConfig, instant_of, next_due_at, resume

log = structlog.get_logger(__name__)

WRONG_LAST_SEQUENCE = 10071
#: How many foreign messages at the stream's tip are skipped before giving up (something is very wrong).
MAX_FOREIGN_AT_TIP = 100
#: The longest single sleep: a wall-clock correction (NTP) is noticed within this many seconds.
MAX_SLEEP_SECONDS = 30.0
#: Items scheduled longer ago than this are a catch-up (after a downtime, or a first start long after the
#: launch): they are counted in one log line per round instead of a line each.
CATCH_UP_AGE = timedelta(hours=1)
_EVENT_ID_NAMESPACE = uuid.UUID("6f0c2a64-5d0e-4d39-9a49-3f0f2d1c7e11")
#: Position of each event in its Daily's own history (the aggregate `stream_id` = the daily id).
_DAILY_VERSIONS = {"warning_30min": 2, "countdown_10min": 3}

PUBLISHED = Counter(
    "echo_daily_events_published", "Schedule items this replica wrote to DAILY", ["event_type"]
)
RACES_LOST = Counter("echo_daily_races_lost", "Writes refused because another replica wrote first")


class ForeignMessage(RuntimeError):
    """DAILY's last messages are not the schedule's: something else writes to the stream."""


class Raced(Exception):
    """Another writer appended to DAILY after our tip was read: read the tip again."""


@dataclass(frozen=True, slots=True)
class Tip:
    sequence: int  # the stream sequence of DAILY's last message; 0 for an empty stream
    msg_id: str | None


def batch_of(item: Due) -> Batch:
    """The wire form of a schedule item: deterministic, so every replica writes the very same bytes."""
    stream_id, version = aggregate_of(item.event)
    envelope = wrap(
        item.event,
        event_id=uuid.uuid5(_EVENT_ID_NAMESPACE, item.msg_id).hex,
        stream_id=stream_id,
        version=version,
        occurred_at=item.at,
        correlation_id=stream_id,
    )
    return Batch(events=(envelope,))


def aggregate_of(event: Event) -> tuple[str, int]:
    """(stream_id, version): a Daily's history is published 1, warning 2, countdown 3, closed 4."""
    if isinstance(event, DailyPublished):
        return event.daily_id, 1
    if isinstance(event, DailyWarning):
        return event.daily_id, _DAILY_VERSIONS[event.kind]
    if isinstance(event, DailyClosed):
        return event.daily_id, 4
    if isinstance(event, LeagueWeekClosed):
        return f"week:{event.week_start.isoformat()}", 1
    raise TypeError(f"not a schedule event: {type(event).__name__}")


async def read_tip(js: JetStreamContext) -> Tip:
    """DAILY's last sequence, and the msg id of its last *schedule* message. A message that is not the
    schedule's (no or a foreign Nats-Msg-Id, e.g. one an operator published by hand) is skipped with a
    warning: it cannot move the schedule, and the write guard still uses the true last sequence."""
    info = await js.stream_info(STREAM)
    last = info.state.last_seq
    first = max(info.state.first_seq, 1)
    seq = last
    while seq >= first:
        message = await js.get_msg(STREAM, seq=seq, direct=True)
        msg_id = (message.headers or {}).get("Nats-Msg-Id")
        if msg_id and is_schedule_id(msg_id):
            return Tip(last, msg_id)
        if last - seq >= MAX_FOREIGN_AT_TIP:
            raise ForeignMessage(f"the last {MAX_FOREIGN_AT_TIP} messages of {STREAM} are not the schedule's")
        log.warning("DAILY holds a message that is not the schedule's", seq=seq, subject=message.subject,
                    msg_id=msg_id)
        seq -= 1
    return Tip(last, None)


def is_schedule_id(msg_id: str) -> bool:
    try:
        instant_of(msg_id)
    except ValueError:
        return False
    return True


async def publish_item(js: JetStreamContext, item: Due, expected_last_sequence: int) -> int | None:
    """Append one item if the stream's last sequence is still `expected_last_sequence`. Returns the new
    sequence, or None when the server reports the msg id as a duplicate (nothing was written); raises
    `Raced` when someone else appended first."""
    headers = {
        "Nats-Msg-Id": item.msg_id,
        "Nats-Expected-Last-Sequence": str(expected_last_sequence),
        "Echo-Event-Types": item.event.event_type,
    }
    try:
        ack = await js.publish(item.subject, encode(batch_of(item)), stream=STREAM, headers=headers)
    except APIError as error:
        if error.err_code == WRONG_LAST_SEQUENCE:
            raise Raced(item.msg_id) from error
        raise
    if ack.duplicate:
        return None
    return ack.seq


class DailyPublisher:
    def __init__(
        self, js: JetStreamContext, clock: Clock, config: ScheduleConfig, *, replica: str = ""
    ) -> None:
        self._js = js
        self._clock = clock
        self._config = config
        self._replica = replica
        self._wake = asyncio.Event()
        self._stopping = False
        self.written = 0  # items this publisher wrote (for tests and logs)
        self.caught_up_to: datetime | None = None  # the `now` of the last finished round
        subscribe = getattr(clock, "subscribe", None)
        if subscribe is not None:  # the dev clock: wake up when it moves
            subscribe(self._wake.set)

    def wake(self) -> None:
        self._wake.set()

    def stop(self) -> None:
        self._stopping = True
        self._wake.set()

    async def run(self) -> None:
        while not self._stopping:
            self._wake.clear()  # a wake-up from here on (a clock move mid-round) starts another round
            as_of = await self.publish_due()
            await announce_latest(self._js)  # the seed-free copy the gateway reads (announcer.py)
            wake_at = next_due_at(as_of, self._config)
            delay = (wake_at - self._clock.now()).total_seconds()
            if delay > 0:
                await self._sleep(min(delay + 0.001, MAX_SLEEP_SECONDS))

    async def _sleep(self, seconds: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), timeout=seconds)

    async def publish_due(self) -> datetime:
        """Publish everything due now (one round, retried after a lost race). Returns the instant it
        caught up to: nothing scheduled at or before it is left unpublished."""
        while True:
            tip = await read_tip(self._js)
            now = self._clock.now()
            items = resume(tip.msg_id, now, self._config)
            sequence = tip.sequence
            caught_up: list[Due] = []
            try:
                for item in items:
                    written = await publish_item(self._js, item, sequence)
                    if written is None:
                        log.info("schedule item already in the stream", msg_id=item.msg_id)
                        continue
                    sequence = written
                    self.written += 1
                    PUBLISHED.labels(item.event.event_type).inc()
                    if now - item.at > CATCH_UP_AGE:
                        caught_up.append(item)
                        continue
                    log.info("published", msg_id=item.msg_id, subject=item.subject, seq=sequence,
                             scheduled_at=item.at.isoformat(), replica=self._replica)
            except Raced as race:
                RACES_LOST.inc()
                log.info("another replica published first; reading the stream again", msg_id=str(race),
                         replica=self._replica)
                continue
            finally:
                if caught_up:
                    log.info("published past schedule items", items=len(caught_up), first=caught_up[0].msg_id,
                             last=caught_up[-1].msg_id, replica=self._replica)
            self.caught_up_to = now
            return now
