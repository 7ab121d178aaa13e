"""Callsign (Позывной) rules: what a callsign may look like, and when two callsigns are «the same».

- 3 to 20 characters after trimming and Unicode NFC; letters (Latin or Cyrillic), digits, `_` and `-`;
  it starts and ends with a letter or a digit, has no two separators in a row and at least one letter.
- One alphabet only: «Vasya» or «Вася», never «Vаsya» with a Cyrillic «а». Scripts are told apart by the
  `confusable_homoglyphs` package (Unicode data), digits and separators belong to none.
- Unique case-insensitively *and* up to look-alikes: the `key` of a callsign folds case, «ё» to «е» and
  every character to one representative of its look-alike class (the package's confusables data:
  Cyrillic «В» ~ Latin «B», «О» ~ «O» ~ «0», «l» ~ «1» ~ «I»…), so «ВОВА» and «BOBA» cannot both exist;
  and it drops the separators, which do not make a callsign different: «Орбита_12», «Орбита12» and
  «Орбита-12» are one callsign (migration 0004 re-keyed the callsigns taken before).
- Reserved words (admin, модератор, эхонавт, …) may not be a callsign or one of its parts, in either
  alphabet: «Эхонавт-1234» is how a player without a callsign is shown, and nobody may take that shape.
"""

from __future__ import annotations

import re
import string
import unicodedata
from dataclasses import dataclass
from functools import cache

from confusable_homoglyphs import categories, confusables

from .rejections import Rejection

MIN_LENGTH = 3
MAX_LENGTH = 20
CYRILLIC = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
LETTERS = frozenset(string.ascii_letters + CYRILLIC + CYRILLIC.upper())
DIGITS = frozenset(string.digits)
SEPARATORS = frozenset("_-")
ALLOWED = LETTERS | DIGITS | SEPARATORS

RESERVED = (
    "admin",
    "administrator",
    "administration",
    "root",
    "moderator",
    "mod",
    "support",
    "system",
    "staff",
    "official",
    "echo",
    "echochallenge",
    "null",
    "undefined",
    "anonymous",
    "guest",
    "bot",
    "echonaut",  # the generated callsigns are «Эхонавт-1234» (echo_events.callsigns): no one may pass as one
    "админ",
    "администратор",
    "администрация",
    "модератор",
    "модер",
    "поддержка",
    "система",
    "служба",
    "официальный",
    "эхо",
    "эховызов",
    "гость",
    "бот",
    "институт",
    "эхонавт",
)

_PARTS = re.compile(r"[_\-0-9]+")


@dataclass(frozen=True, slots=True)
class Callsign:
    value: str  # as the player typed it (trimmed, NFC): shown in the Chart
    key: str  # the uniqueness key: case- and look-alike-folded, without separators


def _r(code: str, message: str, message_ru: str) -> Rejection:
    return Rejection(code, message, message_ru)


TOO_SHORT = _r(
    "callsign_too_short",
    f"A callsign has at least {MIN_LENGTH} characters.",
    f"Позывной — не короче {MIN_LENGTH} символов.",
)
TOO_LONG = _r(
    "callsign_too_long",
    f"A callsign has at most {MAX_LENGTH} characters.",
    f"Позывной — не длиннее {MAX_LENGTH} символов.",
)
BAD_CHARACTERS = _r(
    "callsign_bad_characters",
    "Use Latin or Cyrillic letters, digits, '_' and '-' only.",
    "Только латинские или русские буквы, цифры, «_» и «-».",
)
BAD_EDGES = _r(
    "callsign_bad_separators",
    "A callsign starts and ends with a letter or a digit and has no two '_'/'-' in a row.",
    "Позывной начинается и кончается буквой или цифрой, и в нём нет двух «_»/«-» подряд.",
)
NO_LETTER = _r(
    "callsign_no_letter", "A callsign has at least one letter.", "В позывном нужна хотя бы одна буква."
)
MIXED_SCRIPTS = _r(
    "callsign_mixed_scripts",
    "Use one alphabet: Latin or Cyrillic letters, not both (they look alike).",
    "Один алфавит: латиница или кириллица, не вперемешку — буквы похожи.",
)
RESERVED_WORD = _r("callsign_reserved", "This callsign is reserved.", "Этот позывной зарезервирован.")
TAKEN = _r(
    "callsign_taken",
    "This callsign is taken (or one that looks the same).",
    "Этот позывной занят (или очень похожий на него).",
)


def normalize(raw: str) -> str:
    return unicodedata.normalize("NFC", raw).strip()


@cache
def _lookalike_representatives() -> dict[str, str]:
    """Each allowed character (case-folded) → the representative of its look-alike class."""
    parent: dict[str, str] = {}

    def find(c: str) -> str:
        while parent.setdefault(c, c) != c:
            c = parent[c]
        return c

    def union(a: str, b: str) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)  # deterministic: the smallest code point represents

    for ch in sorted(LETTERS | DIGITS):
        union(ch, ch.lower())
        union(ch, ch.upper())
        for found in confusables.is_confusable(ch, greedy=True) or ():
            for homoglyph in found["homoglyphs"]:
                if homoglyph["c"] in ALLOWED:
                    union(ch, homoglyph["c"])
    union("ё", "е")
    union("Ё", "Е")
    return {ch: find(ch) for ch in ALLOWED}


def key_of(text: str) -> str:
    """The look-alike- and case-folded form, without separators, that two callsigns are compared by."""
    table = _lookalike_representatives()
    return "".join(table.get(ch, ch) for ch in text if ch not in SEPARATORS)


@cache
def _reserved_keys() -> frozenset[str]:
    return frozenset(key_of(word) for word in RESERVED) | frozenset(key_of(w.upper()) for w in RESERVED)


def check(raw: str) -> Callsign | Rejection:
    """A valid callsign, or the first rule it breaks."""
    value = normalize(raw)
    if len(value) < MIN_LENGTH:
        return TOO_SHORT
    if len(value) > MAX_LENGTH:
        return TOO_LONG
    if any(ch not in ALLOWED for ch in value):
        return BAD_CHARACTERS
    if (
        value[0] in SEPARATORS
        or value[-1] in SEPARATORS
        or "--" in value
        or "__" in value
        or "_-" in value
        or "-_" in value
    ):
        return BAD_EDGES
    if not any(ch in LETTERS for ch in value):
        return NO_LETTER
    scripts = categories.unique_aliases(value) - {"COMMON"}
    if len(scripts) > 1 or confusables.is_mixed_script(value):
        return MIXED_SCRIPTS
    key = key_of(value)
    reserved = _reserved_keys()
    parts = [p for p in _PARTS.split(value) if p]
    if (
        key in reserved
        or any(key_of(part) in reserved for part in parts)
        or key_of("".join(parts)) in reserved
    ):
        return RESERVED_WORD
    return Callsign(value=value, key=key)
