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
BACKGROUND = ("#0d1117", "#17324d")  # a diagonal gradient, top left to bottom right
INK, MUTED = "#e6edf3", "#8b949e"


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


@dataclass(frozen=True, slots=True)
class Box:
    x: int
    y: int
    width: int
    height: int
    fill: str
    radius: int = 0
    opacity: float = 1.0


@dataclass(frozen=True, slots=True)
class Line:
    """A line of text; `y` is its baseline, `end` anchors it by its right end."""

    x: int
    y: int
    size: int
    text: str
    fill: str = INK
    bold: bool = False
    end: bool = False


def _pattern(number: int) -> list[Box]:
    """A 10×10 grid of sectors, some lit in the ephemera's colours, keyed by the Daily's number only."""
    digest = hashlib.sha256(f"echo-daily-image:{number}".encode()).digest()
    cells = []
    size, gap, left, top = 30, 6, 792, 150
    for i in range(100):
        byte = digest[i % len(digest)] ^ (i * 37 & 0xFF)
        lit = byte % 4 == 0
        cells.append(Box(left + (i % 10) * (size + gap), top + (i // 10) * (size + gap), size, size,
                         COLOURS[byte % 3] if lit else "#21324a", radius=5, opacity=0.9 if lit else 0.55))
    return cells


def layout(card: Card) -> list[Box | Line]:
    """What the image holds, in drawing order: the one layout both renderers (SVG here, PNG) draw."""
    words = WORDS[card.lang]
    kicker = words[card.kind]
    if card.league:
        kicker += " · " + words.get(card.league, card.league)
    shapes: list[Box | Line] = [Line(64, 96, 30, kicker.upper(), fill="#58a6ff")]
    # a name of up to 15 characters fits the left column on one line; a longer one takes a line per word
    name_lines = [card.name] if len(card.name) <= 15 else _wrap(card.name, 12)
    name_size = 68 if len(name_lines) == 1 else 60
    y = 180
    if card.number is not None:
        shapes.append(Line(64, y, 64, f"№ {card.number}", fill=MUTED, bold=True))
        y += 88
    for line in name_lines:
        shapes.append(Line(64, y, name_size, line, bold=True))
        y += name_size + 12
    if card.day is not None:
        shapes.append(Line(64, y, 34, day_text(card.day, card.lang), fill=MUTED))
        y += 52
    for line in _wrap(card.gist, 44) if card.gist else []:
        shapes.append(Line(64, y, 28, line, fill="#c9d1d9"))
        y += 38
    if card.special:
        label = words["special"].upper()
        shapes += [Box(792, 64, 34 + 19 * len(label), 54, "#d29922", radius=27),
                   Line(812, 100, 26, label, fill="#0d1117", bold=True)]
    shapes += _pattern(card.number or 0)
    if card.credits is not None:
        who = card.player or ""
        lead = words["challenge" if card.challenge else "game"].format(who=who) if who else ""
        shapes.append(Box(0, HEIGHT - 110, WIDTH, 110, "#0d1117", opacity=0.85))
        if lead:
            shapes.append(Line(64, HEIGHT - 45, 34, lead))
        shapes.append(Line(WIDTH - 64, HEIGHT - 40, 56, credits_text(card.credits, card.lang), fill="#3fb950",
                           bold=True, end=True))
    return shapes


def _svg_shape(shape: Box | Line) -> str:
    if isinstance(shape, Box):
        return (f'<rect x="{shape.x}" y="{shape.y}" width="{shape.width}" height="{shape.height}" '
                f'rx="{shape.radius}" fill="{shape.fill}" opacity="{shape.opacity:g}"/>')
    weight = ' font-weight="bold"' if shape.bold else ""
    anchor = ' text-anchor="end"' if shape.end else ""
    return (f'<text x="{shape.x}" y="{shape.y}" font-size="{shape.size}" fill="{shape.fill}"{weight}{anchor}>'
            f"{escape(shape.text)}</text>")


def svg(card: Card) -> str:
    label = escape(title(card), {'"': "&quot;"})
    return "".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="img" aria-label="{label}">',
        f'<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="{BACKGROUND[0]}"/>'
        f'<stop offset="1" stop-color="{BACKGROUND[1]}"/></linearGradient></defs>',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="url(#bg)"/>',
        '<g font-family="DejaVu Sans, Verdana, Arial, sans-serif">',
        *map(_svg_shape, layout(card)),
        "</g></svg>",
    ])
