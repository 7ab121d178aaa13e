"""Reading the daily service's facts from the DAILY stream: today's Daily of a league, and whether a
Daily has closed."""

from __future__ import annotations

from datetime import date

from echo_events.daily import DailyClosed, DailyPublished, closed_subject, published_subject
from echo_events.envelope import decode, unwrap
from echo_events.streams import DAILY
from echo_runtime.append import last_message
from nats.js import JetStreamContext


async def _last(js: JetStreamContext, subject: str):  # noqa: ANN202 - the event or None
    raw = await last_message(js, DAILY.name, subject)
    return None if raw is None else unwrap(decode(raw.data).events[-1])


async def current_daily(js: JetStreamContext, league: str) -> DailyPublished | None:
    """The league's latest Daily, unless it has closed already (None between a close and a publish)."""
    published = await _last(js, published_subject(league))
    if not isinstance(published, DailyPublished):
        return None
    if await daily_closed(js, league, published.date):
        return None
    return published


async def daily_closed(js: JetStreamContext, league: str, daily_date: date) -> bool:
    closed = await _last(js, closed_subject(league))
    return isinstance(closed, DailyClosed) and closed.date >= daily_date
