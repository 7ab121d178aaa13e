"""DailySpec: № from the launch date, same (date, league) ⇒ same Daily, public view without the seed."""

import json
from datetime import UTC, date, datetime, timedelta

import pytest
from echo_daily.calendar import (
    BeforeLaunch,
    DailySpec,
    League,
    daily_for,
    daily_number,
    moscow_date,
    public_view,
)
from echo_daily.calendar.names import daily_name
from hypothesis import given
from hypothesis import strategies as st

from .conftest import LAUNCH, OTHER_SECRET, SECRET

pytestmark = pytest.mark.unit

days = st.dates(min_value=LAUNCH, max_value=date(2099, 12, 31))
leagues = st.sampled_from(list(League))


def test_number_counts_from_the_launch_day():
    assert daily_number(LAUNCH, LAUNCH) == 1
    assert daily_number(LAUNCH + timedelta(days=13), LAUNCH) == 14
    with pytest.raises(BeforeLaunch, match="first Daily"):
        daily_number(LAUNCH - timedelta(days=1), LAUNCH)


def test_dates_before_launch_are_refused_clearly():
    with pytest.raises(BeforeLaunch, match=r"no Daily on 2026-10-31.*№ 1.*2026-11-01"):
        daily_for(date(2026, 10, 31), League.BRONZE, secret=SECRET, launch=LAUNCH)
    assert issubclass(BeforeLaunch, ValueError)


@given(days, leagues)
def test_same_date_and_league_same_daily(day, league):
    a = daily_for(day, league, secret=SECRET, launch=LAUNCH)
    assert a == daily_for(day, league.value, secret=SECRET, launch=LAUNCH)
    assert a.daily_id == f"{day.isoformat()}:{league.value}"
    assert a.number == (day - LAUNCH).days + 1
    assert a.name_ru == daily_name(SECRET, a.number)
    assert a.opens_at < a.closes_at == a.opens_at + timedelta(days=1)
    assert moscow_date(a.opens_at) == day


@given(days)
def test_leagues_share_number_and_name_but_not_seed(day):
    specs = [daily_for(day, lg, secret=SECRET, launch=LAUNCH) for lg in League]
    assert len({s.number for s in specs}) == 1 and len({s.name_ru for s in specs}) == 1
    assert len({s.seed for s in specs}) == len(League)
    assert specs[0].special is None  # Bronze


@given(days, leagues)
def test_the_secret_changes_the_seed(day, league):
    a = daily_for(day, league, secret=SECRET, launch=LAUNCH)
    b = daily_for(day, league, secret=OTHER_SECRET, launch=LAUNCH)
    assert a.seed != b.seed and a.number == b.number


def test_the_daily_rolls_over_at_msk_midnight():
    before = datetime(2026, 11, 29, 20, 59, 59, tzinfo=UTC)
    after = datetime(2026, 11, 29, 21, 0, 0, tzinfo=UTC)
    a = daily_for(moscow_date(before), League.GOLD, secret=SECRET, launch=LAUNCH)
    b = daily_for(moscow_date(after), League.GOLD, secret=SECRET, launch=LAUNCH)
    assert (a.number, b.number) == (29, 30)
    assert a.closes_at == b.opens_at == after
    # UTC midnight changes nothing
    c = daily_for(
        moscow_date(datetime(2026, 11, 30, 0, 0, tzinfo=UTC)), League.GOLD, secret=SECRET, launch=LAUNCH
    )
    assert c == b


def test_title_and_frozen():
    spec = daily_for(LAUNCH + timedelta(days=13), League.SILVER, secret=SECRET, launch=LAUNCH)
    assert spec.title_ru == f"№ 14 · {spec.name_ru}"
    with pytest.raises(AttributeError):
        spec.seed = 1  # type: ignore[misc]
    assert isinstance(spec, DailySpec)


def test_public_view_has_no_seed_and_is_json_ready():
    for i in range(60):
        spec = daily_for(LAUNCH + timedelta(days=i), League.PLATINUM, secret=SECRET, launch=LAUNCH)
        view = public_view(spec)
        assert "seed" not in view
        assert str(spec.seed) not in json.dumps(view, ensure_ascii=False)
        assert view["daily_id"] == spec.daily_id and view["name_ru"] == spec.name_ru
        assert view["league_ru"] == "Платина"
        if spec.special is None:
            assert view["special"] is None
        else:
            assert [c["description_ru"] for c in view["special"]] == [c.description_ru for c in spec.special]
