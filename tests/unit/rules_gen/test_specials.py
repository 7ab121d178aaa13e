"""Special games: rule overrides and their Russian and English descriptions (echo-challenge.md §10)."""

import pytest
from echo_challenge.presets import PRESETS, rules_for_preset
from echo_challenge.setup import Rules
from echo_challenge.specials import (
    SPECIAL_RULES,
    RuleChange,
    apply_changes,
    apply_specials,
    describe_changes,
    describe_rule,
    describe_rule_en,
    with_overrides,
)

pytestmark = pytest.mark.unit


def test_the_spec_examples_read_in_russian():
    base = Rules()
    rules = apply_specials(base, ["connectivity-2", "beam-3", "orders-25", "detector-always", "red-timer-2"])
    assert (
        rules.connectivity,
        rules.beam_cost,
        rules.price_order,
        rules.detector_chance,
        rules.red_timer,
    ) == (
        4,
        3,
        25,
        1.0,
        2,
    )
    assert describe_changes(base, rules) == [
        "Связность в начале — 2",
        "Детектор срабатывает всегда",
        "Красные таймеры — 2",
        "Эхолуч стоит 3",
        "Заказы платят 25",
    ]
    assert SPECIAL_RULES["beam-3"].describe_ru() == ["Эхолуч стоит 3"]


def test_describe_halves_percent_and_plurals():
    base = Rules()
    changed = with_overrides(base, connectivity=5, detector_chance=0.25, freeze_ticks=3, stale_after=5)
    assert describe_changes(base, changed) == [
        "Связность в начале — 2,5",
        "Детектор срабатывает с шансом 25 %",
        "Заказ без движения снимается через 5 тактов",
        "Заморозка длится 3 такта",
    ]
    assert describe_changes(base, base) == []


def test_overrides_keep_the_preset_and_refuse_nonsense():
    big_red = rules_for_preset("big-red")
    special = with_overrides(big_red, price_order=25)
    assert special.contour == big_red.contour and special.price_order == 25
    with pytest.raises(ValueError, match="unknown rule"):
        with_overrides(big_red, beam_price=3)
    with pytest.raises(ValueError, match="charge"):
        with_overrides(Rules(), charge=9)
    with pytest.raises(ValueError, match="detector_chance"):
        with_overrides(Rules(), detector_chance=1.5)
    with pytest.raises(ValueError, match="red_timer"):
        with_overrides(Rules(), red_timer=0)
    with pytest.raises(ValueError, match="unknown special rule"):
        apply_specials(Rules(), ["beam-9"])


def test_a_rule_change_describes_itself_like_describe_changes():
    change = RuleChange("connectivity", 5)
    assert change.description_ru == describe_rule("connectivity", 5) == "Связность в начале — 2,5"
    assert describe_changes(Rules(), apply_changes(Rules(), [change])) == [change.description_ru]
    with pytest.raises(ValueError, match="unknown rule"):
        RuleChange("beam_price", 3)
    with pytest.raises(ValueError, match="unknown rule"):
        describe_rule("beam_price", 3)
    with pytest.raises(ValueError, match="same rule field"):
        apply_changes(Rules(), [RuleChange("beam_cost", 3), RuleChange("beam_cost", 4)])


@pytest.mark.parametrize("preset_id", sorted(PRESETS))
def test_every_catalogue_entry_is_a_real_change_on_every_preset(preset_id):
    base = PRESETS[preset_id].rules
    for rule in SPECIAL_RULES.values():
        changed = rule.apply(base)
        assert describe_changes(base, changed) == rule.describe_ru(), rule.id


def test_every_change_of_the_catalogue_reads_in_english_too():
    english = {rule_id: [c.description_en for c in rule.changes] for rule_id, rule in SPECIAL_RULES.items()}
    assert english["beam-3"] == ["The Beam costs 3"]
    assert english["connectivity-2"] == ["Connectivity at the start: 2"]
    assert english["detector-always"] == ["The Detector always fires"]
    assert english["stale-5"] == ["An Order without progress is withdrawn after 5 ticks"]
    lines = [line for lines in english.values() for line in lines]
    assert all(line.isascii() and line[0].isupper() for line in lines) and len(set(lines)) == len(lines)
    assert describe_rule_en("connectivity", 5) == RuleChange("connectivity", 5).description_en == (
        "Connectivity at the start: 2.5")
    assert describe_rule_en("freeze_ticks", 1) == "A Freeze lasts 1 tick"
    assert describe_rule_en("detector_chance", 0.25) == "The Detector fires with a 25% chance"
    with pytest.raises(ValueError, match="unknown rule"):
        describe_rule_en("beam_price", 3)
