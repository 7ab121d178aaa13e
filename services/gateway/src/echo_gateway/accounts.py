"""Guest accounts: a new device gets an account at once and a signed token for it."""

from __future__ import annotations

import uuid

from echo_events.accounts import GuestCreated, account_subject
from echo_events.envelope import Batch, wrap
from echo_events.streams import ACCOUNTS
from echo_runtime.append import append
from echo_runtime.clock import Clock
from nats.js import JetStreamContext

from .identity import Identity


async def create_guest(js: JetStreamContext, clock: Clock) -> Identity:
    identity = Identity(account_id=uuid.uuid4().hex, device_id=uuid.uuid4().hex)
    event_id = uuid.uuid4().hex
    envelope = wrap(
        GuestCreated(account_id=identity.account_id, device_id=identity.device_id),
        event_id=event_id, stream_id=identity.account_id, version=1, occurred_at=clock.now(),
    )
    await append(js, ACCOUNTS.name, account_subject(identity.account_id), Batch(events=(envelope,)),
                 msg_id=event_id, expected_last_sequence=0)
    return identity
