"""Room settings: the values, their defaults, and changes written as `key=value` pairs.

A change is a sequence of (key, value) texts, the same words `arkctl` scripts use; it is applied left to
right and validated as a whole, so one bad pair refuses all of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from .catalogue import Catalogue

TIMER_RANGES = {"card": (10, 120), "discussion": (15, 600), "voting": (15, 300)}
TIMERS_ON = {"card": 30, "discussion": 60, "voting": 60}
PREPARATION_SECONDS = 120


@dataclass(frozen=True, slots=True)
class Settings:
    catastrophe: str = "random"
    years: tuple[int, int] | None = None  # None: the catastrophe's own range
    mode: Literal["rescue", "survival"] = "rescue"
    incubator: bool = True
    format: Literal["separate", "common"] = "separate"
    adult: bool = True
    card: int | None = TIMERS_ON["card"]
    discussion: int | None = TIMERS_ON["discussion"]
    voting: int | None = TIMERS_ON["voting"]

    @property
    def any_timer(self) -> bool:
        return any(t is not None for t in (self.card, self.discussion, self.voting))

    def public(self) -> dict[str, Any]:
        return {
            "catastrophe": self.catastrophe,
            "years": list(self.years) if self.years else "default",
            "mode": self.mode,
            "incubator": "on" if self.incubator else "off",
            "format": self.format,
            "adult": "on" if self.adult else "off",
            "timers": {"card": self.card, "discussion": self.discussion, "voting": self.voting},
        }


ON_OFF = {"on": True, "off": False}


def _years(value: str) -> tuple[int, int] | None | str:
    if value == "default":
        return None
    low, _, high = value.partition("..")
    try:
        bounds = (int(low), int(high or low))
    except ValueError:
        return "bad"
    return bounds if 1 <= bounds[0] <= bounds[1] <= 100 else "bad"


def _timer(key: str, value: str) -> int | None | str:
    if value == "off":
        return None
    if not value.isdigit():
        return "bad"
    seconds = int(value)
    low, high = TIMER_RANGES[key]
    return seconds if low <= seconds <= high and seconds % 5 == 0 else "bad"


def apply_changes(settings: Settings, pairs: Sequence[tuple[str, str]], catalogue: Catalogue) -> Settings | None:
    """The settings after the pairs, or None when any pair (or the result) is invalid."""
    for key, value in pairs:
        update: dict[str, Any]
        if key == "catastrophe":
            update = {"catastrophe": value}
        elif key == "years":
            update = {"years": _years(value)}
        elif key == "mode" and value in ("rescue", "survival"):
            update = {"mode": value}
        elif key == "incubator" and value in ON_OFF:
            update = {"incubator": ON_OFF[value]}
        elif key == "format" and value in ("separate", "common"):
            update = {"format": value}
        elif key == "adult" and value in ON_OFF:
            update = {"adult": ON_OFF[value]}
        elif key == "timers" and value in ON_OFF:
            update = dict(TIMERS_ON) if value == "on" else dict.fromkeys(TIMERS_ON)
        elif key in TIMER_RANGES:
            update = {key: _timer(key, value)}
        else:
            return None
        if "bad" in update.values():
            return None
        settings = replace(settings, **update)
    return settings if _valid(settings, catalogue) else None


def _valid(settings: Settings, catalogue: Catalogue) -> bool:
    if settings.catastrophe == "random":
        return True
    chosen = catalogue.catastrophe(settings.catastrophe)
    return chosen is not None and (settings.adult or not chosen.adult)
