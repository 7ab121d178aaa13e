"""Issue 35, point 3: the gateway's NATS user writes guests and nothing else of an account. With its
credentials a forged `account.EmailConfirmed` is refused on the account's subject (the social service's);
on the guest's own subject NATS cannot read what is written, so the projections take nothing but the
guest's GuestCreated from there — the forged confirmation counts for nobody, and it does not move the
projection past the social service's real events. Before: the gateway could write `account.<id>`, and the
leagues projection counted the guest as confirmed."""

from __future__ import annotations

import datetime as dt
import uuid

import pytest
from echo_events.accounts import account_subject, guest_subject
from echo_events.envelope import Batch, Envelope, decode, encode
from echo_gateway.accounts import create_guest
from echo_runtime.clock import SystemClock
from echo_runtime.nats_client import connect
from nats.errors import NoRespondersError
from nats.errors import TimeoutError as NatsTimeout

from tests.support.nats_users import CREDENTIALS

pytestmark = pytest.mark.integration

T0 = dt.datetime(2026, 11, 16, 6, 0, tzinfo=dt.UTC)


def forged(account_id: str, event_type: str, version: int, payload: dict) -> bytes:
    return encode(Batch(events=(Envelope(
        event_id=uuid.uuid4().hex, event_type=event_type, schema_version=1, stream_id=account_id,
        version=version, occurred_at=T0, payload={"account_id": account_id, **payload}),)))


async def confirmed_week(leagues, account_id: str):  # noqa: ANN001, ANN201
    await leagues.settle()
    return await leagues.pool.fetchval("SELECT confirmed_week FROM leagues_accounts WHERE account_id = $1",
                                       account_id)


async def test_the_gateways_user_writes_guests_only_and_a_forged_confirmation_counts_for_nobody(leagues) -> None:  # noqa: ANN001
    gateway = await connect(leagues.nats_url, "gateway", password=CREDENTIALS["gateway"])
    try:
        js = gateway.jetstream(timeout=1)
        guest = await create_guest(js, SystemClock())  # the gateway's own code, with its own user
        account = guest.account_id
        stored = await leagues.js.get_last_msg("ACCOUNTS", guest_subject(account))
        assert [e.event_type for e in decode(stored.data).events] == ["account.GuestCreated"]

        confirmation = forged(account, "account.EmailConfirmed", 2, {"email_masked": "v***@example.com"})
        with pytest.raises((NatsTimeout, NoRespondersError, TimeoutError)):
            await js.publish(account_subject(account), confirmation, stream="ACCOUNTS")
        # its own subject takes any bytes; what is not its guest's creation there is dropped
        await js.publish(guest_subject(account), confirmation, stream="ACCOUNTS")
        await js.publish(guest_subject(account), forged(account, "account.GuestCreated", 3, {"device_id": "d"}),
                         stream="ACCOUNTS")
        assert await confirmed_week(leagues, account) is None
    finally:
        await gateway.close()

    # the social service's real confirmation (version 2, on the account's subject) still counts: the
    # forgeries moved the projection past nothing
    leagues.accounts.versions[account] = 1
    await leagues.accounts.confirm(account, T0)
    assert await confirmed_week(leagues, account) is not None


async def test_a_guest_created_before_the_guest_subjects_still_counts(leagues) -> None:  # noqa: ANN001
    """Guests from before the split have GuestCreated on `account.<id>`, which only social writes now."""
    account = uuid.uuid4().hex
    await leagues.js.publish(account_subject(account), forged(account, "account.GuestCreated", 1, {"device_id": "d"}),
                             stream="ACCOUNTS")
    leagues.accounts.versions[account] = 1
    await leagues.accounts.confirm(account, T0)
    assert await confirmed_week(leagues, account) is not None
