"""The same dice for everyone (echo-challenge.md §13).

Every random outcome is a pure function of (game seed, tick, purpose, counter): a BLAKE2b hash of those
four values. No `random`, no `hash()`, no clock, no process state: the same on every machine and Python.
"""

from __future__ import annotations

from hashlib import blake2b

_SCALE = float(1 << 64)


def roll(seed: int, tick: int, purpose: str, counter: int = 0) -> int:
    """A uniform 64-bit integer."""
    data = f"echo/v1|{seed}|{tick}|{purpose}|{counter}".encode()
    return int.from_bytes(blake2b(data, digest_size=8).digest(), "big")


def chance(seed: int, tick: int, purpose: str, counter: int = 0) -> float:
    """A uniform float in [0, 1): `chance(...) < p` is true with probability p (never for 0, always for 1)."""
    return roll(seed, tick, purpose, counter) / _SCALE


def pick(seed: int, tick: int, purpose: str, counter: int, n: int) -> int:
    """A uniform index in range(n) (n ≥ 1); the modulo bias over 2**64 is negligible."""
    if n < 1:
        raise ValueError("pick from an empty choice")
    return roll(seed, tick, purpose, counter) % n
