"""Russian in Latin letters («Тихая прохлада» → "Tikhaya prokhlada"): the English name of a Daily whose
event predates English names (`DailyPublished.name_en` absent), so an English page shows no Cyrillic."""

from __future__ import annotations

_LETTERS = dict(zip(
    "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
    ["a", "b", "v", "g", "d", "e", "yo", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p", "r", "s", "t", "u",
     "f", "kh", "ts", "ch", "sh", "shch", "", "y", "", "e", "yu", "ya"],
    strict=True,
))


def latin(text: str) -> str:
    """The text with every Russian letter spelled in Latin ones (BGN/PCGN-like), case kept by word start."""
    out = []
    for ch in text:
        low = ch.lower()
        if low not in _LETTERS:
            out.append(ch)
            continue
        spelled = _LETTERS[low]
        out.append(spelled.capitalize() if ch != low else spelled)
    return "".join(out)
