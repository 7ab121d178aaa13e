"""How an Echo Challenge game was started, as its `GameCreated` keeps it (`settings`): the preset, and for a
Daily's game its Daily and league, for a Free game its league and which of the day's Free starts it is. The
shared event names no game's fields, and the engine reads none of these: this model is Echo's own, turned from
and into the platform's `SoloStart` by its hosting hooks `start_settings` and `started_with`."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from echo_events.daily import LeagueName
from echo_events.model import Message
from echo_events.solo_start import DailyRef, SoloStart
from pydantic import Field

from .modes import FREE_STARTS_PER_DAY


class StartSettings(Message):
    """Bounded exactly as `GameCreated` v1 bounded these fields: every game stored then must read (a narrower
    bound would need a new version)."""

    preset_id: str = Field(description="the preset the game was generated from (tutorial: its own)")
    daily_id: str | None = Field(None, description="a Daily's game: its Daily")
    daily_number: int | None = Field(None, description="a Daily's game: the Daily's number")
    league: LeagueName | None = Field(None, description="the league the player started in (Daily, Free)")
    free_slot: int | None = Field(None, ge=1, le=FREE_STARTS_PER_DAY, description="which of the day's Free starts")


def start_settings(start: SoloStart) -> dict[str, Any]:
    """A new game's settings, validated; only those that are set (as an upcast old game's are)."""
    daily = start.daily
    return StartSettings(preset_id=start.preset, daily_id=None if daily is None else daily.daily_id,
                         daily_number=None if daily is None else daily.number, league=start.league,
                         free_slot=start.free_slot).model_dump(mode="json", exclude_none=True)


def started_with(settings: Mapping[str, Any] | None) -> SoloStart:
    """A game's settings (its `GameCreated.settings`) as the platform's start. Every view of a game reads it:
    the settings are validated once per distinct settings (a frozen start, shared)."""
    return _started(tuple((settings or {}).items()))


@lru_cache(maxsize=4096)
def _started(items: tuple[tuple[str, Any], ...]) -> SoloStart:
    settings = StartSettings.model_validate(dict(items))
    daily = (None if settings.daily_id is None or settings.daily_number is None
             else DailyRef(settings.daily_id, settings.daily_number))
    return SoloStart(preset=settings.preset_id, league=settings.league, daily=daily, free_slot=settings.free_slot)
