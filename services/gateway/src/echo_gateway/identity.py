"""Signed session tokens for devices. The token names the account, the device and the session; the social
service owns accounts, the gateway only vouches that this device holds that account.

A token is signed and dated (itsdangerous, the issue time inside the signature): it is refused once older
than the session's lifetime, and renewing a session gives a fresh token. Whether the session is still open
(not signed out) is for `sessions.Sessions` to say: a signature alone cannot be revoked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime

from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

_SALT = "echo.session.v2"  # v1 was undated and had no session: no longer accepted anywhere
#: what an account, device or session id may look like: it names NATS subjects and KV keys
ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


@dataclass(frozen=True, slots=True)
class Identity:
    account_id: str
    device_id: str
    session_id: str


@dataclass(frozen=True, slots=True)
class Signed:
    identity: Identity
    issued_at: datetime


class InvalidToken(ValueError):
    pass


def _well_formed(data: object, *fields: str) -> bool:
    return isinstance(data, dict) and all(
        isinstance(data.get(name), str) and ID.fullmatch(data[name]) for name in fields
    )


class TokenSigner:
    def __init__(self, secret: str, *, max_age_seconds: int) -> None:
        self._serializer = URLSafeTimedSerializer(secret, salt=_SALT)
        self.max_age_seconds = max_age_seconds

    def issue(self, identity: Identity) -> str:
        return self._serializer.dumps({"a": identity.account_id, "d": identity.device_id, "s": identity.session_id})

    def verify(self, token: str) -> Signed:
        """The identity a token names and when it was issued; raises InvalidToken when the signature is wrong,
        the token is older than the lifetime, or an id in it is not one the server could have made."""
        try:
            data, issued = self._serializer.loads(token, max_age=self.max_age_seconds, return_timestamp=True)
        except SignatureExpired:
            raise InvalidToken("the session has expired; sign in again") from None
        except BadSignature:
            raise InvalidToken("the session token is not valid") from None
        if not _well_formed(data, "a", "d", "s"):
            raise InvalidToken("the session token is malformed")
        identity = Identity(account_id=data["a"], device_id=data["d"], session_id=data["s"])
        return Signed(identity, issued.astimezone(UTC))
