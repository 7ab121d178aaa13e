"""Special games (особые партии, spec §10): on some days the Daily of Silver, Gold or Platinum changes rules.

- Bronze never; Silver on 1, Gold on 2, Platinum on 3 days of each league week (Monday–Sunday MSK).
  Which weekdays is a keyed draw per (week, league), so it is fixed for the week and unguessable.
- A special game applies 1 (Silver), 1–2 (Gold) or 2–3 (Platinum) changes from `CATALOGUE`, each to a
  different field, on top of the day's preset.
- A change names a field of the engine's `Rules` dataclass (echo_engine.rules.echo.setup.Rules;
  connectivity is in halves) and its value; this module does not import the engine, a unit test checks
  the field names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from .keyed import keyed_below, keyed_sample
from .leagues import League
from .moscow import week_of


@dataclass(frozen=True, slots=True)
class RuleChange:
    """One rule change of a special game: `Rules.<field> = value`, and what the badge says about it."""

    field: str
    value: int | float
    description_ru: str


#: The changes a special game draws from. Values are absolute (they replace the preset's value) and keep
#: the rules consistent (connectivity <= connectivity_max, charge <= contour, …) over every preset; they
#: are chosen to differ from the presets' own values, so each line of the badge is a real change.
CATALOGUE: tuple[RuleChange, ...] = (
    RuleChange("connectivity", 4, "Связность в начале — 2"),
    RuleChange("beam_cost", 3, "Эхолуч стоит 3"),
    RuleChange("price_order", 25, "Заказы платят 25"),
    RuleChange("detector_chance", 1.0, "Детектор срабатывает всегда"),
    RuleChange("red_timer", 2, "Красные таймеры — 2"),
    RuleChange("contour", 5, "Контур — 5"),
    RuleChange("price_clean", 80, "Чистое вскрытие платит 80"),
    RuleChange("price_lossy", 10, "Вскрытие с потерями платит 10"),
    RuleChange("detector", 0, "Заряд Детектора в начале — 0"),
    RuleChange("stale_after", 5, "Заказ без движения снимается через 5 тактов"),
    RuleChange("freeze_ticks", 10, "Заморозка длится 10 тактов"),
)

#: Special days per league week.
DAYS_PER_WEEK: Mapping[League, int] = {
    League.BRONZE: 0,
    League.SILVER: 1,
    League.GOLD: 2,
    League.PLATINUM: 3,
}

#: How many changes one special game makes (inclusive range).
CHANGES_PER_GAME: Mapping[League, tuple[int, int]] = {
    League.BRONZE: (0, 0),
    League.SILVER: (1, 1),
    League.GOLD: (1, 2),
    League.PLATINUM: (2, 3),
}


def special_weekdays(secret: bytes, week_start: date, league: League) -> frozenset[int]:
    """The weekdays (0 = Monday … 6 = Sunday) with a special game in the week starting `week_start`."""
    if week_start.weekday() != 0:
        raise ValueError(f"a league week starts on a Monday, {week_start} is not one")
    return _special_weekdays(bytes(secret), week_start, League(league))


@lru_cache(maxsize=1024)
def _special_weekdays(secret: bytes, week_start: date, league: League) -> frozenset[int]:
    k = DAYS_PER_WEEK[league]
    days = keyed_sample(secret, "special.days", week_start.isoformat(), league.value, items=range(7), k=k)
    return frozenset(days)


def special_for(secret: bytes, day: date, league: League) -> tuple[RuleChange, ...] | None:
    """The rule changes of the (day, league) Daily if it is a special game, else None."""
    league = League(league)
    if day.weekday() not in special_weekdays(secret, week_of(day), league):
        return None
    low, high = CHANGES_PER_GAME[league]
    count = low + keyed_below(secret, "special.count", day.isoformat(), league.value, n=high - low + 1)
    picked = keyed_sample(secret, "special.changes", day.isoformat(), league.value, items=CATALOGUE, k=count)
    order = {c: i for i, c in enumerate(CATALOGUE)}
    return tuple(sorted(picked, key=order.__getitem__))


def overrides(changes: Iterable[RuleChange] | None) -> dict[str, int | float]:
    """The changes as a mapping of `Rules` field names to values, for `dataclasses.replace(rules, **…)`."""
    result: dict[str, int | float] = {}
    for change in changes or ():
        if change.field in result:
            raise ValueError(f"two changes of the same rule field {change.field!r}")
        result[change.field] = change.value
    return result
