"""A bot's own chance: a counter-mode HMAC stream seeded by `agent|<policy>|<seed>` (never the game's)."""

from __future__ import annotations

import hashlib
import hmac
import math
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class Chooser:
    def __init__(self, policy: str, seed: str) -> None:
        self._key = hashlib.sha256(f"agent|{policy}|{seed}".encode()).digest()
        self._counter = 0

    def unit(self) -> float:
        """A number in [0, 1)."""
        self._counter += 1
        digest = hmac.new(self._key, str(self._counter).encode(), hashlib.sha256).digest()
        return int.from_bytes(digest[:7], "big") / 2**56

    def below(self, n: int) -> int:
        return min(n - 1, int(self.unit() * n))

    def pick(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        return [pool.pop(self.below(len(pool))) for _ in range(min(k, len(pool)))]

    def softmax(self, values: Sequence[float], temperature: float) -> int:
        top = max(values)
        weights = [math.exp((v - top) / temperature) for v in values]
        mark = self.unit() * sum(weights)
        for index, weight in enumerate(weights):
            mark -= weight
            if mark < 0:
                return index
        return len(values) - 1
