"""Special games (особые партии, echo-challenge.md §10): rule changes on top of a preset, described in Russian
and in English.

This module owns the catalogue of rule changes a special game may make and their descriptions;
the daily calendar (echo_daily.calendar.special) only decides *which* days and *which* entries of
`SPECIAL_RULES`. Apply them with `apply_specials` / `apply_changes` (or any change with
`with_overrides`), and show `describe_changes(preset rules, new rules)` — or `RuleChange.description_ru`
(`.description_en`, `describe_rule_en`) — when the player taps the badge: «Связность в начале — 2»,
«Эхолуч стоит 3», "The Beam costs 3", …
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .setup import Rules

_FIELDS = tuple(f.name for f in dataclasses.fields(Rules))


def with_overrides(rules: Rules, **changes: Any) -> Rules:
    """A copy of `rules` with `changes` applied; refuses unknown names and inconsistent values."""
    unknown = sorted(set(changes) - set(_FIELDS))
    if unknown:
        raise ValueError(f"unknown rule(s) {', '.join(unknown)}; known: {', '.join(_FIELDS)}")
    new = dataclasses.replace(rules, **changes)
    check_rules(new)
    return new


def check_rules(rules: Rules) -> None:
    """Raise ValueError naming the first inconsistent value (a configuration bug, not a player error)."""
    problems = []
    for name in _FIELDS:
        value = getattr(rules, name)
        if name == "detector_chance":
            if not isinstance(value, int | float) or not 0 <= value <= 1:
                problems.append("detector_chance must be between 0 and 1")
        elif not isinstance(value, int) or isinstance(value, bool) or value < 0:
            problems.append(f"{name} must be a non-negative integer, not {value!r}")
    if problems:
        raise ValueError("; ".join(problems))
    pairs = [
        ("connectivity", "connectivity_max"),
        ("charge", "contour"),
        ("detector", "detector_max"),
        ("spectrometer", "spectrometer_max"),
        ("order_slots", "order_slots_red2"),
    ]
    for low, high in pairs:
        if getattr(rules, low) > getattr(rules, high):
            raise ValueError(f"{low} ({getattr(rules, low)}) is above {high} ({getattr(rules, high)})")
    for name in ("connectivity", "contour", "red_timer", "beam_cost", "stale_after"):
        if getattr(rules, name) < 1:
            raise ValueError(f"{name} must be at least 1")


def _halves(value: int) -> str:
    """Connectivity in divisions, Russian style: 4 → «2», 5 → «2,5»."""
    return str(value // 2) if value % 2 == 0 else f"{value // 2},5"


def _plural(n: int, one: str, few: str, many: str) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def _ticks(n: int) -> str:
    return f"{n} {_plural(n, 'такт', 'такта', 'тактов')}"


def _chance(value: float) -> str:
    if value >= 1:
        return "Детектор срабатывает всегда"
    if value <= 0:
        return "Детектор молчит"
    percent = round(value * 100, 1)
    return f"Детектор срабатывает с шансом {percent:g} %"


def _halves_en(value: int) -> str:
    """Connectivity in divisions, English style: 4 → "2", 5 → "2.5"."""
    return str(value // 2) if value % 2 == 0 else f"{value // 2}.5"


def _ticks_en(n: int) -> str:
    return f"{n} tick" if n == 1 else f"{n} ticks"


def _chance_en(value: float) -> str:
    if value >= 1:
        return "The Detector always fires"
    if value <= 0:
        return "The Detector never fires"
    return f"The Detector fires with a {round(value * 100, 1):g}% chance"


_DESCRIBE: Mapping[str, Callable[[Any], str]] = MappingProxyType(
    {
        "connectivity": lambda v: f"Связность в начале — {_halves(v)}",
        "connectivity_max": lambda v: f"Предел Связности — {_halves(v)}",
        "contour": lambda v: f"Контур — {v}",
        "charge": lambda v: f"Заряд в начале — {v}",
        "detector": lambda v: f"Заряд Детектора в начале — {v}",
        "detector_max": lambda v: f"Предел Заряда Детектора — {v}",
        "spectrometer": lambda v: f"Заряд Спектрометра в начале — {v}",
        "spectrometer_max": lambda v: f"Предел Заряда Спектрометра — {v}",
        "detector_chance": _chance,
        "red_timer": lambda v: f"Красные таймеры — {v}",
        "beam_cost": lambda v: f"Эхолуч стоит {v}",
        "price_clean": lambda v: f"Чистое вскрытие платит {v}",
        "price_lossy": lambda v: f"Вскрытие с потерями платит {v}",
        "price_order": lambda v: f"Заказы платят {v}",
        "order_slots": lambda v: f"Заказов на доске — {v}",
        "order_slots_red2": lambda v: f"Заказов после красной мембраны № 2 — {v}",
        "stale_after": lambda v: f"Заказ без движения снимается через {_ticks(v)}",
        "freeze_ticks": lambda v: f"Заморозка длится {_ticks(v)}",
    }
)
assert set(_DESCRIBE) == set(_FIELDS), "every rule needs a Russian description"

_DESCRIBE_EN: Mapping[str, Callable[[Any], str]] = MappingProxyType(
    {
        "connectivity": lambda v: f"Connectivity at the start: {_halves_en(v)}",
        "connectivity_max": lambda v: f"Connectivity limit: {_halves_en(v)}",
        "contour": lambda v: f"Contour: {v}",
        "charge": lambda v: f"Charge at the start: {v}",
        "detector": lambda v: f"Detector charge at the start: {v}",
        "detector_max": lambda v: f"Detector charge limit: {v}",
        "spectrometer": lambda v: f"Spectrometer charge at the start: {v}",
        "spectrometer_max": lambda v: f"Spectrometer charge limit: {v}",
        "detector_chance": _chance_en,
        "red_timer": lambda v: f"Red timers: {v}",
        "beam_cost": lambda v: f"The Beam costs {v}",
        "price_clean": lambda v: f"A clean opening pays {v}",
        "price_lossy": lambda v: f"A lossy opening pays {v}",
        "price_order": lambda v: f"Orders pay {v}",
        "order_slots": lambda v: f"Orders on the board: {v}",
        "order_slots_red2": lambda v: f"Orders after red membrane №2: {v}",
        "stale_after": lambda v: f"An Order without progress is withdrawn after {_ticks_en(v)}",
        "freeze_ticks": lambda v: f"A Freeze lasts {_ticks_en(v)}",
    }
)
assert set(_DESCRIBE_EN) == set(_FIELDS), "every rule needs an English description"


def describe_rule(name: str, value: Any) -> str:
    """The Russian line for `Rules.<name> = value`: «Эхолуч стоит 3»."""
    try:
        return _DESCRIBE[name](value)
    except KeyError:
        raise ValueError(f"unknown rule {name!r}; known: {', '.join(_FIELDS)}") from None


def describe_rule_en(name: str, value: Any) -> str:
    """The English line for `Rules.<name> = value`: "The Beam costs 3"."""
    try:
        return _DESCRIBE_EN[name](value)
    except KeyError:
        raise ValueError(f"unknown rule {name!r}; known: {', '.join(_FIELDS)}") from None


def describe_changes(base: Rules, rules: Rules) -> list[str]:
    """One Russian line per rule value that differs from `base`, in the order of `Rules`' fields."""
    return [
        _DESCRIBE[name](getattr(rules, name))
        for name in _FIELDS
        if getattr(rules, name) != getattr(base, name)
    ]


@dataclass(frozen=True, slots=True)
class RuleChange:
    """One rule change of a special game: `Rules.<field> = value` (absolute; connectivity in halves)."""

    field: str
    value: int | float

    def __post_init__(self) -> None:
        if self.field not in _FIELDS:
            raise ValueError(f"unknown rule {self.field!r}; known: {', '.join(_FIELDS)}")

    @property
    def description_ru(self) -> str:
        """What the badge says about it: «Эхолуч стоит 3»."""
        return _DESCRIBE[self.field](self.value)

    @property
    def description_en(self) -> str:
        """The same in English: "The Beam costs 3"."""
        return _DESCRIBE_EN[self.field](self.value)


def overrides(changes: Iterable[RuleChange] | None) -> dict[str, int | float]:
    """The changes as a mapping of `Rules` field names to values; two changes of one field are refused."""
    result: dict[str, int | float] = {}
    for change in changes or ():
        if change.field in result:
            raise ValueError(f"two changes of the same rule field {change.field!r}")
        result[change.field] = change.value
    return result


def apply_changes(rules: Rules, changes: Iterable[RuleChange] | None) -> Rules:
    """`rules` with the changes applied (checked for consistency, see `with_overrides`)."""
    return with_overrides(rules, **overrides(changes))


@dataclass(frozen=True, slots=True)
class SpecialRule:
    """An entry of the catalogue: a stable id and the rule change(s) it makes."""

    id: str
    changes: tuple[RuleChange, ...]

    def apply(self, rules: Rules) -> Rules:
        return apply_changes(rules, self.changes)

    def describe_ru(self) -> list[str]:
        return [change.description_ru for change in self.changes]


def _rule(special_id: str, **changes: int | float) -> SpecialRule:
    return SpecialRule(special_id, tuple(RuleChange(name, value) for name, value in changes.items()))


#: The catalogue special games draw from, in a fixed order (the daily calendar's keyed draw depends on
#: it: append new entries at the end, never reorder). Values are absolute (they replace the preset's
#: value), keep the rules consistent over every preset, and differ from the presets' own values, so each
#: line of the badge is a real change. The first five are the spec's examples (§10).
SPECIAL_RULES: Mapping[str, SpecialRule] = MappingProxyType(
    {
        rule.id: rule
        for rule in (
            _rule("connectivity-2", connectivity=4),
            _rule("beam-3", beam_cost=3),
            _rule("orders-25", price_order=25),
            _rule("detector-always", detector_chance=1.0),
            _rule("red-timer-2", red_timer=2),
            _rule("contour-5", contour=5),
            _rule("clean-80", price_clean=80),
            _rule("lossy-10", price_lossy=10),
            _rule("detector-0", detector=0),
            _rule("stale-5", stale_after=5),
            _rule("freeze-10", freeze_ticks=10),
        )
    }
)


def apply_specials(rules: Rules, special_ids: Iterable[str]) -> Rules:
    """Apply the named special rules in order; an unknown id is a ValueError naming the known ones."""
    for special_id in special_ids:
        try:
            special = SPECIAL_RULES[special_id]
        except KeyError:
            known = ", ".join(SPECIAL_RULES)
            raise ValueError(f"unknown special rule {special_id!r}; known: {known}") from None
        rules = special.apply(rules)
    return rules
