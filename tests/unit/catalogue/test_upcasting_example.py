"""The worked example of docs/events.md ("Adding a v2"), step by step: a v2 model, an upcaster from v1,
an old stored v1 envelope read back as v2, and the catalogue showing the version and the upcaster.

The example's type name lives under `example.` so the real contract stays untouched."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Literal

import pytest
from echo_events.catalogue import ACCOUNTS, EventEntry, asyncapi
from echo_events.envelope import Envelope, unwrap, wrap
from echo_events.model import Event
from echo_events.registry import event, upcast, upcaster
from pydantic import Field

pytestmark = pytest.mark.unit


# step 1: the model gets its new field and its version goes up to 2
@event("example.GuestCreated", 2)
class GuestCreated(Event):
    """A device started playing without registration and got a guest account."""

    account_id: str = Field(min_length=1, max_length=64)
    device_id: str = Field(min_length=1, max_length=64)
    platform: Literal["web", "ios", "android", "unknown"] = Field(description="where the guest started (v2)")


# step 2: an upcaster turns a stored v1 payload into a v2 one; it never touches the stream
@upcaster("example.GuestCreated", 1)
def _guest_created_v1_to_v2(payload: dict) -> dict:
    return {**payload, "platform": "unknown"}


V1_ON_DISK = Envelope(event_id="e1", event_type="example.GuestCreated", schema_version=1, stream_id="a1",
                      version=1, occurred_at=datetime(2026, 11, 1, tzinfo=UTC),
                      payload={"account_id": "a1", "device_id": "d1"})


def test_a_stored_v1_event_is_read_as_v2() -> None:
    assert unwrap(V1_ON_DISK) == GuestCreated(account_id="a1", device_id="d1", platform="unknown")


def test_new_events_are_written_as_v2() -> None:
    fresh = wrap(GuestCreated(account_id="a2", device_id="d2", platform="ios"), event_id="e2", stream_id="a2",
                 version=1, occurred_at=datetime(2026, 11, 2, tzinfo=UTC))
    assert fresh.schema_version == 2 and fresh.payload["platform"] == "ios"
    assert unwrap(fresh).platform == "ios"


def test_a_payload_from_the_future_is_refused_not_guessed() -> None:
    with pytest.raises(ValueError, match="newer than this code knows"):
        upcast("example.GuestCreated", 3, {})


def test_the_catalogue_shows_the_version_and_the_upcaster() -> None:
    entry = EventEntry("example.GuestCreated", GuestCreated, 2, (1,), ACCOUNTS)
    document = asyncapi([entry])
    message = document["components"]["messages"]["example.GuestCreated"]
    assert message["x-schema-version"] == 2 and message["x-upcasters-from"] == [1]
    envelope = document["components"]["schemas"]["GuestCreatedEnvelope"]
    assert envelope["properties"]["schema_version"]["maximum"] == 2  # v1 may still be on disk
    assert "platform" in document["components"]["schemas"]["GuestCreated"]["required"]
