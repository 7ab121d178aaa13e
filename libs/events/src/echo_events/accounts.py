"""Events of the accounts context (the social service owns it; the gateway creates guests)."""

from __future__ import annotations

from pydantic import Field

from .model import Event
from .registry import event


def account_subject(account_id: str) -> str:
    return f"account.{account_id}"


@event("account.GuestCreated")
class GuestCreated(Event):
    """A device started playing without registration and got a guest account."""

    account_id: str = Field(min_length=1, max_length=64)
    device_id: str = Field(min_length=1, max_length=64)
