"""Special games (особые партии, spec §10): rule overrides on top of a preset, described in Russian.

The daily service picks special rules for the Silver, Gold and Platinum Dailies, applies them with
`apply_specials` (or any change with `with_overrides`), and shows `describe_changes(preset rules,
new rules)` when the player taps the badge: «Связность в начале — 2», «Эхолуч стоит 3», …
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


def describe_changes(base: Rules, rules: Rules) -> list[str]:
    """One Russian line per rule value that differs from `base`, in the order of `Rules`' fields."""
    return [
        _DESCRIBE[name](getattr(rules, name))
        for name in _FIELDS
        if getattr(rules, name) != getattr(base, name)
    ]


@dataclass(frozen=True, slots=True)
class SpecialRule:
    id: str
    changes: Mapping[str, Any]

    def apply(self, rules: Rules) -> Rules:
        return with_overrides(rules, **self.changes)

    def describe_ru(self) -> list[str]:
        return [_DESCRIBE[name](value) for name, value in self.changes.items()]


SPECIAL_RULES: Mapping[str, SpecialRule] = MappingProxyType(
    {
        rule.id: rule
        for rule in (
            SpecialRule("connectivity-2", MappingProxyType({"connectivity": 4})),
            SpecialRule("beam-3", MappingProxyType({"beam_cost": 3})),
            SpecialRule("orders-25", MappingProxyType({"price_order": 25})),
            SpecialRule("detector-always", MappingProxyType({"detector_chance": 1.0})),
            SpecialRule("red-timer-2", MappingProxyType({"red_timer": 2})),
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
