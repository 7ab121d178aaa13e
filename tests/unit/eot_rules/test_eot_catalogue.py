"""The card set eot-2026-1: loaded and validated from data, and its totals (docs/games/echoes-of-time.md)."""

from __future__ import annotations

import copy
import json
from collections import Counter
from importlib import resources

import pytest
from echoes_of_time.catalogue import CARDS, SOURCES, CatalogueError, parse_catalogue
from echoes_of_time.effects import NotationError, parse_effect

pytestmark = pytest.mark.unit


def _raw() -> dict:
    return json.loads(resources.files("echoes_of_time").joinpath("data", "eot-2026-1.json").read_text("utf-8"))


@pytest.mark.parametrize(("faction", "strength", "vp"), [("water", 23, 18), ("forest", 22, 17), ("sky", 21, 31),
                                                         ("earth", 32, 27)])
def test_faction_totals(faction: str, strength: int, vp: int) -> None:
    own = [c for c in CARDS.values() if c.faction == faction]
    assert (sum(c.strength for c in own), sum(c.vp for c in own)) == (strength, vp)


def test_cost_and_time_distributions() -> None:
    assert Counter(c.discard for c in CARDS.values()) == {0: 22, 1: 33, 2: 13, 3: 4}
    assert Counter(c.time for c in CARDS.values()) == {0: 2, 1: 12, 2: 27, 3: 22, 4: 8, 5: 1}
    assert len(SOURCES) == 8 and all(s.name_ru and s.text_en for s in SOURCES.values())


def test_broken_data_is_refused_on_load() -> None:
    data = _raw()
    wrong = copy.deepcopy(data)
    wrong["designs"][0]["symbols"] = ["sky"]
    with pytest.raises(CatalogueError):
        parse_catalogue(wrong)
    wrong = copy.deepcopy(data)
    wrong["designs"][0]["effect"] = "summon: fly 1"
    with pytest.raises(NotationError):
        parse_catalogue(wrong)


def test_the_notation_parses_every_clause_kind() -> None:
    assert parse_effect("summon: play forest d-1").ops[0].words == "play forest 1 0"
    assert parse_effect("act[discard 2]: vp 2").cost == 2
    assert parse_effect("on summon(creature): vp 1").filter == "creature"
    assert parse_effect("static: capture_str +1").amount == 1
    assert parse_effect("score: per 1 cards(creature) / 2").divisor == 2
