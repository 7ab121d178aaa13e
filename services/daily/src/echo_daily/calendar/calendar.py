"""The Daily of a (date, league): number, name, preset, secret seed and special rules, all derived here."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from echo_events.moscow import midnight_msk

from .leagues import League
from .names import daily_name, daily_name_en
from .presets import preset_for
from .seeds import daily_seed, seed_salt
from .special import RuleChange, special_for


class BeforeLaunch(ValueError):
    """A Daily was asked for a date before the launch date: there is none."""


def daily_number(day: date, launch: date) -> int:
    """№ of the Daily of `day`: 1 on the launch day, counting up by one per Moscow day."""
    if day < launch:
        raise BeforeLaunch(f"no Daily on {day.isoformat()}: the first Daily (№ 1) is on {launch.isoformat()}")
    return (day - launch).days + 1


def daily_id(day: date, league: League) -> str:
    """The id of a (date, league) Daily, e.g. "2026-11-29:bronze"."""
    return f"{day.isoformat()}:{League(league).value}"


@dataclass(frozen=True, slots=True)
class DailySpec:
    """Everything the calendar says about one Daily. `seed` and `seed_salt` are secret until the Daily has
    closed."""

    number: int
    date: date
    league: League
    name_ru: str
    name_en: str
    preset_id: str
    seed: int
    seed_salt: str  # secret like the seed; the commitment to both is public from the start
    special: tuple[RuleChange, ...] | None

    @property
    def daily_id(self) -> str:
        return daily_id(self.date, self.league)

    @property
    def title_ru(self) -> str:
        """«№ 14 · Тихая прохлада»."""
        return f"№ {self.number} · {self.name_ru}"

    @property
    def opens_at(self) -> datetime:
        """00:00 MSK of its date (aware, UTC)."""
        return midnight_msk(self.date)

    @property
    def closes_at(self) -> datetime:
        """00:00 MSK of the next day, when the next Daily comes out (aware, UTC)."""
        return midnight_msk(self.date + timedelta(days=1))


def daily_for(day: date, league: League, *, secret: bytes, launch: date) -> DailySpec:
    """The Daily of `day` (a Moscow date) in `league`. Same inputs, same Daily; raises `BeforeLaunch`
    for a date before `launch`."""
    league = League(league)
    number = daily_number(day, launch)
    return DailySpec(
        number=number,
        date=day,
        league=league,
        name_ru=daily_name(secret, number),
        name_en=daily_name_en(secret, number),
        preset_id=preset_for(secret, day, league),
        seed=daily_seed(secret, day, league),
        seed_salt=seed_salt(secret, day, league),
        special=special_for(secret, day, league),
    )


def public_view(spec: DailySpec) -> dict[str, Any]:
    """What players may see of a Daily (everything but the seed), JSON-ready."""
    return {
        "daily_id": spec.daily_id,
        "number": spec.number,
        "date": spec.date.isoformat(),
        "league": spec.league.value,
        "league_ru": spec.league.name_ru,
        "name_ru": spec.name_ru,
        "name_en": spec.name_en,
        "title_ru": spec.title_ru,
        "preset_id": spec.preset_id,
        "special": (
            None
            if spec.special is None
            else [
                {"field": c.field, "value": c.value, "description_ru": c.description_ru,
                 "description_en": c.description_en}
                for c in spec.special
            ]
        ),
        "opens_at": spec.opens_at.isoformat(),
        "closes_at": spec.closes_at.isoformat(),
    }
