"""The Daily calendar: pure functions of (date, league, server secret, launch date). No I/O, no clock.

One concept per module:
- Moscow time (UTC+3, no DST) is computed in one place, `echo_events.moscow`;
- `keyed`    — HMAC-SHA256 derivations from the server secret (the only source of "randomness");
- `leagues`  — the four leagues;
- `seeds`    — the secret per-(date, league) game seed;
- `names`    — the Russian two-word name of Daily № N;
- `presets`  — which field preset a (date, league) Daily uses;
- `special`  — special games (особые партии): which days and which of the engine's rule changes;
- `calendar` — `DailySpec` and `daily_for`, tying the above together.
"""

from echo_events.moscow import (
    MSK,
    countdown_at,
    midnight_msk,
    moscow_date,
    next_midnight,
    warning_at,
    week_end,
    week_of,
)

from .calendar import BeforeLaunch, DailySpec, daily_for, daily_id, daily_number, public_view
from .leagues import League
from .names import daily_name
from .presets import PRESET_IDS, preset_for
from .seeds import daily_seed
from .special import RuleChange, special_for, special_weekdays

__all__ = [
    "MSK",
    "PRESET_IDS",
    "BeforeLaunch",
    "DailySpec",
    "League",
    "RuleChange",
    "countdown_at",
    "daily_for",
    "daily_id",
    "daily_name",
    "daily_number",
    "daily_seed",
    "midnight_msk",
    "moscow_date",
    "next_midnight",
    "preset_for",
    "public_view",
    "special_for",
    "special_weekdays",
    "warning_at",
    "week_end",
    "week_of",
]
