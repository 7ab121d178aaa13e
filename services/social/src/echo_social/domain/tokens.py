"""One-time tokens for e-mailed links: unguessable, stored only as a hash, single-use, expiring.

The caller passes the random source's output in (`issue(secret=...)` defaults to `secrets`), so tests can
fix it; the database keeps `hash_token(token)` and never the token itself.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from .rejections import Rejection

TOKEN_BYTES = 32  # 256 bits → 43 URL-safe characters

INVALID = Rejection("token_invalid", "This link is not valid.", "Ссылка недействительна.")
USED = Rejection(
    "token_used",
    "This link was used already; ask for a new one.",
    "По этой ссылке уже переходили — запросите новую.",
)
EXPIRED = Rejection(
    "token_expired", "This link has expired; ask for a new one.", "Срок ссылки истёк — запросите новую."
)


@dataclass(frozen=True, slots=True)
class IssuedToken:
    token: str  # goes into the mail only
    token_hash: str  # goes into the database
    expires_at: datetime


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def issue(now: datetime, lifetime: timedelta, token: str | None = None) -> IssuedToken:
    token = token or new_token()
    return IssuedToken(token=token, token_hash=hash_token(token), expires_at=now + lifetime)


def verdict(
    *, found: bool, used_at: datetime | None, expires_at: datetime | None, now: datetime
) -> Rejection | None:
    """Why a stored token cannot be redeemed now, or None when it can."""
    if not found or expires_at is None:
        return INVALID
    if used_at is not None:
        return USED
    if now >= expires_at:
        return EXPIRED
    return None
