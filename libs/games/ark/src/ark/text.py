"""What a player may write for others to read — a nickname or a chat line: visible text only.

Control characters (NUL, BEL, …) and format characters (right-to-left overrides and isolates, zero-width
spaces and joiners, the BOM) are removed: they would reorder or hide what others read, or break it. What
is left must show something: text of spaces, blank "fillers" (Hangul fillers, the blank Braille pattern) or
combining marks alone is refused. A nickname may not take the shape of the generated callsigns
(«Эхонавт-1234», "Echonaut-1234") — even in look-alike letters — to pass as another player.
"""

from __future__ import annotations

import re
import unicodedata

#: letters of no width or no ink that Unicode files as letters or symbols, not as spaces or format
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")
#: Cyrillic letters that look like Latin ones, for comparing a nickname with the generated callsigns
_LATIN_LOOK = str.maketrans("аеорсхукнтвмз", "aeopcxykhtbm3")
_GENERATED = re.compile(r"(эxohabt|echonaut)[\W_]*\d+")


def visible(raw: str) -> str:
    """The text without control and format characters, trimmed ("" when nothing is left to see)."""
    text = "".join(ch for ch in unicodedata.normalize("NFC", raw) if unicodedata.category(ch) not in ("Cc", "Cf"))
    text = text.strip()
    return text if any(_shows(ch) for ch in text) else ""


def _shows(ch: str) -> bool:
    return not ch.isspace() and ch not in BLANKS and unicodedata.category(ch)[0] not in ("M", "Z", "C")


def like_a_generated_callsign(nick: str) -> bool:
    folded = "".join(ch for ch in unicodedata.normalize("NFKC", nick).casefold() if _shows(ch))
    return _GENERATED.fullmatch(folded.translate(_LATIN_LOOK)) is not None
