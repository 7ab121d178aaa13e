"""Guest accounts: a new device gets an account at once (its session is opened by the caller)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from echo_events.accounts import GuestCreated, guest_subject
from echo_events.envelope import Batch, wrap
from echo_events.streams import ACCOUNTS
from echo_runtime.append import append
from echo_runtime.clock import Clock
from nats.js import JetStreamContext


@dataclass(frozen=True, slots=True)
class Guest:
    account_id: str
    device_id: str


async def create_guest(js: JetStreamContext, clock: Clock) -> Guest:
    guest = Guest(account_id=uuid.uuid4().hex, device_id=uuid.uuid4().hex)
    event_id = uuid.uuid4().hex
    envelope = wrap(
        GuestCreated(account_id=guest.account_id, device_id=guest.device_id),
        event_id=event_id, stream_id=guest.account_id, version=1, occurred_at=clock.now(),
    )
    await append(js, ACCOUNTS.name, guest_subject(guest.account_id), Batch(events=(envelope,)),
                 msg_id=event_id, expected_last_sequence=0)
    return guest
