"""Which Moscow day it is, as the Dailies say: every service asks here rather than its own wall clock, so
that all of them agree with the daily service (whose dev clock may run ahead of the wall) and with the
Daily a player can start.

Today is the date of the newest Daily (every league's Daily comes out at the same 00:00 MSK and Bronze has one
every day, so Bronze's subject is read: one direct get), from its seed-free `DailyAnnounced` in DAILY_PUBLIC —
a service that only needs the date has no business reading a live Daily's seed. Before the first Daily was published
— a fresh system, a test without a daily service — it is the Moscow date of the service's injected clock.
"""

from __future__ import annotations

import datetime as dt

from echo_events.daily import PUBLIC_STREAM, DailyAnnounced, announced_subject
from echo_events.envelope import decode, unwrap
from echo_events.moscow import moscow_date
from nats.js import JetStreamContext

from .append import last_message
from .clock import Clock

#: The subject read (direct get): a service that asks must be allowed `$JS.API.DIRECT.GET.DAILY_PUBLIC.<it>`.
TODAY_SUBJECT = announced_subject("bronze")


async def dailies_today(js: JetStreamContext, clock: Clock) -> dt.date:
    """The date of the newest Daily; the clock's Moscow date before there is one."""
    raw = await last_message(js, PUBLIC_STREAM, TODAY_SUBJECT)
    if raw is not None:
        for envelope in reversed(decode(raw.data).events):
            if envelope.event_type == DailyAnnounced.event_type:
                return unwrap(envelope).date
    return moscow_date(clock.now())
