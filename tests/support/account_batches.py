"""A one-event batch of an account's stream, for tests that append to ACCOUNTS."""

import uuid
from datetime import UTC, datetime

from echo_events.accounts import GuestCreated
from echo_events.envelope import Batch, wrap


def guest_batch(stream_id: str, version: int) -> Batch:
    """`GuestCreated` of the account `stream_id` (device `d<version>`) as its stream's event `version`."""
    event = GuestCreated(account_id=stream_id, device_id=f"d{version}")
    return Batch(events=(wrap(event, event_id=uuid.uuid4().hex, stream_id=stream_id, version=version,
                              occurred_at=datetime.now(UTC)),))
