"""Signed session tokens for devices. The token names the account; the social service owns accounts,
the gateway only vouches that this device holds that account."""

from __future__ import annotations

from dataclasses import dataclass

from itsdangerous import BadSignature, URLSafeSerializer

_SALT = "echo.session.v1"


@dataclass(frozen=True, slots=True)
class Identity:
    account_id: str
    device_id: str


class InvalidToken(ValueError):
    pass


class TokenSigner:
    def __init__(self, secret: str) -> None:
        self._serializer = URLSafeSerializer(secret, salt=_SALT)

    def issue(self, identity: Identity) -> str:
        return self._serializer.dumps({"a": identity.account_id, "d": identity.device_id})

    def verify(self, token: str) -> Identity:
        try:
            data = self._serializer.loads(token)
        except BadSignature:
            raise InvalidToken("the session token is not valid") from None
        if not isinstance(data, dict) or not isinstance(data.get("a"), str) or not isinstance(data.get("d"), str):
            raise InvalidToken("the session token is malformed")
        return Identity(account_id=data["a"], device_id=data["d"])
