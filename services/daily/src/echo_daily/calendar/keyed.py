"""Keyed derivations from the server secret: HMAC-SHA256 with a purpose label and the inputs.

Everything "random" about the calendar (seeds, name order, preset choice, special days) comes from here,
so it is reproducible on any machine and unguessable without the secret. No `random`, no `hash()`.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

#: Bumping this changes every derived value; never do it for a calendar that is already live.
SCHEME = "echo-daily/v1"
MIN_SECRET_BYTES = 16


def check_secret(secret: bytes) -> bytes:
    if not isinstance(secret, bytes | bytearray):
        raise TypeError(f"the server secret must be bytes, got {type(secret).__name__}")
    if len(secret) < MIN_SECRET_BYTES:
        raise ValueError(f"the server secret must be at least {MIN_SECRET_BYTES} bytes, got {len(secret)}")
    return bytes(secret)


def keyed_digest(secret: bytes, purpose: str, *parts: object) -> bytes:
    """HMAC-SHA256(secret, "scheme|purpose|part|part…"). Parts are rendered with `str`; none may hold '|'."""
    fields = [SCHEME, purpose, *(str(p) for p in parts)]
    for f in fields:
        if "|" in f:
            raise ValueError(f"a keyed-derivation field may not contain '|': {f!r}")
    return hmac.new(check_secret(secret), "|".join(fields).encode("utf-8"), hashlib.sha256).digest()


def keyed_int(secret: bytes, purpose: str, *parts: object, bits: int = 64) -> int:
    """A uniformly distributed non-negative integer below 2**bits (bits <= 256)."""
    if not 1 <= bits <= 256:
        raise ValueError(f"bits must be 1..256, got {bits}")
    return int.from_bytes(keyed_digest(secret, purpose, *parts), "big") >> (256 - bits)


def keyed_below(secret: bytes, purpose: str, *parts: object, n: int) -> int:
    """An integer in range(n); the bias of a 128-bit value reduced mod n is negligible."""
    if n < 1:
        raise ValueError(f"n must be positive, got {n}")
    return keyed_int(secret, purpose, *parts, bits=128) % n


def keyed_permutation(secret: bytes, purpose: str, *parts: object, n: int) -> tuple[int, ...]:
    """A keyed permutation of range(n): the indices sorted by their own HMAC (ties are impossible in
    practice and broken by index)."""
    return tuple(sorted(range(n), key=lambda i: (keyed_digest(secret, purpose, *parts, i), i)))


def keyed_sample(secret: bytes, purpose: str, *parts: object, items: Sequence[T], k: int) -> tuple[T, ...]:
    """k distinct items in keyed order (the first k of a keyed permutation)."""
    if not 0 <= k <= len(items):
        raise ValueError(f"cannot sample {k} of {len(items)} items")
    order = keyed_permutation(secret, purpose, *parts, n=len(items))
    return tuple(items[i] for i in order[:k])
