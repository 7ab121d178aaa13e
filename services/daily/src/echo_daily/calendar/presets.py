"""Which field preset (echo-challenge.md §10, §23) the Daily of a (date, league) uses. Only the ids live here; the
presets themselves (composition, gauges, prices) are the engine's.

Mostly `standard`: a keyed weighted draw per (date, league), so each league's field varies on its own.
"""

from __future__ import annotations

from datetime import date

from .keyed import keyed_below
from .leagues import League

STANDARD = "standard"
NINE_SMALL = "nine-small"
BIG_RED = "big-red"

#: Preset ids and their weights in the daily draw (out of the total).
PRESET_WEIGHTS: tuple[tuple[str, int], ...] = ((STANDARD, 5), (NINE_SMALL, 1), (BIG_RED, 1))
PRESET_IDS: tuple[str, ...] = tuple(p for p, _ in PRESET_WEIGHTS)
_TOTAL = sum(w for _, w in PRESET_WEIGHTS)


def preset_for(secret: bytes, day: date, league: League) -> str:
    """The preset id of the (day, league) Daily: `standard` 5 times in 7 on average, else another."""
    roll = keyed_below(secret, "preset", day.isoformat(), League(league).value, n=_TOTAL)
    for preset_id, weight in PRESET_WEIGHTS:
        if roll < weight:
            return preset_id
        roll -= weight
    raise AssertionError("unreachable: the roll is below the total weight")  # pragma: no cover
