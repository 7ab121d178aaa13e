"""The web client's English for the Ark catalogue (web/ark/catalogue.en.json): every catastrophe, card, Ark card,
incident and ending the rules ship has an English title and text, and nothing else is there."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ark.catalogue import shipped

ENGLISH = Path(__file__).resolve().parents[3] / "services/gateway/src/echo_gateway/web/ark/catalogue.en.json"


def _ids() -> set[str]:
    catalogue = shipped()
    groups = [catalogue.catastrophes, catalogue.ark, catalogue.incidents, catalogue.endings,
              *catalogue.cards.values()]
    return {item.id for group in groups for item in group}


def test_every_item_has_english_and_only_english() -> None:
    items = json.loads(ENGLISH.read_text(encoding="utf-8"))["items"]
    assert set(items) == _ids()
    for item_id, words in items.items():
        assert words["title"].strip() and words["text"].strip(), item_id
        assert not re.search("[а-яё]", words["title"] + words["text"], re.IGNORECASE), item_id


def test_the_other_genders_wording_names_character_cards_only() -> None:
    forms = json.loads((ENGLISH.parent / "catalogue.ru-forms.json").read_text(encoding="utf-8"))["items"]
    catalogue = shipped()
    cards = {card.id: card for group in catalogue.cards.values() for card in group}
    assert len(forms) > 50
    for card_id, by_sex in forms.items():
        assert card_id in cards, card_id
        for sex, words in by_sex.items():
            assert sex in ("m", "f") and words and set(words) <= {"title", "text"}, card_id
            assert all(re.search("[а-яё]", text, re.IGNORECASE) for text in words.values()), card_id
