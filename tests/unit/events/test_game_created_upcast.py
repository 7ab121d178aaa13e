"""`echo.GameCreated` v1 as the engine stored it (bytes from the recorded streams, and one from before games had a
kind) reads as v2: the shared fields as they were, the one game's own start fields in `settings`, where its own
model reads them (Echo Challenge's `started_with`, as the platform's start). And back: a v2 written as v1 for a
rollout's old engines is what those engines read from the v1 the old code wrote."""

from __future__ import annotations

from typing import Any, Literal

import pytest
from echo_challenge.start_settings import start_settings, started_with
from echo_events.envelope import Envelope, unwrap
from echo_events.model import Event
from echo_events.play import GameCreated
from echo_events.registry import downcast, upcast
from echo_events.solo_start import DailyRef, SoloStart
from pydantic import Field


class GameCreatedV1(Event):
    """v1's model as the code before v2 declared it: what an engine not yet rolled out reads."""

    game_id: str
    account_id: str
    mode: Literal["tutorial", "free", "daily", "table"]
    preset_id: str
    daily_id: str | None = None
    daily_number: int | None = None
    league: Literal["bronze", "silver", "gold", "platinum"] | None = None
    free_slot: int | None = Field(None, ge=1, le=3)
    msk_date: str
    kind: str = "echo"
    seats: int = 1
    settings: dict[str, Any] | None = None
    invite: str | None = None

ENVELOPE = (b'{"event_id":"701bf21803aabe56afddf839050c6646","event_type":"echo.GameCreated","schema_version":1,'
            b'"stream_id":"d4e26365ebee30c04a7c78905","version":1,"occurred_at":"2026-12-06T15:11:30.036025Z",'
            b'"correlation_id":"c","causation_id":"c","payload":%s}')

DAILY_V1 = (b'{"game_id":"d4e26365ebee30c04a7c78905","account_id":"daily-c86f4ea4","mode":"daily",'
            b'"preset_id":"standard","daily_id":"2026-12-06:bronze","daily_number":36,"league":"bronze",'
            b'"free_slot":null,"msk_date":"2026-12-06","kind":"echo","seats":1,"settings":null,"invite":null}')
FREE_V1 = (b'{"game_id":"fcada0ca9ccf46cc60207b6d7","account_id":"free-ec131127","mode":"free","preset_id":"standard",'
           b'"daily_id":null,"daily_number":null,"league":"bronze","free_slot":1,"msk_date":"2026-12-06",'
           b'"kind":"echo","seats":1,"settings":null,"invite":null}')
TUTORIAL_BEFORE_KINDS_V1 = (b'{"game_id":"t5e3881d91574e17cc8e5e258","account_id":"tutor-dd54de9f","mode":"tutorial",'
                            b'"preset_id":"tutorial","daily_id":null,"daily_number":null,"league":null,'
                            b'"free_slot":null,"msk_date":"2026-11-29"}')
TABLE_V1 = (b'{"game_id":"k65a8aebde1c5ff4cecf84c37","account_id":"ghost-4577f30f","mode":"table",'
            b'"preset_id":"ghost_five","daily_id":null,"daily_number":null,"league":null,"free_slot":null,'
            b'"msk_date":"2026-12-06","kind":"ghost_five","seats":2,"settings":{"opponent":"bot","clock":false},'
            b'"invite":"3EnniTVbkG_BHHWJ"}')


def read(payload: bytes) -> GameCreated:
    event = unwrap(Envelope.model_validate_json(ENVELOPE % payload))
    assert isinstance(event, GameCreated)
    return event


def test_a_stored_v1_daily_game_reads_as_v2_with_its_daily_in_the_echo_settings() -> None:
    assert read(DAILY_V1) == GameCreated(
        game_id="d4e26365ebee30c04a7c78905", account_id="daily-c86f4ea4", mode="daily", msk_date="2026-12-06",
        kind="echo", seats=1, settings={"preset_id": "standard", "daily_id": "2026-12-06:bronze", "daily_number": 36,
                                        "league": "bronze"})
    assert started_with(read(DAILY_V1).settings) == SoloStart("standard", "bronze", DailyRef("2026-12-06:bronze", 36))


def test_a_stored_v1_free_game_keeps_its_slot_and_league() -> None:
    assert read(FREE_V1).settings == {"preset_id": "standard", "league": "bronze", "free_slot": 1}
    assert started_with(read(FREE_V1).settings).free_slot == 1


def test_a_v1_game_from_before_kinds_is_echo_challenge_s() -> None:
    created = read(TUTORIAL_BEFORE_KINDS_V1)
    assert (created.kind, created.mode, created.msk_date) == ("echo", "tutorial", "2026-11-29")
    assert created.settings == {"preset_id": "tutorial"}


def test_a_stored_v1_table_keeps_its_settings_and_drops_the_preset_that_was_its_kind() -> None:
    assert read(TABLE_V1) == GameCreated(
        game_id="k65a8aebde1c5ff4cecf84c37", account_id="ghost-4577f30f", mode="table", msk_date="2026-12-06",
        kind="ghost_five", seats=2, settings={"opponent": "bot", "clock": False}, invite="3EnniTVbkG_BHHWJ")


def test_a_new_echo_game_is_written_as_an_upcast_old_one_reads() -> None:
    """What the engine writes now (v2, Echo's settings without the unset ones) equals the upcast v1 of the same
    game: a projection keyed on either sees one shape."""
    upcast_free = read(FREE_V1)
    written = GameCreated(game_id=upcast_free.game_id, account_id=upcast_free.account_id, mode="free",
                          msk_date="2026-12-06", kind="echo",
                          settings=start_settings(SoloStart("standard", "bronze", free_slot=1)))
    assert written == upcast_free
    assert GameCreated.schema_version == 2


def test_a_payload_newer_than_v2_is_refused() -> None:
    with pytest.raises(ValueError, match="newer than this code knows"):
        upcast("echo.GameCreated", 3, {})


@pytest.mark.parametrize("stored", [DAILY_V1, FREE_V1, TABLE_V1], ids=["daily", "free", "table"])
def test_a_v2_written_as_v1_is_what_an_old_engine_read_from_the_v1_it_wrote(stored: bytes) -> None:
    written = downcast("echo.GameCreated", 1, read(stored).model_dump(mode="json"))
    assert GameCreatedV1.model_validate(written) == GameCreatedV1.model_validate_json(stored)
    assert GameCreated.model_validate(upcast("echo.GameCreated", 1, written)) == read(stored)
