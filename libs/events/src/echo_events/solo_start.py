"""How a solo game was started, in the platform's words: the preset it was generated from, the league its
player started in, the Daily it is an attempt at, and which of the day's Free games it is. The engine writes a
new game's start as this and reads it back from every game of every solo kind; each game keeps it in its
`GameCreated.settings` as its own model (the solo hooks `start_settings` and `started_with`, see `game_rules`),
so the engine names no game's fields. The Daily and the leagues are the platform's: the daily service
publishes them (`echo_events.daily`)."""

from __future__ import annotations

from dataclasses import dataclass

from .daily import LeagueName


@dataclass(frozen=True, slots=True)
class DailyRef:
    """The Daily a game is its player's attempt at: its id and its number (its league is the game's)."""

    daily_id: str
    number: int


@dataclass(frozen=True, slots=True)
class SoloStart:
    """`league`: the league the player started in (a Daily's game: its Daily's league; None in the Tutorial);
    `daily`: a Daily's game only; `free_slot`: a Free game only, which of the day's Free games it is (from 1)."""

    preset: str
    league: LeagueName | None = None
    daily: DailyRef | None = None
    free_slot: int | None = None

    @property
    def daily_id(self) -> str | None:
        """The Daily's id (None: not a Daily's game), as the engine's lists keep it."""
        return None if self.daily is None else self.daily.daily_id
