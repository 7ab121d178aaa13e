"""Seeded draws (docs/games/ark.md, "Randomness"): HMAC-SHA256 of the room seed, rejection-sampled, and
Fisher–Yates shuffles.

Nothing here keeps state: the same seed, purpose and keys give the same number on every machine.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Iterable

HEX_SEED = re.compile(r"^[0-9a-fA-F]{64}$")
SPACE = 1 << 64


def seed_key(text: str) -> bytes:
    """64 hex digits are the 32 seed bytes themselves; any other text is its UTF-8 bytes."""
    return bytes.fromhex(text) if HEX_SEED.match(text) else text.encode("utf-8")


def draw(seed: bytes, purpose: str, *keys: object, n: int) -> int:
    """An integer uniform in [0, n): HMAC over `purpose|k1|…|counter`, the first 8 bytes, rejection-sampled."""
    if n < 1:
        raise ValueError(f"cannot draw from an empty range (n={n})")
    limit = SPACE - SPACE % n
    prefix = "|".join([purpose, *(str(key) for key in keys)])
    counter = 0
    while True:
        digest = hmac.new(seed, f"{prefix}|{counter}".encode(), hashlib.sha256).digest()
        x = int.from_bytes(digest[:8], "big")
        if x < limit:
            return x % n
        counter += 1


def shuffle(seed: bytes, purpose: str, ids: Iterable[str]) -> tuple[str, ...]:
    """Fisher–Yates over the ids in plain string order, from the last index down, one draw per index."""
    deck = sorted(ids)
    for i in range(len(deck) - 1, 0, -1):
        j = draw(seed, purpose, i, n=i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)
