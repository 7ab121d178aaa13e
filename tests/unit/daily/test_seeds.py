"""Per-(date, league) secret seeds."""

from datetime import date, timedelta

import pytest
from echo_daily.calendar.keyed import keyed_permutation
from echo_daily.calendar.leagues import League
from echo_daily.calendar.seeds import daily_seed
from hypothesis import given
from hypothesis import strategies as st

from .conftest import OTHER_SECRET, SECRET

pytestmark = pytest.mark.unit

days = st.dates(min_value=date(2026, 1, 1), max_value=date(2099, 12, 31))
leagues = st.sampled_from(list(League))


@given(days, leagues)
def test_same_inputs_same_seed_and_63_bits(day, league):
    seed = daily_seed(SECRET, day, league)
    assert seed == daily_seed(SECRET, day, league)
    assert 0 <= seed < 2**63


def test_known_answer_is_stable_across_machines():
    # HMAC-SHA256(secret, "echo-daily/v1|seed|2026-11-29|bronze"), top 63 bits: must never change.
    assert daily_seed(b"0123456789abcdef", date(2026, 11, 29), League.BRONZE) == daily_seed(
        b"0123456789abcdef", date(2026, 11, 29), "bronze"
    )
    assert daily_seed(b"0123456789abcdef", date(2026, 11, 29), League.BRONZE) == 4646644161200439835


def test_leagues_and_days_have_different_seeds():
    start = date(2026, 11, 1)
    seeds = {daily_seed(SECRET, start + timedelta(days=i), lg) for i in range(400) for lg in League}
    assert len(seeds) == 400 * len(League)


@given(days, leagues)
def test_seed_depends_on_the_secret(day, league):
    assert daily_seed(SECRET, day, league) != daily_seed(OTHER_SECRET, day, league)


def test_seed_is_not_a_function_of_the_date_alone():
    # no simple relation between consecutive days: their difference varies wildly
    d0 = date(2026, 11, 1)
    diffs = {
        daily_seed(SECRET, d0 + timedelta(days=i + 1), League.GOLD)
        - daily_seed(SECRET, d0 + timedelta(days=i), League.GOLD)
        for i in range(50)
    }
    assert len(diffs) == 50


def test_short_or_missing_secrets_are_refused():
    with pytest.raises(ValueError, match="at least 16 bytes"):
        daily_seed(b"short", date(2026, 11, 29), League.GOLD)
    with pytest.raises(TypeError, match="bytes"):
        daily_seed("a text secret, not bytes", date(2026, 11, 29), League.GOLD)  # type: ignore[arg-type]


@given(st.integers(min_value=1, max_value=60), st.binary(min_size=16, max_size=32))
def test_keyed_permutation_is_a_permutation(n, secret):
    assert sorted(keyed_permutation(secret, "test", n=n)) == list(range(n))
