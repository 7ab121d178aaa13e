import hashlib
from datetime import date, datetime, timedelta

import pytest
from echo_daily.calendar import League, daily_for, midnight_msk
from echo_daily.schedule import ScheduleConfig, due
from echo_events.daily import DailyPublished, seed_commitment
from hypothesis import given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.unit

SECRET = b"unit-test-secret-0123456789abcdef"


def test_the_commitment_is_sha256_of_salt_and_seed() -> None:
    assert seed_commitment(7, "00" * 16) == hashlib.sha256(b"00000000000000000000000000000000:7").hexdigest()


@settings(max_examples=50, deadline=None)
@given(st.integers(min_value=0, max_value=400))
def test_each_daily_has_its_own_secret_salt_and_a_matching_commitment(offset: int) -> None:
    day = date.fromordinal(date(2026, 11, 2).toordinal() + offset)
    bronze, gold = (daily_for(day, lg, secret=SECRET, launch=date(2026, 11, 1)) for lg in (League.BRONZE, League.GOLD))
    assert len(bronze.seed_salt) == 32 and bronze.seed_salt != gold.seed_salt
    other = daily_for(day, League.BRONZE, secret=SECRET[::-1], launch=date(2026, 11, 1))
    assert other.seed_salt != bronze.seed_salt


def test_the_published_event_carries_the_commitment_and_refuses_a_wrong_one() -> None:
    config = ScheduleConfig(secret=SECRET, launch=date(2026, 11, 1))
    events = [item.event for item in due(None, _noon(date(2026, 11, 1)), config)]
    published = next(e for e in events if isinstance(e, DailyPublished))
    assert published.seed_commitment == seed_commitment(published.seed, published.seed_salt)
    data = published.model_dump() | {"seed": published.seed + 1}
    with pytest.raises(ValueError, match="does not commit"):
        DailyPublished.model_validate(data)


def _noon(day: date) -> datetime:
    return midnight_msk(day) + timedelta(hours=12)
