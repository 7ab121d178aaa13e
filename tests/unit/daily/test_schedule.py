"""The schedule of due events: catch-up after downtime and dedup-able ids for two replicas."""

from collections import Counter
from datetime import UTC, date, datetime, timedelta

import pytest
from echo_daily.calendar import League, midnight_msk
from echo_daily.schedule import Due, ScheduleConfig, due, instant_of, next_due_at, resume
from echo_events.daily import (
    STREAM_SUBJECTS,
    DailyClosed,
    DailyPublished,
    DailyWarning,
    LeagueWeekClosed,
    subject_for,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from .conftest import LAUNCH, SECRET

pytestmark = pytest.mark.unit

CONFIG = ScheduleConfig(secret=SECRET, launch=LAUNCH)
N = len(League)


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


def ids(items: list[Due]) -> list[str]:
    return [d.msg_id for d in items]


def test_one_ordinary_midnight():
    # Friday 2026-11-27 20:55 UTC (23:55 MSK) → 21:00:00 UTC exactly
    items = due(utc(2026, 11, 27, 20, 55), utc(2026, 11, 27, 21, 0), CONFIG)
    assert ids(items) == [f"daily.closed:2026-11-27:{lg}" for lg in League] + [
        f"daily.published:2026-11-28:{lg}" for lg in League
    ]
    assert all(d.at == utc(2026, 11, 27, 21) for d in items)
    pub = items[N]
    assert isinstance(pub.event, DailyPublished) and pub.subject == "daily.published.bronze"
    assert pub.event.number == 28 and pub.event.date == date(2026, 11, 28)
    assert pub.event.opens_at == utc(2026, 11, 27, 21) and pub.event.closes_at == utc(2026, 11, 28, 21)
    assert isinstance(items[0].event, DailyClosed) and items[0].subject == "daily.closed.bronze"


def test_nothing_is_due_at_utc_midnight():
    assert due(utc(2026, 11, 27, 21, 0), utc(2026, 11, 28, 20, 29, 59), CONFIG) == []


def test_warning_and_countdown():
    items = due(utc(2026, 11, 28, 20, 0), utc(2026, 11, 28, 20, 59), CONFIG)
    assert ids(items) == [f"daily.warning:warning_30min:2026-11-28:{lg}" for lg in League] + [
        f"daily.warning:countdown_10min:2026-11-28:{lg}" for lg in League
    ]
    first, last = items[0].event, items[-1].event
    assert (
        isinstance(first, DailyWarning)
        and first.kind == "warning_30min"
        and first.at == utc(2026, 11, 28, 20, 30)
    )
    assert (
        isinstance(last, DailyWarning)
        and last.kind == "countdown_10min"
        and last.at == utc(2026, 11, 28, 20, 50)
    )
    assert first.closes_at == utc(2026, 11, 28, 21)
    assert {d.subject for d in items} == {"daily.warning"}


def test_the_week_closes_at_monday_midnight_after_sundays_dailies():
    # Sunday 2026-11-29 ends at 21:00 UTC
    items = due(utc(2026, 11, 29, 20, 55), utc(2026, 11, 29, 21, 0), CONFIG)
    assert ids(items) == (
        [f"daily.closed:2026-11-29:{lg}" for lg in League]
        + ["league.week.closed:2026-11-23"]
        + [f"daily.published:2026-11-30:{lg}" for lg in League]
    )
    week = items[N].event
    assert isinstance(week, LeagueWeekClosed)
    assert (week.week_start, week.week_end) == (date(2026, 11, 23), date(2026, 11, 29))
    assert items[N].subject == "league.week.closed"


def test_catch_up_after_three_days_down_gives_each_missed_event_once_in_order():
    last = utc(2026, 11, 27, 12, 0)  # Friday noon UTC
    now = utc(2026, 11, 30, 12, 0)  # Monday noon UTC: three midnights missed, one of them ending a week
    items = due(last, now, CONFIG)
    expected = []
    for d in (date(2026, 11, 27), date(2026, 11, 28), date(2026, 11, 29)):
        expected += [f"daily.warning:warning_30min:{d}:{lg}" for lg in League]
        expected += [f"daily.warning:countdown_10min:{d}:{lg}" for lg in League]
        expected += [f"daily.closed:{d}:{lg}" for lg in League]
        if d.weekday() == 6:
            expected += ["league.week.closed:2026-11-23"]
        expected += [f"daily.published:{d + timedelta(days=1)}:{lg}" for lg in League]
    assert ids(items) == expected
    assert len(set(ids(items))) == len(items)
    assert [d.at for d in items] == sorted(d.at for d in items)
    assert all(last < d.at <= now for d in items)


def test_before_launch_nothing_and_from_the_beginning():
    assert due(utc(2026, 10, 1), utc(2026, 10, 31, 20, 59), CONFIG) == []
    first = due(None, utc(2026, 10, 31, 21, 0), CONFIG)
    assert ids(first) == [f"daily.published:2026-11-01:{lg}" for lg in League]  # no close of a pre-launch day
    assert due(None, utc(2026, 10, 31, 20, 59), CONFIG) == []
    # the first week is partial (launch on a Sunday) and still closes
    assert "league.week.closed:2026-10-26" in ids(due(None, utc(2026, 11, 1, 21, 0), CONFIG))


def test_empty_or_backwards_windows_and_naive_datetimes():
    t = utc(2026, 11, 28, 20, 30)
    assert due(t, t, CONFIG) == []
    assert due(t, t - timedelta(hours=1), CONFIG) == []
    with pytest.raises(ValueError, match="aware"):
        due(datetime(2026, 11, 28, 20, 0), t, CONFIG)


def test_windows_are_half_open():
    at = utc(2026, 11, 28, 20, 30)
    assert len(due(at - timedelta(microseconds=1), at, CONFIG)) == N
    assert due(at, at + timedelta(minutes=1), CONFIG) == []


def test_next_due_at():
    assert next_due_at(utc(2026, 11, 28, 12), CONFIG) == utc(2026, 11, 28, 20, 30)
    assert next_due_at(utc(2026, 11, 28, 20, 30), CONFIG) == utc(2026, 11, 28, 20, 50)
    assert next_due_at(utc(2026, 11, 28, 20, 50), CONFIG) == utc(2026, 11, 28, 21)
    assert next_due_at(utc(2026, 1, 1), CONFIG) == midnight_msk(LAUNCH)


def test_the_leagues_served_are_configurable():
    cfg = ScheduleConfig(secret=SECRET, launch=LAUNCH, leagues=(League.BRONZE,))
    items = due(utc(2026, 11, 27, 20, 55), utc(2026, 11, 27, 21, 0), cfg)
    assert ids(items) == ["daily.closed:2026-11-27:bronze", "daily.published:2026-11-28:bronze"]


def test_payloads_do_not_depend_on_now():
    a = due(utc(2026, 11, 27, 20, 55), utc(2026, 11, 27, 21, 0), CONFIG)
    b = due(utc(2026, 11, 27, 20, 55), utc(2026, 11, 27, 23, 0), CONFIG)
    assert [d.event.model_dump_json() for d in a] == [d.event.model_dump_json() for d in b]


def test_subjects_belong_to_the_stream():
    items = due(None, utc(2026, 12, 15), CONFIG)
    patterns = [s.split(".") for s in STREAM_SUBJECTS]

    def matches(subject: str) -> bool:
        tokens = subject.split(".")
        return any(
            len(p) == len(tokens) and all(x in ("*", t) for x, t in zip(p, tokens, strict=True))
            for p in patterns
        )

    assert all(matches(d.subject) for d in items)


instants = st.datetimes(
    min_value=datetime(2026, 10, 28), max_value=datetime(2026, 12, 20), timezones=st.just(UTC)
)


@given(st.lists(instants, min_size=2, max_size=8))
@settings(max_examples=60, deadline=None)
def test_any_split_of_a_window_gives_the_same_events_once(points):
    """Replica restarts / ticks at arbitrary instants: consecutive windows partition the whole."""
    points = sorted(points)
    whole = due(points[0], points[-1], CONFIG)
    pieces = [d for a, b in zip(points, points[1:], strict=False) for d in due(a, b, CONFIG)]
    assert ids(pieces) == ids(whole)
    assert [d.event for d in pieces] == [d.event for d in whole]


@given(instants, instants, instants, instants)
@settings(max_examples=60, deadline=None)
def test_overlapping_windows_give_identical_messages_for_the_same_ids(a, b, c, d):
    """Two replicas with different checkpoints: the union deduplicated by msg_id is exactly the whole."""
    a, b, c, d = sorted((a, b, c, d))
    first, second = due(a, c, CONFIG), due(b, d, CONFIG)
    by_id: dict[str, str] = {}
    for item in first + second:
        payload = (item.subject, item.event.model_dump_json())
        assert by_id.setdefault(item.msg_id, payload) == payload  # same id ⇒ same message
    assert set(by_id) == set(ids(due(a, d, CONFIG)))
    counts = Counter(ids(first) + ids(second))
    assert all(n <= 2 for n in counts.values())


def test_instant_of_every_message_id():
    for item in due(None, utc(2026, 12, 15), CONFIG):
        assert instant_of(item.msg_id) == item.at
    for bad in ["", "daily.published:", "daily.warning:warning_5min:2026-11-28:gold", "echo.game:1", "x:y"]:
        with pytest.raises(ValueError, match="not a daily schedule message id"):
            instant_of(bad)


def test_resume_after_a_crash_in_the_middle_of_an_instant():
    now = utc(2026, 11, 30, 22)
    everything = due(None, now, CONFIG)
    recent = [k for k, item in enumerate(everything) if item.at >= utc(2026, 11, 27, 20)]
    assert len(recent) > 3 * (4 * N)
    for k in recent:
        assert resume(everything[k].msg_id, now, CONFIG) == everything[k + 1 :]
    assert resume(None, now, CONFIG) == everything


def test_resume_with_an_id_of_a_league_no_longer_served_repeats_that_instant():
    bronze_only = ScheduleConfig(secret=SECRET, launch=LAUNCH, leagues=(League.BRONZE,))
    items = resume("daily.published:2026-11-28:gold", utc(2026, 11, 28, 12), bronze_only)
    assert ids(items) == ["daily.closed:2026-11-27:bronze", "daily.published:2026-11-28:bronze"]


def test_each_subject_is_the_events_own():
    for item in due(utc(2026, 11, 27, 20), utc(2026, 11, 29, 22), CONFIG):
        assert subject_for(item.event) == item.subject
