"""Reading the daily service's facts from the DAILY stream: today's Daily of a league, and whether a
Daily is over. Both go by facts only — a Daily's close event and its closing time — so neither a
deduplicated expiry nor a daily service still catching up on past Dailies at its start can keep one open."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from echo_events.daily import DailyClosed, DailyPublished, closed_subject, published_subject
from echo_events.envelope import decode, unwrap
from echo_events.moscow import midnight_msk
from echo_events.streams import DAILY
from echo_runtime.append import last_message
from nats.js import JetStreamContext


async def _last(js: JetStreamContext, subject: str):  # noqa: ANN202 - the event or None
    raw = await last_message(js, DAILY.name, subject)
    return None if raw is None else unwrap(decode(raw.data).events[-1])


async def current_daily(js: JetStreamContext, league: str, now: datetime) -> DailyPublished | None:
    """The league's latest Daily, unless it is over already (None between a close and a publish, and while
    the daily service publishes past Dailies it missed)."""
    published = await _last(js, published_subject(league))
    if not isinstance(published, DailyPublished):
        return None
    if await daily_over(js, league, published.date, now):
        return None
    return published


def closes_at(daily_date: date) -> datetime:
    """A Daily closes at the midnight (MSK) that ends its day."""
    return midnight_msk(daily_date + timedelta(days=1))


async def daily_over(js: JetStreamContext, league: str, daily_date: date, now: datetime) -> bool:
    return now >= closes_at(daily_date) or await daily_closed(js, league, daily_date)


async def daily_closed(js: JetStreamContext, league: str, daily_date: date) -> bool:
    closed = await _last(js, closed_subject(league))
    return isinstance(closed, DailyClosed) and closed.date >= daily_date
