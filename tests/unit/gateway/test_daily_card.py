"""The Daily's image (pure): what it says in each language, escaping, Russian plurals, the same bytes for
the same card, and a decoration that depends on the Daily's number only."""

import datetime as dt
import io

import pytest
from echo_gateway.daily_card import Card, credits_text, description, layout, svg, title
from echo_gateway.daily_card_png import png
from echo_gateway.latin import latin
from PIL import Image

pytestmark = pytest.mark.unit

DAILY = Card(lang="ru", kind="daily", name="Тихая прохлада", gist="Мелкая рябь · девять мелких, пустых мало",
             number=31, day=dt.date(2026, 12, 1), league="gold", special=True)


def test_a_daily_card_names_number_name_date_preset_league_and_badge() -> None:
    text = svg(DAILY)
    for shown in ("№ 31", "Тихая прохлада", "1 декабря 2026", "Мелкая рябь", "ЗОЛОТО", "ОСОБАЯ ПАРТИЯ"):
        assert shown in text
    assert title(DAILY) == "№ 31 · Тихая прохлада"
    assert description(DAILY) == ("Эхо-вызов дня · 1 декабря 2026 · Золото · Мелкая рябь · девять мелких, пустых "
                                  "мало · Особая партия")
    assert svg(DAILY) == text  # pure: the same card, the same image


def test_a_challenge_card_adds_who_and_the_score_in_either_language() -> None:
    ru = Card(**{**{k: getattr(DAILY, k) for k in Card.__slots__}, "credits": 285, "player": "Сова",
                 "challenge": True})
    assert description(ru).endswith("Вызов от игрока Сова: 285 Кредитов. Сможете больше?")
    en = Card(**{**{k: getattr(ru, k) for k in Card.__slots__}, "lang": "en", "name": "Quiet coolness"})
    assert "A challenge from Сова: 285 Credits. Can you beat it?" in description(en)
    assert "1 December 2026" in svg(en) and "GOLD" in svg(en)


def test_texts_are_escaped() -> None:
    card = Card(lang="en", kind="free", name='<b>"x"&</b>', gist="a < b", credits=1, player="<i>")
    text = svg(card)
    assert "<b>" not in text and "<i>" not in text and "&lt;b&gt;" in text and "&amp;" in text


@pytest.mark.parametrize(("n", "ru", "en"), [(1, "1 Кредит", "1 Credit"), (3, "3 Кредита", "3 Credits"),
                                              (11, "11 Кредитов", "11 Credits"), (21, "21 Кредит", "21 Credits"),
                                              (0, "0 Кредитов", "0 Credits")])
def test_credits_agree_with_their_number(n: int, ru: str, en: str) -> None:
    assert credits_text(n, "ru") == ru and credits_text(n, "en") == en


def test_the_decoration_is_the_numbers_and_nothing_else() -> None:
    other_day = Card(**{**{k: getattr(DAILY, k) for k in Card.__slots__}, "name": "Другое имя", "day": None})
    boxes = [s for s in layout(DAILY) if s.__class__.__name__ == "Box" and s.width == 30]
    assert len(boxes) == 100
    assert boxes == [s for s in layout(other_day) if s.__class__.__name__ == "Box" and s.width == 30]
    next_number = Card(**{**{k: getattr(DAILY, k) for k in Card.__slots__}, "number": 32})
    assert boxes != [s for s in layout(next_number) if s.__class__.__name__ == "Box" and s.width == 30]


def test_the_png_is_the_open_graph_size() -> None:
    with Image.open(io.BytesIO(png(DAILY))) as picture:
        assert picture.format == "PNG" and picture.size == (1200, 630)


def test_old_names_in_latin_letters() -> None:
    assert latin("Тихая прохлада") == "Tikhaya prokhlada"
    assert latin("Ёжик-12 · Щука") == "Yozhik-12 · Shchuka"
