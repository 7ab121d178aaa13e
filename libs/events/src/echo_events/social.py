"""Events of the social context: callsigns, e-mail, devices, friends, blocks and challenges.

The social service decides every one of them and publishes each on the subject of the account it is
about, `account.<account_id>` (stream ACCOUNTS), after GuestCreated (version 1, from the gateway on
`account.guest.<account_id>`, echo_events.accounts).
A fact that concerns two accounts (a mutual friendship made by a challenge) is two events, one on each
account's subject.

No e-mail address travels in an event: the stream is kept for ever and read by analysts, so events carry
a masked form («v***@example.com») only; the address itself lives in the social service's database.
"""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import AwareDatetime, Field

from .accounts import account_subject
from .model import Event
from .registry import event

AccountId = str
FriendVia = Literal["search", "chart", "challenge"]

__all__ = [
    "CallsignChanged",
    "ChallengeAccepted",
    "ChallengeCreated",
    "ChallengeOpened",
    "DeviceLinked",
    "EmailConfirmationRequested",
    "EmailConfirmed",
    "FriendAdded",
    "FriendRemoved",
    "LoginLinkRequested",
    "PlayerBlocked",
    "PlayerUnblocked",
    "account_subject",
    "mask_email",
]

_Id = Field(min_length=1, max_length=64)


def mask_email(address: str) -> str:
    """«vasya@example.com» → «v***@example.com»: enough to recognise one's own address, not to mail it."""
    local, _, domain = address.partition("@")
    return f"{local[:1]}***@{domain}"


@event("account.CallsignChanged")
class CallsignChanged(Event):
    """The account took a callsign (Позывной), or changed it. `previous` is None the first time."""

    account_id: AccountId = _Id
    callsign: str = Field(min_length=1, max_length=40)
    previous: str | None = None


@event("account.EmailConfirmationRequested")
class EmailConfirmationRequested(Event):
    """A confirmation link was mailed; it works once, until `expires_at`."""

    account_id: AccountId = _Id
    email_masked: str
    expires_at: AwareDatetime


@event("account.EmailConfirmed")
class EmailConfirmed(Event):
    """The account's e-mail is confirmed: Chart, Leagues and challenges are open to it from now on."""

    account_id: AccountId = _Id
    email_masked: str


@event("account.LoginLinkRequested")
class LoginLinkRequested(Event):
    """A one-time login link was mailed to the account's confirmed e-mail."""

    account_id: AccountId = _Id
    expires_at: AwareDatetime


@event("account.DeviceLinked")
class DeviceLinked(Event):
    """Another device logged in to the account by an e-mailed link and holds it from now on."""

    account_id: AccountId = _Id
    device_id: str = _Id


@event("account.FriendAdded")
class FriendAdded(Event):
    """`account_id` added `friend_id` (no consent needed). `mutual`: the friend had added him already (⇄)."""

    account_id: AccountId = _Id
    friend_id: AccountId = _Id
    mutual: bool
    via: FriendVia = "search"


@event("account.FriendRemoved")
class FriendRemoved(Event):
    """`friend_id` is no longer in `account_id`'s friends (removed by him, or by a block either way)."""

    account_id: AccountId = _Id
    friend_id: AccountId = _Id
    reason: Literal["removed", "blocked"] = "removed"


@event("account.PlayerBlocked")
class PlayerBlocked(Event):
    """`account_id` blocked `blocked_id`: the blocked one cannot add him, challenge him or see him in
    friend lists."""

    account_id: AccountId = _Id
    blocked_id: AccountId = _Id


@event("account.PlayerUnblocked")
class PlayerUnblocked(Event):
    account_id: AccountId = _Id
    blocked_id: AccountId = _Id


@event("account.ChallengeCreated")
class ChallengeCreated(Event):
    """The account's challenge link for one Daily day (Moscow date); one per account per day."""

    account_id: AccountId = _Id
    challenge_id: str = _Id
    daily_date: dt.date


@event("account.ChallengeOpened")
class ChallengeOpened(Event):
    """`account_id` opened `sender_id`'s challenge link."""

    account_id: AccountId = _Id
    challenge_id: str = _Id
    sender_id: AccountId = _Id


@event("account.ChallengeAccepted")
class ChallengeAccepted(Event):
    """`account_id` played through `sender_id`'s challenge link. `friends_made`: the two became mutual
    friends by it (false when either has blocked the other)."""

    account_id: AccountId = _Id
    challenge_id: str = _Id
    sender_id: AccountId = _Id
    daily_date: dt.date
    friends_made: bool
