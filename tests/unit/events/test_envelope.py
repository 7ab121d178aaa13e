from datetime import UTC, datetime

import pytest
from echo_events.accounts import GuestCreated
from echo_events.envelope import Batch, Envelope, decode, encode, unwrap, wrap
from pydantic import ValidationError

pytestmark = pytest.mark.unit

AT = datetime(2026, 11, 29, 21, 0, tzinfo=UTC)


def make_envelope(**overrides: object) -> Envelope:
    fields = {"event_id": "e1", "stream_id": "acc1", "version": 1, "occurred_at": AT,
              "correlation_id": "c1", "causation_id": "cmd1"}
    fields.update(overrides)
    return wrap(GuestCreated(account_id="acc1", device_id="dev1"), **fields)


def test_wrap_records_type_version_and_ids() -> None:
    envelope = make_envelope()
    assert envelope.event_type == "account.GuestCreated"
    assert envelope.schema_version == 1
    assert (envelope.correlation_id, envelope.causation_id) == ("c1", "cmd1")
    assert envelope.payload == {"account_id": "acc1", "device_id": "dev1"}


def test_batch_survives_the_wire_unchanged() -> None:
    batch = Batch(events=(make_envelope(), make_envelope(event_id="e2", version=2)))
    assert decode(encode(batch)) == batch
    assert unwrap(decode(encode(batch)).events[1]) == GuestCreated(account_id="acc1", device_id="dev1")


def test_envelope_refuses_naive_time_empty_ids_and_version_zero() -> None:
    with pytest.raises(ValidationError, match="occurred_at"):
        make_envelope(occurred_at=datetime(2026, 1, 1))
    with pytest.raises(ValidationError, match="event_id"):
        make_envelope(event_id="")
    with pytest.raises(ValidationError, match="version"):
        make_envelope(version=0)


def test_empty_batch_is_refused() -> None:
    with pytest.raises(ValidationError, match="events"):
        Batch(events=())


def test_events_are_frozen_and_refuse_unknown_fields() -> None:
    event = GuestCreated(account_id="a", device_id="d")
    with pytest.raises(ValidationError):
        event.account_id = "b"  # type: ignore[misc]
    with pytest.raises(ValidationError, match="extra"):
        GuestCreated(account_id="a", device_id="d", admin=True)  # type: ignore[call-arg]


def test_decode_of_garbage_names_the_problem() -> None:
    with pytest.raises(ValidationError, match="Invalid JSON"):
        decode(b"{not json")
