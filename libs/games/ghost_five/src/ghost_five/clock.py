"""Move time, reserve and refill (§10, §18.15): what one turn costs a seat's clock."""

from __future__ import annotations

from .events import Clock
from .settings import LAG_ALLOWANCE, REFILL_STREAK, Settings


def commit_allowed(settings: Settings, clock: Clock, elapsed: float) -> bool:
    """A commit after `elapsed` seconds of the seat's clock is accepted (else `late_commit`)."""
    return not settings.clock or elapsed <= deadline(settings, clock)


def deadline(settings: Settings, clock: Clock) -> float:
    """Seconds of the seat's clock after which a missing commit is a skip (lag allowance included)."""
    return round(settings.move_time + clock.reserve + LAG_ALLOWANCE, 3)


def charge(settings: Settings, clock: Clock, elapsed: float | None, skipped: bool) -> Clock:
    """The clock after a turn: `elapsed` seconds to the standing commit, None without an accepted commit."""
    if not settings.clock:
        return clock
    move_time = settings.move_time
    if elapsed is None or elapsed > round(move_time + clock.reserve, 3):
        return Clock(reserve=0.0, streak=0)
    if elapsed > move_time:
        return Clock(reserve=round(clock.reserve - (elapsed - move_time), 3), streak=0)
    if skipped:
        return Clock(reserve=clock.reserve, streak=0)
    if clock.streak + 1 == REFILL_STREAK:
        return Clock(reserve=float(settings.reserve), streak=0)
    return Clock(reserve=clock.reserve, streak=clock.streak + 1)
