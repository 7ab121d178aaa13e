"""The daily service's events (context `daily`) and the subjects and stream that carry them.

Stream `DAILY` (file storage, deduplicated by `Nats-Msg-Id`, see `echo_daily.schedule`). The names and
subjects below are the one source of truth: `echo_events.streams.DAILY` is built from them. Only the
daily service writes here, and its exactly-once publishing relies on that (every message of the stream is
one of its schedule's, see `echo_daily.publisher`):
- `daily.published.<league>` — DailyPublished, at 00:00 MSK. It carries the secret seed: an internal
  subject, never forwarded to clients while the Daily is live (architecture: hidden information).
- `daily.closed.<league>`    — DailyClosed, at 00:00 MSK of the next day, before the next publish.
- `daily.warning`           — DailyWarning, 23:30 MSK (`warning_30min`) and 23:50 MSK (`countdown_10min`).
- `league.week.closed`      — LeagueWeekClosed, at Monday 00:00 MSK, after Sunday's Dailies closed.

Stream `DAILY_PUBLIC`: what anyone may know of a Daily, for the gateway (which may not read DAILY):
- `daily.announced.<league>` — DailyAnnounced, each DailyPublished without its seed and salt, written by the
  daily service right after it (`echo_daily.announcer`).

All instants are aware UTC datetimes; dates are Moscow calendar dates.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from typing import Literal, get_args

from pydantic import Field, field_validator, model_validator

from .model import Event, Message
from .registry import event

LeagueName = Literal["bronze", "silver", "gold", "platinum"]
LEAGUES: tuple[str, ...] = get_args(LeagueName)
WarningKind = Literal["warning_30min", "countdown_10min"]

# --- stream and subjects -------------------------------------------------------------------------------

STREAM = "DAILY"
SUBJECT_PUBLISHED = "daily.published.{league}"
SUBJECT_CLOSED = "daily.closed.{league}"
SUBJECT_WARNING = "daily.warning"
SUBJECT_WEEK_CLOSED = "league.week.closed"
PUBLIC_STREAM = "DAILY_PUBLIC"
SUBJECT_ANNOUNCED = "daily.announced.{league}"
PUBLIC_STREAM_SUBJECTS: tuple[str, ...] = ("daily.announced.*",)
#: What may be heard of the Dailies without learning a seed: announcements, closes and warnings (never
#: `daily.published.*`). The gateway's notices to players come from these, and its NATS user hears no other.
NOTICE_SUBJECTS: tuple[str, ...] = (*PUBLIC_STREAM_SUBJECTS, SUBJECT_CLOSED.format(league="*"), SUBJECT_WARNING)
#: Dev only, core NATS request/reply (not stored): the daily service's dev clock answers with its time
#: (ISO 8601), so other services' dev views (the gateway's time left) follow it. Outside every stream.
SUBJECT_DEV_CLOCK = "dev.daily.clock"
#: The subjects the DAILY stream is created with (exact, so they never overlap another context's stream).
STREAM_SUBJECTS: tuple[str, ...] = (
    "daily.published.*",
    "daily.closed.*",
    SUBJECT_WARNING,
    SUBJECT_WEEK_CLOSED,
)


def published_subject(league: str) -> str:
    return SUBJECT_PUBLISHED.format(league=_league(league))


def announced_subject(league: str) -> str:
    return SUBJECT_ANNOUNCED.format(league=_league(league))


def closed_subject(league: str) -> str:
    return SUBJECT_CLOSED.format(league=_league(league))


def _league(league: str) -> str:
    value = str(getattr(league, "value", league))
    if value not in LEAGUES:
        raise ValueError(f"unknown league {league!r}")
    return value


def _utc(value: dt.datetime) -> dt.datetime:
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError("instants must be timezone-aware")
    return value.astimezone(dt.UTC)


# --- messages ------------------------------------------------------------------------------------------


class RuleChangeSpec(Message):
    """One rule change of a special game: `Rules.<field> = value` (connectivity in halves)."""

    field: str
    value: int | float
    description_ru: str
    description_en: str | None = Field(None, description="absent in Dailies published before 2026-12-01: "
                                       "readers describe (field, value) themselves")


def seed_commitment(seed: int, salt: str) -> str:
    """The public commitment to a Daily's seed: SHA-256 of "<salt>:<seed>" (seed in decimal), hex. Shown
    while the Daily is live; with the seed and salt published at its close anyone can check it."""
    return hashlib.sha256(f"{salt}:{seed}".encode()).hexdigest()


@event("daily.DailyPublished", 1)
class DailyPublished(Event):
    """A Daily came out: everything a game of it starts from. Internal: it carries the seed and its salt
    (secret until the Daily closes); `seed_commitment` is public from the start."""

    daily_id: str  # "2026-11-29:bronze"
    number: int = Field(ge=1)
    date: dt.date
    league: LeagueName
    name_ru: str
    name_en: str | None = Field(None, description="the name in English; absent in Dailies published before "
                                "2026-12-01 (readers show those names transliterated)")
    preset_id: str
    seed: int = Field(ge=0, lt=2**63)
    special: tuple[RuleChangeSpec, ...] | None = None
    opens_at: dt.datetime
    closes_at: dt.datetime
    seed_salt: str | None = Field(None, pattern=r"^[0-9a-f]{32}$", description="absent before commitments")
    seed_commitment: str | None = Field(None, pattern=r"^[0-9a-f]{64}$",
                                        description="seed_commitment(seed, seed_salt)")

    @model_validator(mode="after")
    def _commitment_matches(self) -> DailyPublished:
        if (self.seed_salt is None) != (self.seed_commitment is None):
            raise ValueError("seed_salt and seed_commitment come together")
        if self.seed_salt is not None and seed_commitment(self.seed, self.seed_salt) != self.seed_commitment:
            raise ValueError("seed_commitment does not commit to this seed and salt")
        return self

    _utc_instants = field_validator("opens_at", "closes_at")(_utc)


@event("daily.DailyAnnounced", 1)
class DailyAnnounced(Event):
    """A Daily came out, as anyone may know it: its DailyPublished without the seed and its salt (the
    commitment to them is public). What the gateway shows of today's Daily, and its notice to players."""

    daily_id: str
    number: int = Field(ge=1)
    date: dt.date
    league: LeagueName
    name_ru: str
    name_en: str | None = None  # as in DailyPublished
    preset_id: str
    special: tuple[RuleChangeSpec, ...] | None = None
    opens_at: dt.datetime
    closes_at: dt.datetime
    seed_commitment: str | None = Field(None, pattern=r"^[0-9a-f]{64}$")

    _utc_instants = field_validator("opens_at", "closes_at")(_utc)

    @classmethod
    def of(cls, published: DailyPublished) -> DailyAnnounced:
        """An allow-list of the published Daily's fields: a field added to DailyPublished later stays internal."""
        return cls(**{name: getattr(published, name) for name in cls.model_fields})


@event("daily.DailyClosed", 1)
class DailyClosed(Event):
    """A Daily's time is over (the next one came out): its live games end, its Day results are final,
    its field and seed may be shown."""

    daily_id: str
    date: dt.date
    league: LeagueName
    closed_at: dt.datetime

    _utc_instants = field_validator("closed_at")(_utc)


@event("daily.DailyWarning", 1)
class DailyWarning(Event):
    """A Daily is about to close: `warning_30min` at 23:30 MSK, `countdown_10min` at 23:50 MSK."""

    kind: WarningKind
    daily_id: str
    date: dt.date
    league: LeagueName
    at: dt.datetime
    closes_at: dt.datetime

    _utc_instants = field_validator("at", "closes_at")(_utc)


@event("daily.LeagueWeekClosed", 1)
class LeagueWeekClosed(Event):
    """The league week (Monday–Sunday MSK) is over: all its Dailies have closed; promotions may run."""

    week_start: dt.date  # a Monday
    week_end: dt.date  # the Sunday after it
    closed_at: dt.datetime

    _utc_instants = field_validator("closed_at")(_utc)

    @field_validator("week_start")
    @classmethod
    def _monday(cls, value: dt.date) -> dt.date:
        if value.weekday() != 0:
            raise ValueError(f"a league week starts on a Monday, {value} is not one")
        return value


def subject_for(message: Event) -> str:
    """The subject a daily event is published on."""
    if isinstance(message, DailyPublished):
        return published_subject(message.league)
    if isinstance(message, DailyClosed):
        return closed_subject(message.league)
    if isinstance(message, DailyWarning):
        return SUBJECT_WARNING
    if isinstance(message, LeagueWeekClosed):
        return SUBJECT_WEEK_CLOSED
    raise TypeError(f"not a daily event: {type(message).__name__}")
