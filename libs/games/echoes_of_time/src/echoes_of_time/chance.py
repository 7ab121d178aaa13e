"""Every random draw of the game: HMAC-SHA256 keyed by the game seed, rejection-sampled, Fisher–Yates."""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Sequence

_HEX_SEED = re.compile(r"[0-9a-fA-F]{64}")


def seed_bytes(text: str) -> bytes:
    """Exactly 64 hex digits are the 32 key bytes; any other text is replaced by SHA-256 of its UTF-8."""
    if _HEX_SEED.fullmatch(text):
        return bytes.fromhex(text)
    return hashlib.sha256(text.encode("utf-8")).digest()


def draw(key: bytes, purpose: str, keys: Sequence[int], n: int) -> int:
    """A value in [0, n) from the message `purpose|key1|…|counter`, retrying with counter + 1 above the cut."""
    if n < 1:
        raise ValueError("draw needs n ≥ 1")
    limit = (2**64 // n) * n
    prefix = "|".join([purpose, *(str(k) for k in keys)])
    counter = 0
    while True:
        digest = hmac.new(key, f"{prefix}|{counter}".encode(), hashlib.sha256).digest()
        value = int.from_bytes(digest[:8], "big")
        if value < limit:
            return value % n
        counter += 1


def shuffle(key: bytes, purpose: str, prefix: Sequence[int], ids: Sequence[str]) -> list[str]:
    """Sort by id (code-point order), then Fisher–Yates from the last index down; index 0 is the top."""
    order = sorted(ids)
    for i in range(len(order) - 1, 0, -1):
        j = draw(key, purpose, [*prefix, i], i + 1)
        order[i], order[j] = order[j], order[i]
    return order
