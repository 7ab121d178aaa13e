"""Commands of the social context: orders sent to the social service by NATS request/reply.

Subject: `social.cmd.<name>` (e.g. `social.cmd.callsign.set`), body: the command as JSON. The reply is
JSON: `{"ok": true, ...result}` or `{"ok": false, "error": {"code", "message", "message_ru"}}`.
`account_id` is the caller, vouched for by the gateway (a signed session token); the social service
trusts the internal subjects and checks that the account exists.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, StringConstraints, model_validator

from .model import Command
from .registry import command

SUBJECT_PREFIX = "social.cmd."
QUEUE_GROUP = "social"

AccountId = Annotated[str, StringConstraints(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
Token = Annotated[str, StringConstraints(min_length=16, max_length=128, pattern=r"^[A-Za-z0-9_-]+$")]
Email = Annotated[str, StringConstraints(min_length=3, max_length=254, strip_whitespace=True)]
RawCallsign = Annotated[str, StringConstraints(max_length=100)]


def command_subject(name: str) -> str:
    return SUBJECT_PREFIX + name


@command("account.get")
class GetAccount(Command):
    account_id: AccountId


@command("callsign.set")
class SetCallsign(Command):
    account_id: AccountId
    callsign: RawCallsign


@command("email.request")
class RequestEmailConfirmation(Command):
    account_id: AccountId
    email: Email


@command("email.confirm")
class ConfirmEmail(Command):
    token: Token


@command("login.request")
class RequestLoginLink(Command):
    email: Email


@command("login.complete")
class CompleteLogin(Command):
    token: Token


@command("friends.search")
class SearchPlayers(Command):
    account_id: AccountId
    query: Annotated[str, StringConstraints(min_length=1, max_length=20, strip_whitespace=True)]
    limit: int = Field(20, ge=1, le=50)


@command("friends.add")
class AddFriend(Command):
    """Add by callsign (search, a Chart) or by account id (a league group); exactly one of them."""

    account_id: AccountId
    callsign: RawCallsign | None = None
    friend_id: AccountId | None = None

    @model_validator(mode="after")
    def _one_target(self) -> AddFriend:
        if (self.callsign is None) == (self.friend_id is None):
            raise ValueError("give exactly one of callsign, friend_id")
        return self


@command("friends.remove")
class RemoveFriend(Command):
    account_id: AccountId
    friend_id: AccountId


@command("friends.list")
class ListFriends(Command):
    account_id: AccountId


@command("friends.block")
class BlockPlayer(Command):
    account_id: AccountId
    target_id: AccountId


@command("friends.unblock")
class UnblockPlayer(Command):
    account_id: AccountId
    target_id: AccountId


@command("challenge.create")
class CreateChallenge(Command):
    """Today's challenge link of the account (made on first call, the same one after)."""

    account_id: AccountId


@command("challenge.open")
class OpenChallenge(Command):
    account_id: AccountId
    token: Token


@command("challenge.preview")
class PreviewChallenge(Command):
    """What a challenge link's preview shows (its day and sender), for anyone: a messenger fetching the
    link has no account, and nothing is recorded."""

    token: Token


@command("challenge.played")
class RecordChallengePlayed(Command):
    """Internal (game events will send it): `account_id` played his Daily through the link `token`."""

    account_id: AccountId
    token: Token


def ok(**result: Any) -> dict[str, Any]:
    return {"ok": True, **result}
