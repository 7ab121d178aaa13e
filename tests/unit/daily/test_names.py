"""Daily names: two Russian words agreeing in gender, never repeating within NAME_PERIOD Dailies, and their
English translation."""

from math import gcd

import pytest
from echo_daily.calendar.names import (
    ADJECTIVES,
    NAME_PERIOD,
    NOUNS,
    Gender,
    daily_name,
    daily_name_en,
    name_parts,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from .conftest import OTHER_SECRET, SECRET

pytestmark = pytest.mark.unit

HUSHING = set("жшчщ")
VELAR = set("гкх")
RU_LOWER = set("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")


def test_the_scheme_is_a_bijection_over_a_long_period():
    assert gcd(len(ADJECTIVES), len(NOUNS)) == 1
    assert NAME_PERIOD == len(ADJECTIVES) * len(NOUNS) >= 5 * 365


def test_no_duplicate_words():
    assert len({a.masculine for a in ADJECTIVES}) == len(ADJECTIVES)
    assert len({n.word for n in NOUNS}) == len(NOUNS)
    assert {n.gender for n in NOUNS} == set(Gender)


def test_no_adjective_shares_a_root_with_a_noun():
    """No «Дальняя даль», «Тихое затишье», «Летучий полёт»: a crude 4-letter root check plus known pairs."""
    roots = {a.masculine[:4] for a in ADJECTIVES}
    assert [n.word for n in NOUNS if n.word[:4] in roots] == []
    words = {n.word for n in NOUNS}
    assert not words & {"даль", "затишье", "полёт", "созвездие", "тишина", "туман", "свет", "звон", "лёд"}


@pytest.mark.parametrize("secret", [SECRET, OTHER_SECRET])
def test_names_unique_over_the_whole_period(secret):
    names = [daily_name(secret, n) for n in range(1, NAME_PERIOD + 1)]
    assert len(set(names)) == NAME_PERIOD  # so certainly over any 365 days


@given(st.integers(min_value=1, max_value=10**6))
@settings(max_examples=50)
def test_any_365_consecutive_dailies_have_distinct_names(start):
    names = [daily_name(SECRET, n) for n in range(start, start + 365)]
    assert len(set(names)) == 365


@given(st.integers(min_value=1, max_value=10**6))
def test_consecutive_dailies_share_no_word(n):
    today, tomorrow = daily_name(SECRET, n).lower().split(), daily_name(SECRET, n + 1).lower().split()
    assert today[0] != tomorrow[0] and today[1] != tomorrow[1]


def test_every_word_has_its_own_english_translation():
    adjectives, nouns = [a.en for a in ADJECTIVES], [n.en for n in NOUNS]
    assert len(set(adjectives)) == len(adjectives) and len(set(nouns)) == len(nouns)
    assert all(w.isascii() and w == w.lower() and w.strip() for w in adjectives + nouns)
    # no "Misty mist", "Crystal crystal": no English word of an adjective begins a noun's
    assert [n for n in nouns if any(n.startswith(a[:4]) for a in adjectives)] == []


@given(st.integers(min_value=1, max_value=10**6))
def test_the_english_name_translates_the_russian_one(n):
    adjective, noun = name_parts(SECRET, n)
    english = daily_name_en(SECRET, n)
    assert english.lower() == f"{adjective.en} {noun.en}"
    assert english[0].isupper() and english[1:] == english[1:].lower() and english.isascii()
    assert daily_name_en(SECRET, n) != daily_name_en(SECRET, n + 1)


def test_names_depend_on_the_secret():
    ours = [daily_name(SECRET, n) for n in range(1, 31)]
    theirs = [daily_name(OTHER_SECRET, n) for n in range(1, 31)]
    assert ours != theirs


def test_deterministic_and_capitalised():
    name = daily_name(SECRET, 14)
    assert name == daily_name(SECRET, 14)
    words = name.split(" ")
    assert len(words) == 2 and words[0][0].isupper() and words[1].islower()
    with pytest.raises(ValueError):
        daily_name(SECRET, 0)


@pytest.mark.parametrize("adjective", ADJECTIVES, ids=lambda a: a.masculine)
def test_adjective_forms_follow_russian_declension(adjective):
    m, f, n = adjective.masculine, adjective.feminine, adjective.neuter
    assert set(m + f + n) <= RU_LOWER
    stem = m[:-2]
    assert f[:-2] == stem and n[:-2] == stem, "the three forms share a stem"
    if m.endswith(("ый", "ой")):  # hard stem: тёплый, ночной
        assert (f[-2:], n[-2:]) == ("ая", "ое")
    elif f.endswith("яя"):  # soft stem: синий, дальний
        assert m.endswith("ий") and n.endswith("ее")
    else:  # -ий after г/к/х (тихий) or a hushing consonant (свежий)
        assert m.endswith("ий") and f.endswith("ая")
        if stem[-1] in VELAR:
            assert n.endswith("ое")
        else:
            assert stem[-1] in HUSHING and n.endswith("ее")


@pytest.mark.parametrize("noun", NOUNS, ids=lambda n: n.word)
def test_noun_genders_fit_their_endings(noun):
    w = noun.word
    assert set(w) <= RU_LOWER
    if noun.gender is Gender.FEMININE:
        assert w.endswith(("а", "я", "ь"))
    elif noun.gender is Gender.NEUTER:
        assert w.endswith(("о", "е", "ё", "мя"))
    else:
        assert not w.endswith(("а", "я", "о", "е", "ё")), "masculine nouns end in a consonant, й or ь"


@given(st.integers(min_value=1, max_value=10**6))
def test_generated_names_agree_in_gender(number):
    adjective, noun = name_parts(SECRET, number)
    first, second = daily_name(SECRET, number).split(" ")
    assert second == noun.word
    assert first.lower() == adjective.form(noun.gender)
    endings = {
        Gender.MASCULINE: ("ый", "ий", "ой"),
        Gender.FEMININE: ("ая", "яя"),
        Gender.NEUTER: ("ое", "ее"),
    }
    assert first.endswith(endings[noun.gender])


def test_the_rules_page_example_is_in_the_vocabulary():
    names = {daily_name(SECRET, n) for n in range(1, NAME_PERIOD + 1)}
    assert "Тихая прохлада" in names
