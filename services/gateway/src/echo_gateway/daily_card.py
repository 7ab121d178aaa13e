"""«Картинка выпуска»: a Daily's own image, an SVG of 1200×630 (the Open Graph size), generated from what is
public about it — number, name, date, the preset's name and gist, the special-game badge — and, on a
challenge's or a replay's link, the player and his score. Pure: no I/O, the same card gives the same bytes.

The pattern of lit sectors on the right is drawn from the Daily's number alone: it decorates, and it says
nothing about the field (which comes from the secret seed).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date
from xml.sax.saxutils import escape

WIDTH, HEIGHT = 1200, 630
MONTHS_RU = ("января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября",
             "ноября", "декабря")
MONTHS_EN = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
             "November", "December")
WORDS = {
    "ru": {"daily": "Эхо-вызов дня", "free": "Свободная партия", "special": "Особая партия",
           "challenge": "Вызов от игрока {who}", "beat": "Сможете больше?", "game": "Партия {who}",
           "bronze": "Бронза", "silver": "Серебро", "gold": "Золото", "platinum": "Платина"},
    "en": {"daily": "Daily Echo Challenge", "free": "Free game", "special": "Special game",
           "challenge": "A challenge from {who}", "beat": "Can you beat it?", "game": "{who}'s game",
           "bronze": "Bronze", "silver": "Silver", "gold": "Gold", "platinum": "Platinum"},
}
COLOURS = ("#3fb950", "#d29922", "#f85149")  # green, yellow, red: the ephemera's colours


@dataclass(frozen=True, slots=True)
class Card:
    lang: str  # "ru" | "en"
    kind: str  # "daily" | "free"
    name: str  # the Daily's name, or the Free game's preset name
    gist: str  # the preset's gist ("" when unknown)
    number: int | None = None  # the Daily's №
    day: date | None = None
    league: str | None = None
    special: bool = False
    credits: int | None = None  # the score a link shares
    player: str | None = None  # whose score
    challenge: bool = False  # a challenge's link: "A challenge from …, can you beat it?"


def day_text(day: date, lang: str) -> str:
    """«1 декабря 2026» / "1 December 2026"."""
    month = (MONTHS_EN if lang == "en" else MONTHS_RU)[day.month - 1]
    return f"{day.day} {month} {day.year}"


def credits_text(n: int, lang: str) -> str:
    if lang == "en":
        return f"{n} Credit" if n == 1 else f"{n} Credits"
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} Кредит"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return f"{n} Кредита"
    return f"{n} Кредитов"


def title(card: Card) -> str:
    """The one-line title of the card: «№ 31 · Тихая прохлада» (a Free game: its preset's name)."""
    return f"№ {card.number} · {card.name}" if card.number is not None else card.name


def description(card: Card) -> str:
    """One sentence for the link preview's text: date, league, preset, badge, score."""
    words = WORDS[card.lang]
    parts = [words[card.kind]]
    if card.day is not None:
        parts.append(day_text(card.day, card.lang))
    if card.league:
        parts.append(words.get(card.league, card.league))
    if card.gist:
        parts.append(card.gist)
    if card.special:
        parts.append(words["special"])
    text = " · ".join(parts)
    if card.credits is not None:
        who = card.player or ""
        lead = words["challenge" if card.challenge else "game"].format(who=who) if who else ""
        score = credits_text(card.credits, card.lang)
        text += f". {lead}: {score}" if lead else f". {score}"
        if card.challenge:
            text += f". {words['beat']}"
    return text


def _wrap(text: str, width: int) -> list[str]:
    """Words into lines of at most `width` characters (a long word stays whole); at most two lines."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])[: width - 1] + "…"]
    return lines


def _pattern(number: int) -> str:
    """A 10×10 grid of sectors, some lit in the ephemera's colours, keyed by the Daily's number only."""
    digest = hashlib.sha256(f"echo-daily-image:{number}".encode()).digest()
    cells = []
    size, gap, left, top = 30, 6, 792, 150
    for i in range(100):
        byte = digest[i % len(digest)] ^ (i * 37 & 0xFF)
        x, y = left + (i % 10) * (size + gap), top + (i // 10) * (size + gap)
        fill = COLOURS[byte % 3] if byte % 4 == 0 else "#21324a"
        opacity = "0.9" if byte % 4 == 0 else "0.55"
        cells.append(f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="5" fill="{fill}" '
                     f'opacity="{opacity}"/>')
    return "".join(cells)


def svg(card: Card) -> str:
    words = WORDS[card.lang]
    kicker = words[card.kind]
    if card.league:
        kicker += " · " + words.get(card.league, card.league)
    # a name of up to 15 characters fits the left column on one line; a longer one takes a line per word
    name_lines = [card.name] if len(card.name) <= 15 else _wrap(card.name, 12)
    name_size = 68 if len(name_lines) == 1 else 60
    gist_lines = _wrap(card.gist, 44) if card.gist else []
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="img" aria-label="{escape(title(card), {chr(34): "&quot;"})}">',
        '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0d1117"/>'
        '<stop offset="1" stop-color="#17324d"/></linearGradient></defs>',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="url(#bg)"/>',
        '<g font-family="DejaVu Sans, Verdana, Arial, sans-serif" fill="#e6edf3">',
        f'<text x="64" y="96" font-size="30" fill="#58a6ff" letter-spacing="2">{escape(kicker.upper())}</text>',
    ]
    y = 180
    if card.number is not None:
        parts.append(f'<text x="64" y="{y}" font-size="64" font-weight="bold" fill="#8b949e">№ {card.number}</text>')
        y += 88
    for line in name_lines:
        parts.append(f'<text x="64" y="{y}" font-size="{name_size}" font-weight="bold">{escape(line)}</text>')
        y += name_size + 12
    if card.day is not None:
        parts.append(f'<text x="64" y="{y}" font-size="34" fill="#8b949e">{escape(day_text(card.day, card.lang))}'
                     "</text>")
        y += 52
    for line in gist_lines:
        parts.append(f'<text x="64" y="{y}" font-size="28" fill="#c9d1d9">{escape(line)}</text>')
        y += 38
    if card.special:
        label = escape(words["special"].upper())
        parts.append(f'<rect x="792" y="64" width="{34 + 19 * len(words["special"])}" height="54" rx="27" '
                     'fill="#d29922"/>'
                     f'<text x="812" y="100" font-size="26" font-weight="bold" fill="#0d1117">{label}</text>')
    parts.append(_pattern(card.number or 0))
    if card.credits is not None:
        who = card.player or ""
        lead = words["challenge" if card.challenge else "game"].format(who=who) if who else ""
        parts.append(f'<rect x="0" y="{HEIGHT - 110}" width="{WIDTH}" height="110" fill="#0d1117" opacity="0.85"/>')
        if lead:
            parts.append(f'<text x="64" y="{HEIGHT - 45}" font-size="34">{escape(lead)}</text>')
        score = escape(credits_text(card.credits, card.lang))
        parts.append(f'<text x="{WIDTH - 64}" y="{HEIGHT - 40}" font-size="56" font-weight="bold" fill="#3fb950" '
                     f'text-anchor="end">{score}</text>')
    parts.append("</g></svg>")
    return "".join(parts)
