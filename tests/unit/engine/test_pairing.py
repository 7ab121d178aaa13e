"""Quick pairing's choice of opponent (`echo_engine.pairing.partner`): the closest rating within reach, the
reach widening with the waiting player's wait, the longest waiting first on equal gaps."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from echo_engine.pairing import BASE_WINDOW, WIDENING, Waiting, partner

pytestmark = pytest.mark.unit
NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def waiting(account: str, rating: int, waited_s: float) -> Waiting:
    return Waiting(account, f"c-{account}", rating, NOW - timedelta(seconds=waited_s))


def test_nobody_waiting_or_nobody_in_reach_means_waiting() -> None:
    assert partner(1500, [], NOW) is None
    assert partner(1500, [waiting("far", 1500 + BASE_WINDOW + 1, 0)], NOW) is None


def test_the_closest_rating_in_reach_is_taken() -> None:
    found = partner(1500, [waiting("a", 1580, 1), waiting("b", 1490, 1), waiting("c", 1450, 1)], NOW)
    assert found is not None and found.account_id == "b"


def test_the_reach_widens_with_the_wait() -> None:
    gap = BASE_WINDOW + 10 * WIDENING
    assert partner(1500, [waiting("x", 1500 + gap, 9)], NOW) is None
    assert partner(1500, [waiting("x", 1500 + gap, 10)], NOW).account_id == "x"


def test_on_equal_gaps_the_longest_waiting_goes_first() -> None:
    found = partner(1500, [waiting("new", 1520, 2), waiting("old", 1480, 30)], NOW)
    assert found.account_id == "old"
