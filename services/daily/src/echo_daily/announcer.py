"""Each league's latest Daily, announced without its seed on DAILY_PUBLIC (`daily.announced.<league>`): what
the gateway shows and tells players. The gateway may not read DAILY, whose DailyPublished carries the seed.

After every round of the publisher, for each league: if the last DailyPublished on DAILY is not the last
DailyAnnounced, append its announcement, expecting the announced subject's last sequence to be the one just
read. A replica that lost the race gets a conflict, or a duplicate (same `Nats-Msg-Id`), and leaves it:
whoever won wrote the same announcement. A crash between the two writes is repaired by the next round.
Only the latest Daily is announced: a catch-up after a downtime skips the days that are over.
"""

from __future__ import annotations

import uuid

import structlog
from echo_events.daily import (
    LEAGUES,
    PUBLIC_STREAM,
    STREAM,
    DailyAnnounced,
    DailyPublished,
    announced_subject,
    published_subject,
)
from echo_events.envelope import Batch, decode, unwrap, wrap
from echo_runtime.append import AppendConflict, append, last_message
from nats.js import JetStreamContext

log = structlog.get_logger(__name__)

_EVENT_ID_NAMESPACE = uuid.UUID("0d6a8f6e-3b5c-4f7e-9b1a-5c2e7d4a9f30")


def _last_event(message) -> object | None:  # noqa: ANN001 - a RawStreamMsg
    return unwrap(decode(message.data).events[-1]) if message is not None else None


def announcement_of(published: DailyPublished) -> Batch:
    msg_id = f"announced:{published.daily_id}"
    return Batch(events=(wrap(DailyAnnounced.of(published), event_id=uuid.uuid5(_EVENT_ID_NAMESPACE, msg_id).hex,
                              stream_id=published.daily_id, version=1, occurred_at=published.opens_at,
                              correlation_id=published.daily_id),))


async def announce_latest(js: JetStreamContext) -> int:
    """Announce each league's latest published Daily that is not announced yet; how many this call wrote."""
    written = 0
    for league in LEAGUES:
        published = _last_event(await last_message(js, STREAM, published_subject(league)))
        if not isinstance(published, DailyPublished):
            continue
        subject = announced_subject(league)
        tip = await last_message(js, PUBLIC_STREAM, subject)
        announced = _last_event(tip)
        if isinstance(announced, DailyAnnounced) and announced.daily_id == published.daily_id:
            continue
        try:
            appended = await append(js, PUBLIC_STREAM, subject, announcement_of(published),
                                    msg_id=f"announced:{published.daily_id}",
                                    expected_last_sequence=tip.seq if tip is not None else 0)
        except AppendConflict:
            log.info("another replica announced first", daily_id=published.daily_id)
            continue
        if not appended.duplicate:
            written += 1
            log.info("announced", daily_id=published.daily_id, subject=subject, seq=appended.sequence)
    return written
