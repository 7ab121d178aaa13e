"""How an Echo Challenge game was started, as its `GameCreated` keeps it (`settings`): the preset, and for a
Daily's game its Daily and league, for a Free game its league and which of the day's Free starts it is. The
shared event names no game's fields; this model is Echo's own, read and written through its hosting hooks."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from echo_events.daily import LeagueName
from echo_events.model import Message
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


def start_settings(**fields: Any) -> dict[str, Any]:
    """A new game's settings, validated; only those that are set (as an upcast old game's are)."""
    return StartSettings(**fields).model_dump(mode="json", exclude_none=True)


def started_with(settings: Mapping[str, Any] | None) -> StartSettings:
    """A game's settings as this model (a game's `GameCreated.settings`). Every view of a game reads it: the
    model is validated once per distinct settings (a frozen model, shared)."""
    return _validated(tuple((settings or {}).items()))


@lru_cache(maxsize=4096)
def _validated(items: tuple[tuple[str, Any], ...]) -> StartSettings:
    return StartSettings.model_validate(dict(items))
