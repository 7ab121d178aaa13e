"""Card faces as SVG, drawn from the card data alone so that a client never hand-draws a card: the faction's
colour, the discard cost, the time value, printed VP, strength, the faction symbols and the effect's text in
Russian or English. Pure functions: the same card and language give the same text, byte for byte.

Every number sits in a `<text>` whose class names it (`cost`, `time`, `vp`, `strength`, `capture`,
`entrench`, `vp-captured`, `vp-entrenched`), so a client may restyle a face without parsing it."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from .catalogue import Card, Source

LANGUAGES = ("ru", "en")
WIDTH, HEIGHT = 250, 350
TEXT_WIDTH_CHARS = 30  # what fits on one line of the effect box at the font size used
MAX_EFFECT_LINES = 4  # the effect box of that many lines still ends above the bottom badges

FACTION_COLOURS = {"water": "#2f7fc1", "forest": "#3d8b37", "sky": "#7b6cc9", "earth": "#8a5a2b"}
# The symbols as small paths (a drop, a fir, a cloud, a mountain) around (0, 0): no font needs to have them.
FACTION_GLYPHS = {
    "water": "M0,-8 C4,-2 6,1 6,3 A6,6 0 0 1 -6,3 C-6,1 -4,-2 0,-8 Z",
    "forest": "M0,-8 L6,2 L2,2 L2,7 L-2,7 L-2,2 L-6,2 Z",
    "sky": "M-7,4 A3,3 0 0 1 -5,-2 A4.5,4.5 0 0 1 3,-4 A3.5,3.5 0 0 1 7,4 Z",
    "earth": "M-8,5 L-2,-6 L1,-1 L3,-4 L8,5 Z",
}
TIMING_ICONS = {"summon": "✦", "act": "⚡", "on": "∞", "static": "∞", "score": "★", "none": ""}
WORDS = {
    "ru": {"water": "Вода", "forest": "Лес", "sky": "Небо", "earth": "Земля", "creature": "Существо",
           "artifact": "Артефакт", "source": "Источник", "cost": "сброс", "time": "время", "vp": "ПО",
           "strength": "сила", "capture": "захват", "entrench": "закреп."},
    "en": {"water": "Water", "forest": "Forest", "sky": "Sky", "earth": "Earth", "creature": "Creature",
           "artifact": "Artifact", "source": "Source", "cost": "discard", "time": "time", "vp": "VP",
           "strength": "str", "capture": "capture", "entrench": "entrench"},
}


def wrap(text: str, width: int = TEXT_WIDTH_CHARS) -> list[str]:
    """Greedy word wrap; a word longer than the width keeps a line of its own."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _text(x: float, y: float, content: str, *, cls: str, size: int, anchor: str = "middle", weight: str = "normal",
          fill: str = "#1d1d1d") -> str:
    return (f'<text class={quoteattr(cls)} x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}">{escape(content)}</text>')


def _badge(x: float, y: float, value: int, label: str, cls: str, colour: str) -> str:
    """A round badge with a number and a small label under it."""
    return (f'<circle cx="{x:g}" cy="{y:g}" r="19" fill="#ffffff" stroke="{colour}" stroke-width="3"/>'
            + _text(x, y + 7, str(value), cls=cls, size=20, weight="bold")
            + _text(x, y + 32, label, cls=f"{cls}-label", size=10, fill="#444444"))


def _effect_box(top: float, icon: str, text: str, colour: str) -> str:
    """The effect's text under its timing icon, which sits in a disc on the box's upper edge."""
    lines = wrap(text)
    parts = [f'<rect x="18" y="{top:g}" width="214" height="{30 + 16 * len(lines)}" rx="8" fill="#ffffff" '
             f'stroke="{colour}" stroke-width="1.5"/>']
    if icon:
        parts.append(f'<circle cx="125" cy="{top:g}" r="11" fill="{colour}"/>'
                     + _text(125, top + 5, icon, cls="timing", size=13, fill="#ffffff"))
    spans = "".join(f'<tspan x="125" dy="{0 if i == 0 else 16}">{escape(line)}</tspan>' for i, line in enumerate(lines))
    parts.append(f'<text class="effect" x="125" y="{top + 28:g}" font-size="13" text-anchor="middle" '
                 f'fill="#1d1d1d">{spans}</text>')
    return "".join(parts)


def _frame(colour: str, title: str, subtitle: str, body: str, footer: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
            f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif">'
            f'<rect x="2" y="2" width="{WIDTH - 4}" height="{HEIGHT - 4}" rx="14" fill="#f7f3ea" stroke="{colour}" '
            f'stroke-width="4"/>'
            f'<rect x="2" y="2" width="{WIDTH - 4}" height="64" rx="14" fill="{colour}"/>'
            + _text(125, 30, title, cls="name", size=17, weight="bold", fill="#ffffff")
            + _text(125, 52, subtitle, cls="kind", size=12, fill="#ffffff")
            + body + _text(125, HEIGHT - 12, footer, cls="id", size=10, fill="#777777") + "</svg>")


def _symbols(symbols: tuple[str, ...], top: float) -> str:
    start = 125 - 16 * (len(symbols) - 1)
    return "".join(
        f'<g class="symbol" data-faction="{faction}"><circle cx="{start + 32 * i:g}" cy="{top:g}" r="13" '
        f'fill="{FACTION_COLOURS[faction]}"/><path transform="translate({start + 32 * i:g} {top:g})" '
        f'd="{FACTION_GLYPHS[faction]}" fill="#ffffff"/></g>'
        for i, faction in enumerate(symbols))


def _words(lang: str) -> dict[str, str]:
    if lang not in LANGUAGES:
        raise ValueError(f"no card texts in {lang!r}; the languages are {', '.join(LANGUAGES)}")
    return WORDS[lang]


Badge = tuple[int, str, str]  # value, label, class


def _face(colour: str, title: str, subtitle: str, corners: tuple[Badge, Badge], symbols: tuple[str, ...],
          icon: str, text: str, bottom: list[Badge], footer: str) -> str:
    """The layout every face shares: two badges on top with the symbols between, the effect, badges below."""
    (left, right) = corners
    body = (_badge(40, 98, *left, colour) + _badge(210, 98, *right, colour) + _symbols(symbols, 98)
            + _effect_box(160, icon, text, colour)
            + "".join(_badge(x, 286, *badge, colour) for x, badge in zip((40, 210), bottom, strict=False)))
    return _frame(colour, title, subtitle, body, footer)


def card_face_svg(card: Card, lang: str) -> str:
    """The face of a fellowship card in `ru` or `en`."""
    words = _words(lang)
    name, text = (card.name_ru, card.text_ru) if lang == "ru" else (card.name_en, card.text_en)
    bottom: list[Badge] = [(card.vp, words["vp"], "vp")]
    if card.is_creature:
        bottom.append((card.strength, words["strength"], "strength"))
    return _face(FACTION_COLOURS[card.faction], name, f"{words[card.type]} · {words[card.faction]}",
                 ((card.discard, words["cost"], "cost"), (card.time, words["time"], "time")), card.symbols,
                 TIMING_ICONS[card.effect.kind], text, bottom, card.id)


def source_face_svg(source: Source, lang: str) -> str:
    """The face of a Source: capture and entrench thresholds, the VP of each state (captured left, entrenched
    right, as the page places them) and its ability."""
    words = _words(lang)
    name, text = (source.name_ru, source.text_ru) if lang == "ru" else (source.name_en, source.text_en)
    return _face(FACTION_COLOURS[source.faction], name, f"{words['source']} · {words[source.faction]}",
                 ((source.capture, words["capture"], "capture"), (source.entrench, words["entrench"], "entrench")),
                 (source.faction,), TIMING_ICONS[source.effect.kind], text,
                 [(source.vp_captured, f"{words['vp']} · {words['capture']}", "vp-captured"),
                  (source.vp_entrenched, f"{words['vp']} · {words['entrench']}", "vp-entrenched")], source.id)
