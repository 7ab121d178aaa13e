"""What the daily service must publish between two instants: pure, so catch-up and two replicas are safe.

`due(last, now, config)` lists, in order, every event whose scheduled instant t has last < t <= now:
- 23:30 MSK of day d: DailyWarning `warning_30min` for each league's Daily of d;
- 23:50 MSK of day d: DailyWarning `countdown_10min` for each league's Daily of d;
- 00:00 MSK of day d: DailyClosed of d-1 for each league, then LeagueWeekClosed if d is a Monday (the
  week just ended), then DailyPublished of d for each league.
Nothing is due for a day before the launch date.

Each item has a deterministic `msg_id` (for `Nats-Msg-Id`) and a payload built from the scheduled instant
only, never from `now`: two replicas, or one replica re-running an overlapping window after a restart,
produce the very same messages, which JetStream deduplicates. After a downtime the first call with the
old checkpoint returns every missed event once, oldest first.

The checkpoint need not be stored anywhere but in the stream itself: `resume(last_msg_id, now, config)`
takes the `Nats-Msg-Id` of the DAILY stream's last message and returns exactly what follows it, even
when the crash happened halfway through the events of one instant and long after the stream's
duplicate window. Two replicas racing on the same next message are kept apart by the publisher
(`echo_daily.publisher`): each write carries `Nats-Expected-Last-Sequence`, so only one of them lands.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from echo_events.daily import (
    SUBJECT_WARNING,
    SUBJECT_WEEK_CLOSED,
    DailyClosed,
    DailyPublished,
    DailyWarning,
    LeagueWeekClosed,
    RuleChangeSpec,
    closed_subject,
    published_subject,
    seed_commitment,
)
from echo_events.model import Event
from echo_events.moscow import COUNTDOWN_BEFORE, WARNING_BEFORE, week_of

from .calendar import DailySpec, League, daily_for, daily_id, midnight_msk, moscow_date

WARNING_30MIN = "warning_30min"
COUNTDOWN_10MIN = "countdown_10min"


@dataclass(frozen=True, slots=True)
class ScheduleConfig:
    """The calendar's inputs: the server secret, the launch date (№ 1) and the leagues served."""

    secret: bytes = field(repr=False)
    launch: date
    leagues: tuple[League, ...] = tuple(League)


@dataclass(frozen=True, slots=True)
class Due:
    """One event that is due: publish `event` on `subject` with header `Nats-Msg-Id: msg_id`."""

    msg_id: str
    subject: str
    at: datetime  # the scheduled instant (aware, UTC)
    event: Event


def _require_aware(name: str, value: datetime) -> None:
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError(f"{name} must be an aware datetime, got naive {value!r}")


def due(last: datetime | None, now: datetime, config: ScheduleConfig) -> list[Due]:
    """Every event scheduled in the half-open window (last, now], in publishing order.

    `last` is the previous call's `now` (the stored checkpoint); None means "from the very beginning"
    (everything since the launch). An empty list when now <= last.
    """
    if last is None:
        last = midnight_msk(config.launch) - timedelta(microseconds=1)
    _require_aware("last", last)
    _require_aware("now", now)
    if now <= last:
        return []
    # Every instant of `_day(d)` (its 00:00, 23:30 and 23:50 MSK) falls on Moscow date d.
    first_day = max(moscow_date(last), config.launch)
    last_day = moscow_date(now)
    items: list[Due] = []
    day = first_day
    while day <= last_day:
        items.extend(d for d in _day(day, config) if last < d.at <= now)
        day += timedelta(days=1)
    return items


def resume(last_msg_id: str | None, now: datetime, config: ScheduleConfig) -> list[Due]:
    """Everything due after the message `last_msg_id` (the stream's last one; None: an empty stream) up
    to `now`, in order. If that id is not in this schedule (e.g. its league is no longer served), every
    event of its instant is returned again: at-least-once, for consumers that are idempotent per id."""
    if last_msg_id is None:
        return due(None, now, config)
    at = instant_of(last_msg_id)
    items = due(at - timedelta(microseconds=1), now, config)
    for i, item in enumerate(items):
        if item.msg_id == last_msg_id:
            return items[i + 1 :]
    return items


def instant_of(msg_id: str) -> datetime:
    """The scheduled instant of a message id made by this module (raises ValueError for any other)."""
    kind, _, rest = msg_id.partition(":")
    try:
        if kind == "daily.published":
            return midnight_msk(date.fromisoformat(rest.split(":")[0]))
        if kind == "daily.closed":
            return midnight_msk(date.fromisoformat(rest.split(":")[0]) + timedelta(days=1))
        if kind == "daily.warning":
            warning, day = rest.split(":")[:2]
            before = {WARNING_30MIN: WARNING_BEFORE, COUNTDOWN_10MIN: COUNTDOWN_BEFORE}[warning]
            return midnight_msk(date.fromisoformat(day) + timedelta(days=1)) - before
        if kind == "league.week.closed":
            return midnight_msk(date.fromisoformat(rest) + timedelta(days=7))
    except (KeyError, ValueError):
        pass
    raise ValueError(f"not a daily schedule message id: {msg_id!r}")


def next_due_at(after: datetime, config: ScheduleConfig) -> datetime:
    """The first scheduled instant strictly after `after` (what the service sleeps until)."""
    _require_aware("after", after)
    day = max(moscow_date(after), config.launch)
    while True:
        for item in _day(day, config):
            if item.at > after:
                return item.at
        day += timedelta(days=1)


def _day(day: date, config: ScheduleConfig) -> Iterator[Due]:
    """The events of 00:00 MSK opening `day`, then the warnings of the evening of `day`, in order."""
    if day < config.launch:
        return
    opens = midnight_msk(day)
    yesterday = day - timedelta(days=1)
    if yesterday >= config.launch:
        for league in config.leagues:
            yield _closed(yesterday, league, opens)
        if day.weekday() == 0:
            yield _week_closed(week_of(yesterday), opens)
    specs = [daily_for(day, league, secret=config.secret, launch=config.launch) for league in config.leagues]
    for spec in specs:
        yield _published(spec)
    for kind, before in ((WARNING_30MIN, WARNING_BEFORE), (COUNTDOWN_10MIN, COUNTDOWN_BEFORE)):
        for spec in specs:
            yield _warning(spec, kind, spec.closes_at - before)


def _published(spec: DailySpec) -> Due:
    special = None
    if spec.special is not None:
        special = tuple(
            RuleChangeSpec(field=c.field, value=c.value, description_ru=c.description_ru,
                           description_en=c.description_en)
            for c in spec.special
        )
    event = DailyPublished(
        daily_id=spec.daily_id,
        number=spec.number,
        date=spec.date,
        league=spec.league.value,
        name_ru=spec.name_ru,
        name_en=spec.name_en,
        preset_id=spec.preset_id,
        seed=spec.seed,
        seed_salt=spec.seed_salt,
        seed_commitment=seed_commitment(spec.seed, spec.seed_salt),
        special=special,
        opens_at=spec.opens_at,
        closes_at=spec.closes_at,
    )
    return Due(f"daily.published:{spec.daily_id}", published_subject(spec.league), spec.opens_at, event)


def _closed(day: date, league: League, at: datetime) -> Due:
    did = daily_id(day, league)
    event = DailyClosed(daily_id=did, date=day, league=league.value, closed_at=at)
    return Due(f"daily.closed:{did}", closed_subject(league), at, event)


def _week_closed(week_start: date, at: datetime) -> Due:
    event = LeagueWeekClosed(week_start=week_start, week_end=week_start + timedelta(days=6), closed_at=at)
    return Due(f"league.week.closed:{week_start.isoformat()}", SUBJECT_WEEK_CLOSED, at, event)


def _warning(spec: DailySpec, kind: str, at: datetime) -> Due:
    event = DailyWarning(
        kind=kind,
        daily_id=spec.daily_id,
        date=spec.date,
        league=spec.league.value,
        at=at,
        closes_at=spec.closes_at,
    )
    return Due(f"daily.warning:{kind}:{spec.daily_id}", SUBJECT_WARNING, at, event)
