"""The engine's picture of a table's devices (echo_engine.presence.Watch): when a seat counts as gone, and
which seats the game is told of."""

from __future__ import annotations

from echo_engine.presence import GRACE, Watch
from echo_events.play import PRESENCE_QUIET_SECONDS


def test_a_seat_is_gone_a_grace_after_its_device_said_so_unless_another_answers() -> None:
    watch = Watch(heard={0: 100.0, 1: 100.0})
    assert watch.changes(100.0) == {0: True, 1: True}
    watch.told.update({0: True, 1: True})
    watch.going[1] = 101.0
    assert watch.changes(101.0 + GRACE - 0.1) == {}, "a reload has its grace"
    assert watch.changes(101.0 + GRACE) == {1: False}
    watch.heard[1] = 101.5  # another device of his answered in time (presence.py: it clears the going)
    del watch.going[1]
    assert watch.changes(101.0 + GRACE) == {}


def test_a_seat_silent_too_long_is_gone_and_a_seat_never_heard_is_never_told() -> None:
    watch = Watch(heard={2: 10.0}, told={2: True})
    assert watch.changes(10.0 + PRESENCE_QUIET_SECONDS - 1) == {}
    assert watch.changes(10.0 + PRESENCE_QUIET_SECONDS) == {2: False}
    assert 3 not in watch.changes(1000.0)
