"""Moscow time, computed here and nowhere else: MSK = UTC+3, fixed, no daylight saving time.

Every instant that goes in or comes out is an aware datetime; instants that come out are in UTC.
A naive datetime is a programming error and raises `ValueError`.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta, timezone

MSK = timezone(timedelta(hours=3), "MSK")

#: The 30-minute warning before a Daily closes (echo-challenge.md §14).
WARNING_BEFORE = timedelta(minutes=30)
#: The countdown in the last 10 minutes of a Daily (echo-challenge.md §14).
COUNTDOWN_BEFORE = timedelta(minutes=10)


def _aware(instant: datetime) -> datetime:
    if instant.tzinfo is None or instant.utcoffset() is None:
        raise ValueError(f"an aware datetime is required, got naive {instant!r}")
    return instant


def moscow_date(instant: datetime) -> date:
    """The Moscow calendar date of an instant: 2026-11-29 21:00 UTC is already 2026-11-30 in Moscow."""
    return _aware(instant).astimezone(MSK).date()


def midnight_msk(day: date) -> datetime:
    """00:00 MSK of `day`, as an aware UTC datetime (21:00 UTC of the previous calendar day)."""
    return datetime.combine(day, time(0, 0), tzinfo=MSK).astimezone(UTC)


def next_midnight(instant: datetime) -> datetime:
    """The first 00:00 MSK strictly after `instant` (an instant exactly at midnight gets the next one)."""
    return midnight_msk(moscow_date(instant) + timedelta(days=1))


def week_of(day: date) -> date:
    """The Monday that starts the league week (Monday–Sunday, Moscow dates) holding `day`."""
    return day - timedelta(days=day.weekday())


def week_end(day: date) -> date:
    """The Sunday that ends the league week holding `day`."""
    return week_of(day) + timedelta(days=6)


def warning_at(day: date) -> datetime:
    """23:30 MSK on `day`: the 30-minute warning before the Daily of `day` closes (the night before the
    next Daily comes out), as an aware UTC datetime."""
    return midnight_msk(day + timedelta(days=1)) - WARNING_BEFORE


def countdown_at(day: date) -> datetime:
    """23:50 MSK on `day`: the start of the 10-minute countdown to the close of the Daily of `day`."""
    return midnight_msk(day + timedelta(days=1)) - COUNTDOWN_BEFORE
