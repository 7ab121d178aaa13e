"""While a rollout has engines that read only `echo.GameCreated` v1 beside this one, this one writes it as v1
(`ECHO_ENGINE_WRITE_VERSIONS`): the batch says v1, its payload is v1's, and reading it back gives the same game."""

from __future__ import annotations

from datetime import UTC, datetime

import orjson
from echo_challenge.start_settings import start_settings
from echo_engine.batches import encode_wrapped
from echo_events.envelope import decode, unwrap
from echo_events.play import GameCreated, SeatTaken
from echo_events.solo_start import DailyRef, SoloStart

AT = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)
DAILY = GameCreated(game_id="d1", account_id="ann", mode="daily", kind="echo", msk_date="2026-12-06",
                    settings=start_settings(SoloStart("standard", "bronze", DailyRef("2026-12-06:bronze", 36))))


def batch(written_as: dict[str, int] | None) -> bytes:
    return encode_wrapped([DAILY, SeatTaken(seat=0, account_id="ann")], event_ids=["e1", "e2"], stream_id="d1",
                          first_version=1, occurred_at=AT, written_as=written_as).data


def test_a_pinned_event_is_written_at_the_older_version_and_reads_back_the_same() -> None:
    created, seated = decode(batch({"echo.GameCreated": 1})).events
    assert (created.schema_version, seated.schema_version) == (1, 1)
    assert created.payload == {"game_id": "d1", "account_id": "ann", "mode": "daily", "msk_date": "2026-12-06",
                               "kind": "echo", "seats": 1, "invite": None, "preset_id": "standard",
                               "daily_id": "2026-12-06:bronze", "daily_number": 36, "league": "bronze",
                               "settings": None}
    assert unwrap(created) == DAILY


def test_without_a_pin_every_event_is_written_at_its_own_version() -> None:
    created = decode(batch(None)).events[0]
    assert created.schema_version == 2
    assert created.payload == orjson.loads(DAILY.model_dump_json())
    assert batch(None) == batch({"echo.GameCreated": 2})
