"""A deadline's `@at` for a JetStream message schedule: milliseconds, never before the deadline."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from echo_engine.timers import schedule_time

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(("at", "text"), [
    (datetime(2026, 12, 1, 15, 0, 25, 114000, tzinfo=UTC), "2026-12-01T15:00:25.114Z"),
    (datetime(2026, 12, 1, 15, 0, 25, 114001, tzinfo=UTC), "2026-12-01T15:00:25.115Z"),
    (datetime(2026, 12, 1, 15, 0, 59, 999500, tzinfo=UTC), "2026-12-01T15:01:00.000Z"),
    (datetime(2026, 12, 1, 15, 0, 0, tzinfo=UTC), "2026-12-01T15:00:00.000Z"),
])
def test_the_schedule_is_the_deadline_rounded_up_to_the_millisecond(at: datetime, text: str) -> None:
    assert schedule_time(at) == text
