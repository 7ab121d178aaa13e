from datetime import UTC, datetime

import pytest
from echo_events.envelope import Envelope, unwrap
from echo_events.model import Event
from echo_events.registry import UnknownType, event, event_class, registered_events, upcast, upcaster

pytestmark = pytest.mark.unit


@event("test.ScoreRecorded", version=3)
class ScoreRecorded(Event):
    player: str
    points: int
    league: str


@upcaster("test.ScoreRecorded", 1)
def _v1_to_v2(payload: dict) -> dict:
    return {"player": payload["name"], "points": payload["points"]}


@upcaster("test.ScoreRecorded", 2)
def _v2_to_v3(payload: dict) -> dict:
    return {**payload, "league": "bronze"}


def test_registered_type_is_found_by_name() -> None:
    assert event_class("test.ScoreRecorded") is ScoreRecorded
    assert registered_events()["test.ScoreRecorded"] is ScoreRecorded


def test_unknown_type_is_a_clear_error() -> None:
    with pytest.raises(UnknownType, match="test.Nope"):
        event_class("test.Nope")


def test_old_payload_is_upcast_step_by_step() -> None:
    assert upcast("test.ScoreRecorded", 1, {"name": "Кит", "points": 40}) == {
        "player": "Кит", "points": 40, "league": "bronze"
    }


def test_unwrap_upcasts_a_stored_v1_event() -> None:
    stored = Envelope(event_id="e", event_type="test.ScoreRecorded", schema_version=1, stream_id="s",
                      version=1, occurred_at=datetime(2026, 1, 1, tzinfo=UTC),
                      payload={"name": "Кит", "points": 40})
    assert unwrap(stored) == ScoreRecorded(player="Кит", points=40, league="bronze")


def test_a_newer_version_than_the_code_knows_is_refused() -> None:
    with pytest.raises(ValueError, match="newer"):
        upcast("test.ScoreRecorded", 4, {})


def test_a_type_name_cannot_be_registered_twice() -> None:
    with pytest.raises(ValueError, match="twice"):
        @event("test.ScoreRecorded")
        class Other(Event):
            pass
