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
