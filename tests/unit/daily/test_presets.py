from collections import Counter
from datetime import date, timedelta

import pytest
from echo_daily.calendar.leagues import League
from echo_daily.calendar.presets import PRESET_IDS, preset_for

from .conftest import OTHER_SECRET, SECRET

pytestmark = pytest.mark.unit


def test_preset_ids():
    assert PRESET_IDS == ("standard", "nine-small", "big-red")


def test_deterministic_and_mostly_standard():
    start = date(2026, 11, 1)
    picks = [preset_for(SECRET, start + timedelta(days=i), lg) for i in range(700) for lg in League]
    assert picks == [preset_for(SECRET, start + timedelta(days=i), lg) for i in range(700) for lg in League]
    counts = Counter(picks)
    assert set(counts) == set(PRESET_IDS)
    assert 0.62 < counts["standard"] / len(picks) < 0.80  # weight 5/7 ≈ 0.714
    assert counts["nine-small"] > 200 and counts["big-red"] > 200


def test_leagues_and_secrets_vary_independently():
    start = date(2026, 11, 1)
    days = [start + timedelta(days=i) for i in range(60)]
    by_league = {lg: [preset_for(SECRET, d, lg) for d in days] for lg in League}
    assert len({tuple(v) for v in by_league.values()}) > 1
    assert [preset_for(OTHER_SECRET, d, League.GOLD) for d in days] != by_league[League.GOLD]
