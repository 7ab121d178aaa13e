"""Deterministic choices for the bots: the same key picks the same item on every machine.

A 64-bit BLAKE2b digest of a text key that names the choice (seed, match, turn, seat, purpose);
never the `random` module or `hash()`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def pick(key: str, items: Sequence[T]) -> T:
    digest = hashlib.blake2b(key.encode("utf-8"), digest_size=8).digest()
    return items[int.from_bytes(digest, "big") % len(items)]
