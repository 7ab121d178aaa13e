"""Echo Challenge keeps the platform's `SoloStart` in its own `GameCreated.settings` and reads it back (its solo
hooks `start_settings` and `started_with`): every mode comes back as it went in, and the settings written are
byte for byte those the engine wrote when it still named Echo's fields (the recorded streams' games)."""

from __future__ import annotations

import pytest
from echo_challenge import hosting as echo
from echo_events.play import GameCreated
from echo_events.solo_start import DailyRef, SoloStart

pytestmark = pytest.mark.unit

TUTORIAL = SoloStart("tutorial")
FREE = SoloStart("standard", "bronze", free_slot=1)
DAILY = SoloStart("standard", "bronze", DailyRef("2026-12-06:bronze", 36))

#: the `settings` of each mode's GameCreated as written before the platform had its own start
WRITTEN_BEFORE = [
    ("tutorial", TUTORIAL, b'"settings":{"preset_id":"tutorial"}'),
    ("free", FREE, b'"settings":{"preset_id":"standard","league":"bronze","free_slot":1}'),
    ("daily", DAILY,
     b'"settings":{"preset_id":"standard","daily_id":"2026-12-06:bronze","daily_number":36,"league":"bronze"}'),
]


@pytest.mark.parametrize(("mode", "start", "written"), WRITTEN_BEFORE, ids=[case[0] for case in WRITTEN_BEFORE])
def test_a_start_is_written_as_before_and_reads_back_as_it_went_in(mode: str, start: SoloStart,
                                                                     written: bytes) -> None:
    created = GameCreated(game_id="g1", account_id="a1", mode=mode, msk_date="2026-12-06", kind=echo.KIND,
                          settings=echo.start_settings(start))
    assert written in created.model_dump_json().encode()
    assert echo.started_with(created.settings) == start


def test_the_engines_names_for_a_daily_come_from_the_start() -> None:
    assert DAILY.daily_id == "2026-12-06:bronze" and FREE.daily_id is None and TUTORIAL.daily_id is None


def test_equal_settings_are_read_once() -> None:
    settings = echo.start_settings(DAILY)
    assert echo.started_with(dict(settings)) is echo.started_with(dict(settings))


def test_settings_outside_echos_bounds_are_refused() -> None:
    with pytest.raises(ValueError):
        echo.start_settings(SoloStart("standard", "bronze", free_slot=echo.FREE_GAMES_PER_DAY + 1))
    with pytest.raises(ValueError):
        echo.started_with({"preset_id": "standard", "league": "diamond"})
