"""Presets: ids, Russian names and gists, compositions, rules (echo-challenge.md §2, §3, §10, §23)."""

import re

import pytest
from echo_challenge.presets import PRESETS, UnknownPreset, get_preset, rules_for_preset
from echo_challenge.setup import Rules

pytestmark = pytest.mark.unit

CYRILLIC = re.compile(r"^[А-Яа-яЁё0-9 ,·–-]+$")


def test_the_required_presets_exist():
    assert {"standard", "nine-small", "big-red"} <= set(PRESETS)


@pytest.mark.parametrize("preset", PRESETS.values(), ids=lambda p: p.id)
def test_every_preset_has_a_russian_name_and_gist(preset):
    assert CYRILLIC.match(preset.name_ru), preset.name_ru
    assert CYRILLIC.match(preset.gist_ru), preset.gist_ru
    assert preset.name_en and preset.gist_en
    assert preset.title_ru == f"{preset.name_ru} · {preset.gist_ru}"


def test_standard_is_the_spec_default():
    standard = get_preset("standard")
    assert standard.rules == Rules()
    assert sorted(standard.opening) == [0, 0, 1, 2]
    assert len(standard.composition) == 6
    for color in ("green", "yellow", "red"):
        specs = [s for s in standard.composition if s.color == color]
        assert len(specs) == 2
        assert all((s.min_size, s.max_size) == (3, 5) for s in specs)


def test_nine_small_is_the_rules_page_example():
    preset = get_preset("nine-small")
    assert preset.title_ru == "Мелкая рябь · девять мелких, пустых мало"
    assert len(preset.composition) == 9
    assert all((s.min_size, s.max_size) == (2, 3) for s in preset.composition)
    assert preset.opening.count(0) < get_preset("standard").opening.count(0)
    assert preset.max_empty is not None


def test_big_red_has_one_red_of_nine_and_small_others():
    preset = get_preset("big-red")
    reds = [s for s in preset.composition if s.color == "red"]
    assert [(s.min_size, s.max_size) for s in reds] == [(9, 9)]
    others = [s for s in preset.composition if s.color != "red"]
    assert others and all(s.max_size <= 3 for s in others)


def test_rules_for_preset_and_unknown_id():
    assert rules_for_preset("standard") == Rules()
    assert rules_for_preset("big-red").red_timer == get_preset("big-red").rules.red_timer
    with pytest.raises(KeyError) as info:
        rules_for_preset("no-such-preset")
    assert isinstance(info.value, UnknownPreset)
    message = str(info.value)
    assert "no-such-preset" in message and "standard" in message and "big-red" in message


def test_presets_are_frozen():
    with pytest.raises(AttributeError):
        get_preset("standard").id = "other"  # type: ignore[misc]
