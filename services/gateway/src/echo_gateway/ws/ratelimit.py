"""A token bucket per connection: a flood from one client is refused without hurting others."""

from __future__ import annotations

import time


class TokenBucket:
    def __init__(self, rate: float, burst: int, now=time.monotonic) -> None:  # noqa: ANN001
        self._rate = rate
        self._burst = burst
        self._tokens = float(burst)
        self._now = now
        self._last = now()

    def allow(self) -> bool:
        current = self._now()
        self._tokens = min(self._burst, self._tokens + (current - self._last) * self._rate)
        self._last = current
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False
