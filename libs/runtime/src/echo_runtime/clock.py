"""Time is injected: services take a Clock; tests and dev mode use one they can move."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    def now(self) -> datetime:
        """An aware UTC datetime."""
        ...


class SystemClock:
    def now(self) -> datetime:
        return datetime.now(UTC)


class MovableClock:
    """Wall-clock time plus an offset that can be moved forward (tests, dev mode)."""

    def __init__(self, start: datetime | None = None) -> None:
        self._offset = timedelta(0) if start is None else start - datetime.now(UTC)

    def now(self) -> datetime:
        return datetime.now(UTC) + self._offset

    def advance(self, delta: timedelta) -> None:
        if delta < timedelta(0):
            raise ValueError("the clock only moves forward")
        self._offset += delta

    def jump_to(self, instant: datetime) -> None:
        self.advance(instant - self.now())
