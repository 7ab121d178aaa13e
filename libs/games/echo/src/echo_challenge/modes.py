"""What each mode starts from (echo-challenge.md §14): the Tutorial's fixed field, a Free game's preset and its own
field, the Daily's field from the day's seed. Pure: the caller reads the Daily and the clock."""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass, replace
from datetime import date

from echo_events.daily import DailyPublished, RuleChangeSpec

from echo_challenge.generator import generate
from echo_challenge.presets import PRESETS, get_preset
from echo_challenge.setup import GameSetup
from echo_challenge.specials import with_overrides
from echo_challenge.tutorial import tutorial_setup

FREE_STARTS_PER_DAY = 3
AS_DAILY = "as-daily"


@dataclass(frozen=True, slots=True)
class FreeOption:
    id: str
    title_ru: str
    gist_ru: str


def free_options(daily: DailyPublished | None) -> list[FreeOption]:
    """The Free-game preset list; its first entry is «Как Вызов дня» (today's preset and rules)."""
    options = []
    if daily is not None:
        preset = get_preset(daily.preset_id)
        gist = f"{preset.name_ru} · правила сегодняшнего Вызова, другое поле"
        options.append(FreeOption(AS_DAILY, "Как Вызов дня", gist))
    options += [FreeOption(p.id, p.name_ru, p.gist_ru) for p in PRESETS.values()]
    return options


def _key(*parts: object) -> str:
    return hashlib.blake2b("|".join(map(str, parts)).encode(), digest_size=12).hexdigest()


def _seed(*parts: object) -> int:
    return int.from_bytes(hashlib.blake2b("|".join(map(str, parts)).encode(), digest_size=8).digest(), "big") >> 1


def daily_game_id(account_id: str, daily_id: str) -> str:
    """One game id per (account, Daily): creating it twice is impossible, so one attempt is atomic."""
    return "d" + _key("daily", account_id, daily_id)


def free_game_id(account_id: str, msk_date: date, slot: int) -> str:
    return "f" + _key("free", account_id, msk_date.isoformat(), slot)


def daily_setup(daily: DailyPublished) -> GameSetup:
    """The same field and dice for everyone of the Daily's league: generated once, not at every start
    (at midnight every player of a league starts the same field)."""
    return replace(_daily_setup(daily.preset_id, daily.seed, daily.special), closes_at=daily.closes_at)


@functools.lru_cache(maxsize=64)
def _daily_setup(preset_id: str, seed: int, special: tuple[RuleChangeSpec, ...] | None) -> GameSetup:
    return _with_special(generate(preset_id, seed), special)


def free_setup(preset: str, account_id: str, msk_date: date, slot: int, daily: DailyPublished | None) -> GameSetup:
    seed = _seed("free-field", account_id, msk_date.isoformat(), slot)
    if preset == AS_DAILY:
        if daily is None:
            raise LookupError("there is no Daily today to copy")
        return _with_special(generate(daily.preset_id, seed), daily.special)
    get_preset(preset)  # a clear error for an unknown id
    return generate(preset, seed)


def tutorial() -> GameSetup:
    return tutorial_setup()


def _with_special(setup: GameSetup, special: tuple[RuleChangeSpec, ...] | None) -> GameSetup:
    if not special:
        return setup
    rules = with_overrides(setup.rules, **{change.field: change.value for change in special})
    return GameSetup(field=setup.field, rules=rules, opened=setup.opened, seed=setup.seed, preset=setup.preset)
