"""Which events of an ACCOUNTS message its subject's writer may write (issue 35, point 3)."""

from datetime import UTC, datetime

import pytest
from echo_events.accounts import GuestCreated, account_subject, from_its_writer, guest_subject
from echo_events.envelope import Batch, Envelope, wrap

pytestmark = pytest.mark.unit

AT = datetime(2026, 12, 6, tzinfo=UTC)


def created(account: str, *, version: int = 1, stream_id: str | None = None) -> Envelope:
    return wrap(GuestCreated(account_id=account, device_id="d"), event_id=f"e{version}",
                stream_id=stream_id or account, version=version, occurred_at=AT)


def confirmed(account: str, version: int = 2) -> Envelope:
    return Envelope(event_id="c", event_type="account.EmailConfirmed", schema_version=1, stream_id=account,
                    version=version, occurred_at=AT, payload={"account_id": account, "email_masked": "v***@x.org"})


def test_a_guest_subject_gives_its_own_guests_creation_and_nothing_else() -> None:
    own = Batch(events=(created("a"),))
    assert from_its_writer(guest_subject("a"), own) == (own, ())
    assert from_its_writer(guest_subject("a"), Batch(events=(confirmed("a"),))) == (None, ("account.EmailConfirmed",))
    mixed = Batch(events=(created("a"), confirmed("a")))
    assert from_its_writer(guest_subject("a"), mixed) == (own, ("account.EmailConfirmed",))


@pytest.mark.parametrize("envelope", [created("b"), created("a", stream_id="b"), created("a", version=2)],
                         ids=["another account", "another stream", "not the first version"])
def test_a_guest_creation_not_of_that_guest_or_not_first_is_dropped(envelope: Envelope) -> None:
    assert from_its_writer(guest_subject("a"), Batch(events=(envelope,))) == (None, ("account.GuestCreated",))


def test_the_social_services_subject_gives_everything_older_guests_creation_included() -> None:
    batch = Batch(events=(created("a"), confirmed("a")))
    assert from_its_writer(account_subject("a"), batch) == (batch, ())
