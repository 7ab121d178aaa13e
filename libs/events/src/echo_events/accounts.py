"""Events of the accounts context (the social service owns it; the gateway creates guests).

Two kinds of subject in the ACCOUNTS stream, each with one writer (NATS permissions, echo_runtime.nats_access):
`account.guest.<id>` is the gateway's, and carries only the account's GuestCreated; `account.<id>` is the
social service's, and carries everything else that happens to the account. An account's events are the
two read together, in version order (GuestCreated is version 1). Guests created before the split have their
GuestCreated on `account.<id>`; it is valid there too, since only the social service may write that subject now.
"""

from __future__ import annotations

from pydantic import Field

from .envelope import Batch
from .model import Event
from .registry import event

#: the social service's subjects: one per account (one token after `account.`)
ACCOUNT_SUBJECTS = "account.*"
#: the gateway's subjects: one per guest, holding its GuestCreated and nothing else
GUEST_SUBJECTS = "account.guest.*"
_GUEST_PREFIX = "account.guest."


def account_subject(account_id: str) -> str:
    return f"account.{account_id}"


def guest_subject(account_id: str) -> str:
    return f"{_GUEST_PREFIX}{account_id}"


@event("account.GuestCreated")
class GuestCreated(Event):
    """A device started playing without registration and got a guest account."""

    account_id: str = Field(min_length=1, max_length=64)
    device_id: str = Field(min_length=1, max_length=64)


def from_its_writer(subject: str, batch: Batch) -> tuple[Batch | None, tuple[str, ...]]:
    """The part of a batch its subject's writer may write, and the event types of the rest.

    On a guest subject that is the GuestCreated of that very account, as its first event (version 1: a later
    version would move the projections' positions past a real event of the social service's); anything else
    there is not the social service's and is not taken as a fact."""
    if not subject.startswith(_GUEST_PREFIX):
        return batch, ()
    account = subject.removeprefix(_GUEST_PREFIX)
    kept = tuple(e for e in batch.events if e.event_type == GuestCreated.event_type
                 and e.version == 1 and e.stream_id == account and e.payload.get("account_id") == account)
    refused = tuple(e.event_type for e in batch.events if e not in kept)
    return (Batch(events=kept) if kept else None), refused
