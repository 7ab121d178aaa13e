"""Which Moscow day it is, as the Dailies say: every service asks here rather than its own wall clock, so
that all of them agree with the daily service (whose dev clock may run ahead of the wall) and with the
Daily a player can start.

Today is the date of the newest Daily (every league's Daily comes out at the same 00:00 MSK and Bronze has one
every day, so Bronze's subject is read: one direct get), from its seed-free `DailyAnnounced` in DAILY_PUBLIC —
a service that only needs the date has no business reading a live Daily's seed. Before the first Daily was published
— a fresh system, a test without a daily service — it is the Moscow date of the service's injected clock.

A service asks `DailiesToday`, which keeps the answer instead of a direct get per Echo start or league query
(all of them at once at midnight) and stays exact: it hears every new announcement on the subject as it is
published, and reads again once its clock's Moscow day is past the day it read on or the Daily it holds.
"""

from __future__ import annotations

import asyncio
import datetime as dt

from echo_events.daily import PUBLIC_STREAM, DailyAnnounced, announced_subject
from echo_events.envelope import decode, unwrap
from echo_events.moscow import moscow_date
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.js import JetStreamContext

from .append import last_message
from .clock import Clock

#: The subject read (direct get) and heard: a service that asks must be allowed
#: `$JS.API.DIRECT.GET.DAILY_PUBLIC.<it>` and to subscribe to it.
TODAY_SUBJECT = announced_subject("bronze")


def _announced_date(data: bytes) -> dt.date | None:
    for envelope in reversed(decode(data).events):
        if envelope.event_type == DailyAnnounced.event_type:
            return unwrap(envelope).date
    return None


async def newest_daily(js: JetStreamContext) -> dt.date | None:
    """The date of the newest Daily; None before there is one."""
    raw = await last_message(js, PUBLIC_STREAM, TODAY_SUBJECT)
    return None if raw is None else _announced_date(raw.data)


class DailiesToday:
    """The date of the newest Daily (the clock's Moscow date before there is one), kept. The newest Daily
    changes only by an announcement, and each one is heard here
    (it replaces the date at once, no read). A subscription hears nothing while its connection reconnects,
    so the kept date is also trusted only while the clock's Moscow day is not past the day it was learnt on
    (the next Daily is due at that midnight) nor past the Daily itself (a late Daily is read again on every
    ask until it is out)."""

    def __init__(self, nc: Client, js: JetStreamContext, clock: Clock) -> None:
        self._nc, self._js, self._clock = nc, js, clock
        self._listening: asyncio.Future | None = None
        self._learnt_on: dt.date | None = None  # the clock's Moscow day when `_newest` was read or heard
        self._newest: dt.date | None = None  # None: no Daily yet
        self._heard = 0  # announcements heard: a read begun before one does not keep its answer

    async def date(self) -> dt.date:
        day = moscow_date(self._clock.now())
        if self._trusted(day):
            return self._newest or day
        if self._listening is None:  # before the read, so that nothing published after it goes unheard
            self._listening = asyncio.ensure_future(self._nc.subscribe(TODAY_SUBJECT, cb=self._hear))
        await self._listening
        heard = self._heard
        newest = await newest_daily(self._js)
        if heard == self._heard:
            self._newest, self._learnt_on = newest, day
        return self._newest or day

    def _trusted(self, day: dt.date) -> bool:
        return (self._learnt_on is not None and day <= self._learnt_on
                and (self._newest is None or day <= self._newest))

    async def _hear(self, msg: Msg) -> None:
        try:
            announced = _announced_date(msg.data)
        except ValueError:  # not a Batch: the next ask reads the subject as dailies_today would
            announced = None
        if announced is None:
            self._learnt_on = None
        else:
            self._newest, self._learnt_on = announced, moscow_date(self._clock.now())
        self._heard += 1
