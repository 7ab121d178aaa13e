"""The Daily benchmarks publish today's Daily and play it: a run that would cross 00:00 MSK waits for the new
day first (a Daily started before midnight is closed at it, and after it the players are offered tomorrow's)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from tests.load.bench_surge import clear_of_midnight

pytestmark = pytest.mark.unit


class At:
    def __init__(self, instant: datetime) -> None:
        self.instant = instant

    def now(self) -> datetime:
        return self.instant


def waited(instant: datetime, needed_s: float) -> list[float]:
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    asyncio.run(clear_of_midnight(needed_s, clock=At(instant), sleep=sleep))
    return slept


def test_a_run_that_would_cross_midnight_waits_until_just_past_it() -> None:
    assert waited(datetime(2026, 12, 6, 20, 58, tzinfo=UTC), 300) == [122.0]  # 21:00 UTC is 00:00 MSK


def test_a_run_that_fits_in_the_day_does_not_wait() -> None:
    assert waited(datetime(2026, 12, 6, 20, 50, tzinfo=UTC), 300) == []
    assert waited(datetime(2026, 12, 6, 21, 0, 1, tzinfo=UTC), 300) == []
