"""Randomness exactly as docs/games/ark.md fixes it: the HMAC draw, rejection sampling, Fisher–Yates, and the
start's draws (catastrophe, years, turn order, deal, Ark cards) recomputed here from the procedure."""

from __future__ import annotations

import hashlib
import hmac

import pytest
from ark.catalogue import CATEGORIES
from ark.draw import SPACE, draw, seed_key, shuffle

from tests.unit.ark_rules.ark_helpers import lobby, players

pytestmark = pytest.mark.unit


def _x(key: bytes, message: str) -> int:
    return int.from_bytes(hmac.new(key, message.encode(), hashlib.sha256).digest()[:8], "big")


def test_a_seed_of_64_hex_digits_is_its_bytes_and_any_other_text_its_utf8() -> None:
    assert seed_key("ab" * 32) == bytes([0xAB]) * 32
    assert seed_key("AB" * 32) == bytes([0xAB]) * 32
    assert seed_key("ab" * 31) == ("ab" * 31).encode()
    assert seed_key("семя") == "семя".encode()


def test_a_draw_is_the_first_8_bytes_of_the_hmac_modulo_n() -> None:
    key = b"seed"
    assert draw(key, "survival", "p1", n=3) == _x(key, "survival|p1|0") % 3
    assert draw(key, "timeout_card", 2, "p4", n=5) == _x(key, "timeout_card|2|p4|0") % 5
    assert draw(key, "catastrophe", n=12) == _x(key, "catastrophe|0") % 12


def test_a_draw_rejects_values_above_the_last_whole_multiple() -> None:
    key, n = b"seed", (SPACE // 2) + 1  # half of all values are rejected
    counter = next(c for c in range(64) if _x(key, f"years|{c}") < SPACE - SPACE % n)
    assert draw(key, "years", n=n) == _x(key, f"years|{counter}") % n


def test_a_shuffle_is_fisher_yates_from_the_last_index_over_sorted_ids() -> None:
    key, ids = b"k", ["d", "b", "a", "c", "e"]
    deck = sorted(ids)
    for i in range(len(deck) - 1, 0, -1):
        j = _x(key, f"p|{i}|0") % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    assert shuffle(key, "p", ids) == tuple(deck)
    assert shuffle(key, "p", []) == () and shuffle(key, "p", ["x"]) == ("x",)


@pytest.mark.parametrize("seed", ["seed", "0123456789abcdef" * 4, "Ковчег"])
def test_the_start_draws_follow_the_contract(seed: str) -> None:
    table = lobby(5, seed=seed)
    table.do("start p1")
    room, key = table.room, seed_key(seed)
    catalogue = room.catalogue
    catastrophes = sorted(c.id for c in catalogue.catastrophes)
    assert room.catastrophe == catastrophes[draw(key, "catastrophe", n=len(catastrophes))]
    chosen = catalogue.catastrophe(room.catastrophe)
    low, high = chosen.years_min, chosen.years_max
    assert room.years == (low + draw(key, "years", n=high - low + 1) if low < high else low)
    assert room.turn_order == shuffle(key, "turn_order", players(5))
    for category in CATEGORIES:
        deck = shuffle(key, f"deal:{category}", (c.id for c in catalogue.cards[category]))
        assert [room.get(pid).card(category) for pid in room.turn_order] == list(deck[:5])
    assert room.ark_deck == shuffle(key, "ark", (a.id for a in catalogue.ark))[:5]


def test_a_years_range_setting_is_drawn_once_and_a_single_value_is_not_drawn() -> None:
    table = lobby(4, "years=7", seed="x")
    table.do("start p1")
    assert table.view()["years"] == 7
    table = lobby(4, "years=10..20", seed="x")
    table.do("start p1")
    assert table.view()["years"] == 10 + draw(b"x", "years", n=11)


def test_18_plus_off_draws_from_the_filtered_catalogue() -> None:
    for seed in ("a", "b", "c", "d"):
        table = lobby(16, "adult=off", seed=seed)
        table.do("start p1")
        catalogue = table.room.catalogue
        cards = [catalogue.card(c) for p in table.room.players for c in p.cards]
        assert not any(card.adult for card in cards)
        assert not catalogue.catastrophe(table.room.catastrophe).adult
        adult_ark = {a.id for a in catalogue.ark if a.adult}
        assert not adult_ark & set(table.room.ark_deck)
