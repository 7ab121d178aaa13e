"""Special games: never in Bronze; 1/2/3 days a week in Silver/Gold/Platinum; valid Rules fields."""

import dataclasses
from datetime import date, timedelta

import pytest
from echo_challenge import specials as engine_specials
from echo_challenge.presets import PRESETS
from echo_challenge.setup import Rules
from echo_daily.calendar.leagues import League
from echo_daily.calendar.special import (
    CATALOGUE,
    CHANGES_PER_GAME,
    DAYS_PER_WEEK,
    RuleChange,
    overrides,
    special_for,
    special_weekdays,
)
from hypothesis import given
from hypothesis import strategies as st

from .conftest import OTHER_SECRET, SECRET

pytestmark = pytest.mark.unit

mondays = st.integers(min_value=0, max_value=5000).map(lambda w: date(2026, 11, 2) + timedelta(weeks=w))
CHANGES = [change for rule in CATALOGUE for change in rule.changes]


def test_the_catalogue_is_the_engines_one_source_of_truth():
    assert CATALOGUE == tuple(engine_specials.SPECIAL_RULES.values())
    assert RuleChange is engine_specials.RuleChange and overrides is engine_specials.overrides
    # the keyed draw indexes the catalogue: its order is part of the calendar (append only)
    assert [r.id for r in CATALOGUE][:5] == ["connectivity-2", "beam-3", "orders-25", "detector-always",
                                             "red-timer-2"]


def test_every_change_names_a_rules_field_with_a_value_of_its_type():
    fields = {f.name: f for f in dataclasses.fields(Rules)}
    for change in CHANGES:
        assert change.field in fields, change
        default = getattr(Rules(), change.field)
        assert type(change.value) is type(default), change
        assert change.value != default, f"{change} changes nothing"
        assert change.description_ru and change.description_ru[0].isupper()
    assert len({c.field for c in CHANGES}) == len(CHANGES), "one entry per field"


def test_the_spec_examples_are_in_the_catalogue():
    wanted = {
        ("connectivity", 4, "Связность в начале — 2"),  # connectivity is in halves
        ("beam_cost", 3, "Эхолуч стоит 3"),
        ("price_order", 25, "Заказы платят 25"),
        ("detector_chance", 1.0, "Детектор срабатывает всегда"),
        ("red_timer", 2, "Красные таймеры — 2"),
    }
    assert wanted <= {(c.field, c.value, c.description_ru) for c in CHANGES}


def test_overrides_apply_to_rules():
    changes = (CHANGES[0], CHANGES[1])
    rules = dataclasses.replace(Rules(), **overrides(changes))
    assert rules.connectivity == 4 and rules.beam_cost == 3
    assert overrides(None) == {}
    with pytest.raises(ValueError, match="same rule field"):
        overrides([RuleChange("beam_cost", 3), RuleChange("beam_cost", 4)])
    with pytest.raises(ValueError, match="unknown rule"):
        RuleChange("beam_price", 3)


@given(mondays, st.sampled_from([SECRET, OTHER_SECRET]))
def test_frequency_per_league_per_week(monday, secret):
    for league in League:
        days = special_weekdays(secret, monday, league)
        designed = {"bronze": 0, "silver": 1, "gold": 2, "platinum": 3}[league]
        assert len(days) == DAYS_PER_WEEK[league] == designed
        assert days <= set(range(7))
        week = [monday + timedelta(days=i) for i in range(7)]
        specials = [special_for(secret, d, league) for d in week]
        assert sum(s is not None for s in specials) == len(days)
        for d, s in zip(week, specials, strict=True):
            assert (s is not None) == (d.weekday() in days)


def test_never_in_bronze():
    start = date(2026, 11, 2)
    assert all(special_for(SECRET, start + timedelta(days=i), League.BRONZE) is None for i in range(800))


@given(st.dates(min_value=date(2026, 1, 1), max_value=date(2100, 1, 1)), st.sampled_from(list(League)[1:]))
def test_a_special_game_has_distinct_changes_in_catalogue_order(day, league):
    changes = special_for(SECRET, day, league)
    assert changes == special_for(SECRET, day, league)  # deterministic
    if changes is None:
        return
    low, high = CHANGES_PER_GAME[league]
    assert low <= len(changes) <= high
    assert len({c.field for c in changes}) == len(changes)
    assert list(changes) == sorted(changes, key=CHANGES.index)
    dataclasses.replace(Rules(), **overrides(changes))  # applies cleanly


def test_special_days_vary_from_week_to_week_and_with_the_secret():
    mondays_ = [date(2026, 11, 2) + timedelta(weeks=w) for w in range(30)]
    ours = [special_weekdays(SECRET, m, League.SILVER) for m in mondays_]
    assert len(set(ours)) > 1
    assert ours != [special_weekdays(OTHER_SECRET, m, League.SILVER) for m in mondays_]


def test_weeks_start_on_monday():
    with pytest.raises(ValueError, match="Monday"):
        special_weekdays(SECRET, date(2026, 11, 3), League.GOLD)


def test_descriptions_state_the_value():
    for change in CHANGES:
        if change.field == "connectivity":  # halves → divisions
            shown = f"{change.value // 2}" if change.value % 2 == 0 else f"{change.value // 2},5"
            assert change.description_ru.endswith(f"— {shown}"), change
        elif change.field == "detector_chance":
            assert change.value == 1.0 and "всегда" in change.description_ru
        else:
            assert str(change.value) in change.description_ru.split(), change


@pytest.mark.parametrize("preset_id", sorted(PRESETS))
def test_all_changes_together_keep_the_rules_consistent(preset_id):
    base = PRESETS[preset_id].rules
    rules = engine_specials.apply_changes(base, CHANGES)  # the engine's consistency checks pass too
    assert 1 <= rules.connectivity <= rules.connectivity_max
    assert rules.charge <= rules.contour
    assert rules.detector <= rules.detector_max and rules.spectrometer <= rules.spectrometer_max
    assert 0 <= rules.detector_chance <= 1
    assert min(rules.red_timer, rules.beam_cost, rules.stale_after) >= 1
