"""Card faces drawn as SVG from the card data: well-formed, every card and Source in both languages, the
numbers, symbols and effect text where a client finds them."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from echoes_of_time.catalogue import CARDS, SOURCES
from echoes_of_time.faces import (
    FACTION_COLOURS,
    LANGUAGES,
    MAX_EFFECT_LINES,
    card_face_svg,
    source_face_svg,
    wrap,
)

pytestmark = pytest.mark.unit

SVG = "{http://www.w3.org/2000/svg}"


def _texts(root: ET.Element, cls: str) -> list[str]:
    return ["".join(node.itertext()) for node in root.iter(f"{SVG}text") if node.get("class") == cls]


def _effect_text(root: ET.Element) -> str:
    (effect,) = [n for n in root.iter(f"{SVG}text") if n.get("class") == "effect"]
    return " ".join(span.text or "" for span in effect.iter(f"{SVG}tspan"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_renders_well_formed_with_its_numbers_symbols_and_text(lang: str) -> None:
    for card in CARDS.values():
        root = ET.fromstring(card_face_svg(card, lang))
        assert root.tag == f"{SVG}svg" and root.get("viewBox") == "0 0 250 350"
        assert _texts(root, "cost") == [str(card.discard)] and _texts(root, "time") == [str(card.time)]
        assert _texts(root, "vp") == [str(card.vp)]
        assert _texts(root, "strength") == ([str(card.strength)] if card.is_creature else [])
        assert [g.get("data-faction") for g in root.iter(f"{SVG}g")] == list(card.symbols)
        assert _texts(root, "name") == [card.name_ru if lang == "ru" else card.name_en]
        assert _effect_text(root) == " ".join((card.text_ru if lang == "ru" else card.text_en).split())
        assert _texts(root, "id") == [card.id]
        assert FACTION_COLOURS[card.faction] in {node.get("fill") for node in root.iter(f"{SVG}rect")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_source_renders_its_thresholds_and_vp(lang: str) -> None:
    for source in SOURCES.values():
        root = ET.fromstring(source_face_svg(source, lang))
        assert _texts(root, "capture") == [str(source.capture)] and _texts(root, "entrench") == [str(source.entrench)]
        assert _texts(root, "vp-captured") == [str(source.vp_captured)]
        assert _texts(root, "vp-entrenched") == [str(source.vp_entrenched)]
        assert _texts(root, "timing") == ["⚡"]
        assert _effect_text(root) == " ".join((source.text_ru if lang == "ru" else source.text_en).split())


def test_a_known_face_in_russian() -> None:
    root = ET.fromstring(card_face_svg(CARDS["S06"], "ru"))
    assert _texts(root, "kind") == ["Существо · Небо"] and _texts(root, "timing") == ["✦"]
    assert _texts(root, "cost-label") == ["сброс"] and (_texts(root, "cost"), _texts(root, "time")) == (["3"], ["3"])
    assert [g.get("data-faction") for g in root.iter(f"{SVG}g")] == ["sky", "sky"]
    assert _texts(ET.fromstring(card_face_svg(CARDS["W09a"], "en")), "kind") == ["Artifact · Water"]


def test_names_and_texts_are_escaped() -> None:
    card = CARDS["S09a"]
    face = card_face_svg(card.__class__(**{**{f: getattr(card, f) for f in card.__slots__},
                                           "name_en": "<Feather & \"Co\">"}), "en")
    assert _texts(ET.fromstring(face), "name") == ['<Feather & "Co">']


def test_the_same_card_gives_the_same_bytes_and_an_unknown_language_is_a_programming_error() -> None:
    assert card_face_svg(CARDS["E10"], "en") == card_face_svg(CARDS["E10"], "en")
    with pytest.raises(ValueError):
        card_face_svg(CARDS["E10"], "de")


def test_wrap_keeps_lines_to_the_width_and_every_word() -> None:
    text = "Activation: remove the activation token from another of your cards or Sources"
    lines = wrap(text, 20)
    assert all(len(line) <= 20 for line in lines) and " ".join(lines) == text
    assert wrap("supercalifragilistic x", 5) == ["supercalifragilistic", "x"]


def test_every_effect_text_fits_the_box_above_the_bottom_badges() -> None:
    texts = [t for item in [*CARDS.values(), *SOURCES.values()] for t in (item.text_ru, item.text_en)]
    assert max(len(wrap(t)) for t in texts) <= MAX_EFFECT_LINES
