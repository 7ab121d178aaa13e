"""Moscow time: UTC+3, no DST; the day turns at 21:00 UTC; league weeks are Monday–Sunday MSK."""

from datetime import UTC, date, datetime, timedelta, timezone

import pytest
from echo_events.moscow import (
    MSK,
    countdown_at,
    midnight_msk,
    moscow_date,
    next_midnight,
    warning_at,
    week_end,
    week_of,
)
from hypothesis import given
from hypothesis import strategies as st

pytestmark = pytest.mark.unit

instants = st.datetimes(
    min_value=datetime(2020, 1, 1), max_value=datetime(2100, 1, 1), timezones=st.just(UTC)
)


def test_msk_is_a_fixed_utc_plus_3():
    assert MSK.utcoffset(None) == timedelta(hours=3)
    # no DST: the same offset in winter and in summer
    assert datetime(2026, 1, 15, tzinfo=MSK).utcoffset() == datetime(2026, 7, 15, tzinfo=MSK).utcoffset()


def test_the_day_turns_at_21_utc_not_at_utc_midnight():
    assert moscow_date(datetime(2026, 11, 29, 20, 59, 59, 999999, tzinfo=UTC)) == date(2026, 11, 29)
    assert moscow_date(datetime(2026, 11, 29, 21, 0, tzinfo=UTC)) == date(2026, 11, 30)
    # at UTC midnight it has long been the next Moscow day; nothing turns there
    assert moscow_date(datetime(2026, 11, 29, 23, 59, tzinfo=UTC)) == date(2026, 11, 30)
    assert moscow_date(datetime(2026, 11, 30, 0, 0, tzinfo=UTC)) == date(2026, 11, 30)


def test_other_offsets_are_converted():
    tokyo = timezone(timedelta(hours=9))
    assert moscow_date(datetime(2026, 11, 30, 5, 59, tzinfo=tokyo)) == date(2026, 11, 29)
    assert moscow_date(datetime(2026, 11, 30, 6, 0, tzinfo=tokyo)) == date(2026, 11, 30)


def test_midnight_msk_is_21_utc_of_the_day_before():
    m = midnight_msk(date(2026, 11, 30))
    assert m == datetime(2026, 11, 29, 21, 0, tzinfo=UTC)
    assert m.utcoffset() == timedelta(0)


def test_next_midnight_is_strictly_after():
    assert next_midnight(datetime(2026, 11, 29, 20, 59, tzinfo=UTC)) == datetime(2026, 11, 29, 21, tzinfo=UTC)
    assert next_midnight(datetime(2026, 11, 29, 21, 0, tzinfo=UTC)) == datetime(2026, 11, 30, 21, tzinfo=UTC)
    assert next_midnight(datetime(2026, 11, 30, 0, 0, tzinfo=UTC)) == datetime(2026, 11, 30, 21, tzinfo=UTC)


def test_warning_and_countdown_times():
    assert warning_at(date(2026, 11, 29)) == datetime(2026, 11, 29, 20, 30, tzinfo=UTC)  # 23:30 MSK
    assert countdown_at(date(2026, 11, 29)) == datetime(2026, 11, 29, 20, 50, tzinfo=UTC)  # 23:50 MSK
    assert warning_at(date(2026, 11, 29)).astimezone(MSK).time().isoformat() == "23:30:00"
    assert moscow_date(countdown_at(date(2026, 11, 29))) == date(2026, 11, 29)


def test_naive_datetimes_are_refused():
    with pytest.raises(ValueError, match="aware"):
        moscow_date(datetime(2026, 11, 29, 12, 0))
    with pytest.raises(ValueError, match="aware"):
        next_midnight(datetime(2026, 11, 29, 12, 0))


def test_week_boundaries_monday_to_sunday_msk():
    # 2026-11-23 is a Monday, 2026-11-29 a Sunday
    for d in range(23, 30):
        assert week_of(date(2026, 11, d)) == date(2026, 11, 23)
        assert week_end(date(2026, 11, d)) == date(2026, 11, 29)
    assert week_of(date(2026, 11, 30)) == date(2026, 11, 30)
    # Sunday 23:59 MSK (20:59 UTC) is still the old week; Sunday 21:00 UTC is the new one
    assert week_of(moscow_date(datetime(2026, 11, 29, 20, 59, tzinfo=UTC))) == date(2026, 11, 23)
    assert week_of(moscow_date(datetime(2026, 11, 29, 21, 0, tzinfo=UTC))) == date(2026, 11, 30)


@given(instants)
def test_moscow_date_matches_shifting_by_three_hours(instant):
    assert moscow_date(instant) == (instant + timedelta(hours=3)).date()


@given(instants)
def test_next_midnight_brackets_the_instant(instant):
    m = next_midnight(instant)
    assert instant < m <= instant + timedelta(days=1)
    assert m.astimezone(MSK).time().isoformat() == "00:00:00"
    assert moscow_date(m) == moscow_date(instant) + timedelta(days=1)


@given(st.dates(min_value=date(2000, 1, 1), max_value=date(2100, 1, 1)))
def test_week_of_is_the_monday_at_or_before(day):
    monday = week_of(day)
    assert monday.weekday() == 0
    assert 0 <= (day - monday).days < 7
    assert week_end(day) - monday == timedelta(days=6)
    assert midnight_msk(day) < warning_at(day) < countdown_at(day) < midnight_msk(day + timedelta(days=1))
