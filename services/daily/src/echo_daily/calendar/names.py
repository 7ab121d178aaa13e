"""The Russian two-word name of Daily № N, «Тихая прохлада»: an adjective agreeing in gender with a noun.

Scheme (a bijection, not luck): with A adjectives and N nouns, gcd(A, N) = 1, Daily number n (from 1)
takes i = n - 1 and
    adjective = ADJECTIVES[pa[i mod A]],  noun = NOUNS[pn[i mod N]],
where pa and pn are permutations keyed by the server secret. By the Chinese remainder theorem
i -> (i mod A, i mod N) is a bijection on range(A * N), so any A * N consecutive Dailies have
pairwise different names (A * N ≈ 6 years), and two Dailies in a row never share a word.

The word lists are part of the scheme: editing them renames future Dailies (past names are kept in the
DailyPublished events), so change them only together with `keyed.SCHEME` or before launch.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from math import gcd

from .keyed import keyed_permutation


class Gender(StrEnum):
    MASCULINE = "m"
    FEMININE = "f"
    NEUTER = "n"


@dataclass(frozen=True, slots=True)
class Adjective:
    masculine: str
    feminine: str
    neuter: str

    def form(self, gender: Gender) -> str:
        return {Gender.MASCULINE: self.masculine, Gender.FEMININE: self.feminine, Gender.NEUTER: self.neuter}[
            gender
        ]


@dataclass(frozen=True, slots=True)
class Noun:
    word: str
    gender: Gender


def _adj(m: str, f: str, n: str) -> Adjective:
    return Adjective(m, f, n)


# 41 adjectives (a prime, so coprime with any noun count below 41 * 2).
ADJECTIVES: tuple[Adjective, ...] = (
    _adj("тихий", "тихая", "тихое"),
    _adj("дальний", "дальняя", "дальнее"),
    _adj("ночной", "ночная", "ночное"),
    _adj("звёздный", "звёздная", "звёздное"),
    _adj("ясный", "ясная", "ясное"),
    _adj("лунный", "лунная", "лунное"),
    _adj("хрустальный", "хрустальная", "хрустальное"),
    _adj("туманный", "туманная", "туманное"),
    _adj("зыбкий", "зыбкая", "зыбкое"),
    _adj("холодный", "холодная", "холодное"),
    _adj("тёплый", "тёплая", "тёплое"),
    _adj("прозрачный", "прозрачная", "прозрачное"),
    _adj("глубокий", "глубокая", "глубокое"),
    _adj("серебряный", "серебряная", "серебряное"),
    _adj("бархатный", "бархатная", "бархатное"),
    _adj("янтарный", "янтарная", "янтарное"),
    _adj("медный", "медная", "медное"),
    _adj("синий", "синяя", "синее"),
    _adj("сизый", "сизая", "сизое"),
    _adj("алый", "алая", "алое"),
    _adj("лёгкий", "лёгкая", "лёгкое"),
    _adj("звонкий", "звонкая", "звонкое"),
    _adj("певучий", "певучая", "певучее"),
    _adj("сонный", "сонная", "сонное"),
    _adj("долгий", "долгая", "долгое"),
    _adj("забытый", "забытая", "забытое"),
    _adj("летучий", "летучая", "летучее"),
    _adj("вечерний", "вечерняя", "вечернее"),
    _adj("утренний", "утренняя", "утреннее"),
    _adj("осенний", "осенняя", "осеннее"),
    _adj("зимний", "зимняя", "зимнее"),
    _adj("северный", "северная", "северное"),
    _adj("полуденный", "полуденная", "полуденное"),
    _adj("хрупкий", "хрупкая", "хрупкое"),
    _adj("призрачный", "призрачная", "призрачное"),
    _adj("ранний", "ранняя", "раннее"),
    _adj("свежий", "свежая", "свежее"),
    _adj("живой", "живая", "живое"),
    _adj("ледяной", "ледяная", "ледяное"),
    _adj("пепельный", "пепельная", "пепельное"),
    _adj("тайный", "тайная", "тайное"),
)

_F, _M, _N = Gender.FEMININE, Gender.MASCULINE, Gender.NEUTER

# 64 nouns. None shares a root with an adjective above (no «Тихая тишина», «Ледяной лёд»).
NOUNS: tuple[Noun, ...] = (
    # feminine
    Noun("прохлада", _F),
    Noun("рябь", _F),
    Noun("волна", _F),
    Noun("заря", _F),
    Noun("мгла", _F),
    Noun("дымка", _F),
    Noun("искра", _F),
    Noun("гроза", _F),
    Noun("вьюга", _F),
    Noun("метель", _F),
    Noun("струна", _F),
    Noun("тень", _F),
    Noun("высь", _F),
    Noun("капель", _F),
    Noun("роса", _F),
    Noun("вспышка", _F),
    Noun("пелена", _F),
    Noun("гладь", _F),
    Noun("бездна", _F),
    Noun("свирель", _F),
    Noun("полынья", _F),
    Noun("река", _F),
    Noun("буря", _F),
    # masculine
    Noun("шёпот", _M),
    Noun("отзвук", _M),
    Noun("отблеск", _M),
    Noun("рассвет", _M),
    Noun("закат", _M),
    Noun("прибой", _M),
    Noun("ветер", _M),
    Noun("штиль", _M),
    Noun("иней", _M),
    Noun("сумрак", _M),
    Noun("гул", _M),
    Noun("мираж", _M),
    Noun("маяк", _M),
    Noun("след", _M),
    Noun("сигнал", _M),
    Noun("перелив", _M),
    Noun("горизонт", _M),
    Noun("прилив", _M),
    Noun("вихрь", _M),
    Noun("родник", _M),
    Noun("кристалл", _M),
    Noun("импульс", _M),
    Noun("берег", _M),
    Noun("дождь", _M),
    Noun("зов", _M),
    # neuter
    Noun("эхо", _N),
    Noun("мерцание", _N),
    Noun("сияние", _N),
    Noun("зеркало", _N),
    Noun("облако", _N),
    Noun("небо", _N),
    Noun("пламя", _N),
    Noun("безветрие", _N),
    Noun("озеро", _N),
    Noun("дыхание", _N),
    Noun("свечение", _N),
    Noun("течение", _N),
    Noun("безмолвие", _N),
    Noun("половодье", _N),
    Noun("марево", _N),
    Noun("отражение", _N),
)

#: Any this many consecutive Dailies have pairwise different names.
NAME_PERIOD = len(ADJECTIVES) * len(NOUNS)

if gcd(len(ADJECTIVES), len(NOUNS)) != 1:  # pragma: no cover - guarded by a unit test too
    raise RuntimeError("names: the adjective and noun counts must be coprime for the naming bijection")


@lru_cache(maxsize=16)
def _orders(secret: bytes) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return (
        keyed_permutation(secret, "names.adjectives", n=len(ADJECTIVES)),
        keyed_permutation(secret, "names.nouns", n=len(NOUNS)),
    )


def name_parts(secret: bytes, number: int) -> tuple[Adjective, Noun]:
    """The adjective and noun of Daily № `number` (1-based)."""
    if number < 1:
        raise ValueError(f"Daily numbers start at 1, got {number}")
    pa, pn = _orders(bytes(secret))
    i = number - 1
    return ADJECTIVES[pa[i % len(ADJECTIVES)]], NOUNS[pn[i % len(NOUNS)]]


def daily_name(secret: bytes, number: int) -> str:
    """«Тихая прохлада»: the name of Daily № `number`, capitalised, the adjective agreeing with the noun."""
    adjective, noun = name_parts(secret, number)
    text = f"{adjective.form(noun.gender)} {noun.word}"
    return text[0].upper() + text[1:]
