"""The two-word name of Daily № N, «Тихая прохлада» (in English "Quiet coolness"): an adjective agreeing in
gender with a noun, each word with its English translation.

Scheme (a bijection, not luck): with A adjectives and N nouns, gcd(A, N) = 1, Daily number n (from 1)
takes i = n - 1 and
    adjective = ADJECTIVES[pa[i mod A]],  noun = NOUNS[pn[i mod N]],
where pa and pn are permutations keyed by the server secret. By the Chinese remainder theorem
i -> (i mod A, i mod N) is a bijection on range(A * N), so any A * N consecutive Dailies have
pairwise different names (A * N ≈ 6 years), and two Dailies in a row never share a word.

The word lists are part of the scheme: editing them renames future Dailies (past names are kept in the
DailyPublished events), so change them only together with `keyed.SCHEME` or before launch. The English
words only translate: changing one renames nothing in Russian.
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
    en: str  # English has one form: «quiet»

    def form(self, gender: Gender) -> str:
        return {Gender.MASCULINE: self.masculine, Gender.FEMININE: self.feminine, Gender.NEUTER: self.neuter}[
            gender
        ]


@dataclass(frozen=True, slots=True)
class Noun:
    word: str
    gender: Gender
    en: str


def _adj(m: str, f: str, n: str, en: str) -> Adjective:
    return Adjective(m, f, n, en)


# 41 adjectives (a prime, so coprime with any noun count below 41 * 2).
ADJECTIVES: tuple[Adjective, ...] = (
    _adj("тихий", "тихая", "тихое", "quiet"),
    _adj("дальний", "дальняя", "дальнее", "distant"),
    _adj("ночной", "ночная", "ночное", "nocturnal"),
    _adj("звёздный", "звёздная", "звёздное", "starry"),
    _adj("ясный", "ясная", "ясное", "clear"),
    _adj("лунный", "лунная", "лунное", "moonlit"),
    _adj("хрустальный", "хрустальная", "хрустальное", "glassy"),
    _adj("туманный", "туманная", "туманное", "misty"),
    _adj("зыбкий", "зыбкая", "зыбкое", "shifting"),
    _adj("холодный", "холодная", "холодное", "cold"),
    _adj("тёплый", "тёплая", "тёплое", "warm"),
    _adj("прозрачный", "прозрачная", "прозрачное", "limpid"),
    _adj("глубокий", "глубокая", "глубокое", "deep"),
    _adj("серебряный", "серебряная", "серебряное", "silver"),
    _adj("бархатный", "бархатная", "бархатное", "velvet"),
    _adj("янтарный", "янтарная", "янтарное", "amber"),
    _adj("медный", "медная", "медное", "copper"),
    _adj("синий", "синяя", "синее", "blue"),
    _adj("сизый", "сизая", "сизое", "slate"),
    _adj("алый", "алая", "алое", "scarlet"),
    _adj("лёгкий", "лёгкая", "лёгкое", "light"),
    _adj("звонкий", "звонкая", "звонкое", "ringing"),
    _adj("певучий", "певучая", "певучее", "singing"),
    _adj("сонный", "сонная", "сонное", "sleepy"),
    _adj("долгий", "долгая", "долгое", "long"),
    _adj("забытый", "забытая", "забытое", "forgotten"),
    _adj("летучий", "летучая", "летучее", "fleeting"),
    _adj("вечерний", "вечерняя", "вечернее", "evening"),
    _adj("утренний", "утренняя", "утреннее", "morning"),
    _adj("осенний", "осенняя", "осеннее", "autumn"),
    _adj("зимний", "зимняя", "зимнее", "winter"),
    _adj("северный", "северная", "северное", "northern"),
    _adj("полуденный", "полуденная", "полуденное", "midday"),
    _adj("хрупкий", "хрупкая", "хрупкое", "fragile"),
    _adj("призрачный", "призрачная", "призрачное", "ghostly"),
    _adj("ранний", "ранняя", "раннее", "early"),
    _adj("свежий", "свежая", "свежее", "fresh"),
    _adj("живой", "живая", "живое", "living"),
    _adj("ледяной", "ледяная", "ледяное", "icy"),
    _adj("пепельный", "пепельная", "пепельное", "ashen"),
    _adj("тайный", "тайная", "тайное", "secret"),
)

_F, _M, _N = Gender.FEMININE, Gender.MASCULINE, Gender.NEUTER

# 64 nouns. None shares a root with an adjective above (no «Тихая тишина», «Ледяной лёд»).
NOUNS: tuple[Noun, ...] = (
    # feminine
    Noun("прохлада", _F, "coolness"),
    Noun("рябь", _F, "ripple"),
    Noun("волна", _F, "wave"),
    Noun("заря", _F, "dawn"),
    Noun("мгла", _F, "gloom"),
    Noun("дымка", _F, "haze"),
    Noun("искра", _F, "spark"),
    Noun("гроза", _F, "thunderstorm"),
    Noun("вьюга", _F, "blizzard"),
    Noun("метель", _F, "snowstorm"),
    Noun("струна", _F, "string"),
    Noun("тень", _F, "shadow"),
    Noun("высь", _F, "heights"),
    Noun("капель", _F, "drip"),
    Noun("роса", _F, "dew"),
    Noun("вспышка", _F, "flash"),
    Noun("пелена", _F, "veil"),
    Noun("гладь", _F, "calm"),
    Noun("бездна", _F, "abyss"),
    Noun("свирель", _F, "reed pipe"),
    Noun("полынья", _F, "polynya"),
    Noun("река", _F, "river"),
    Noun("буря", _F, "storm"),
    # masculine
    Noun("шёпот", _M, "whisper"),
    Noun("отзвук", _M, "resonance"),
    Noun("отблеск", _M, "glint"),
    Noun("рассвет", _M, "daybreak"),
    Noun("закат", _M, "sunset"),
    Noun("прибой", _M, "surf"),
    Noun("ветер", _M, "wind"),
    Noun("штиль", _M, "lull"),
    Noun("иней", _M, "hoarfrost"),
    Noun("сумрак", _M, "twilight"),
    Noun("гул", _M, "hum"),
    Noun("мираж", _M, "mirage"),
    Noun("маяк", _M, "beacon"),
    Noun("след", _M, "trace"),
    Noun("сигнал", _M, "signal"),
    Noun("перелив", _M, "iridescence"),
    Noun("горизонт", _M, "horizon"),
    Noun("прилив", _M, "tide"),
    Noun("вихрь", _M, "whirlwind"),
    Noun("родник", _M, "spring"),
    Noun("кристалл", _M, "crystal"),
    Noun("импульс", _M, "pulse"),
    Noun("берег", _M, "shore"),
    Noun("дождь", _M, "rain"),
    Noun("зов", _M, "call"),
    # neuter
    Noun("эхо", _N, "echo"),
    Noun("мерцание", _N, "flicker"),
    Noun("сияние", _N, "radiance"),
    Noun("зеркало", _N, "mirror"),
    Noun("облако", _N, "cloud"),
    Noun("небо", _N, "sky"),
    Noun("пламя", _N, "flame"),
    Noun("безветрие", _N, "stillness"),
    Noun("озеро", _N, "lake"),
    Noun("дыхание", _N, "breath"),
    Noun("свечение", _N, "glow"),
    Noun("течение", _N, "current"),
    Noun("безмолвие", _N, "silence"),
    Noun("половодье", _N, "flood"),
    Noun("марево", _N, "shimmer"),
    Noun("отражение", _N, "reflection"),
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


def daily_name_en(secret: bytes, number: int) -> str:
    """"Quiet coolness": the English name of Daily № `number`, the same two words translated."""
    adjective, noun = name_parts(secret, number)
    text = f"{adjective.en} {noun.en}"
    return text[0].upper() + text[1:]
