"""Special games (особые партии, echo-challenge.md §10): some days the Daily of Silver, Gold, Platinum changes rules.

- Bronze never; Silver on 1, Gold on 2, Platinum on 3 days of each league week (Monday–Sunday MSK).
  Which weekdays is a keyed draw per (week, league), so it is fixed for the week and unguessable.
- A special game applies 1 (Silver), 1–2 (Gold) or 2–3 (Platinum) entries of the engine's catalogue
  (`echo_challenge.specials.SPECIAL_RULES`), each to a different field, on top of the day's
  preset. The engine's pure rules package owns the rule changes and their Russian descriptions; this
  module only decides which days and which entries.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from functools import lru_cache

from echo_challenge.specials import SPECIAL_RULES, RuleChange, SpecialRule, overrides
from echo_events.moscow import week_of

from .keyed import keyed_below, keyed_sample
from .leagues import League

__all__ = [
    "CATALOGUE",
    "CHANGES_PER_GAME",
    "DAYS_PER_WEEK",
    "RuleChange",
    "overrides",
    "special_for",
    "special_weekdays",
]

#: What a special game draws from: the engine's catalogue, in its fixed order.
CATALOGUE: tuple[SpecialRule, ...] = tuple(SPECIAL_RULES.values())

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
    order = {rule.id: i for i, rule in enumerate(CATALOGUE)}
    return tuple(change for rule in sorted(picked, key=lambda r: order[r.id]) for change in rule.changes)
