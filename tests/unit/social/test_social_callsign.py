"""Callsign rules: length, characters, separators, one alphabet, reserved words, look-alike keys."""

from __future__ import annotations

import pytest
from echo_social.domain import callsign
from echo_social.domain.callsign import Callsign, check, key_of
from echo_social.domain.rejections import Rejection

pytestmark = pytest.mark.unit


def code(raw: str) -> str:
    result = check(raw)
    return result.code if isinstance(result, Rejection) else "ok"


@pytest.mark.parametrize(
    "raw", ["Vasya", "Вася", "Эхонавтика_1", "ab-12", "Ёжик", "Z9z", "a" * 20, "Петя-2", "badminton", "Xx_Yy-Zz"]
)
def test_valid_callsigns(raw: str) -> None:
    assert code(raw) == "ok"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("ab", "callsign_too_short"),
        ("  ab  ", "callsign_too_short"),
        ("", "callsign_too_short"),
        ("a" * 21, "callsign_too_long"),
        ("a b", "callsign_bad_characters"),
        ("vasya!", "callsign_bad_characters"),
        ("名前です", "callsign_bad_characters"),
        ("ναι", "callsign_bad_characters"),
        ("vasya\u200b", "callsign_bad_characters"),
        ("ab.cd", "callsign_bad_characters"),
        ("_abc", "callsign_bad_separators"),
        ("abc-", "callsign_bad_separators"),
        ("a__b", "callsign_bad_separators"),
        ("a-_b", "callsign_bad_separators"),
        ("123", "callsign_no_letter"),
        ("1-2-3", "callsign_no_letter"),
        ("Vаsya", "callsign_mixed_scripts"),  # a Cyrillic а among Latin letters
        ("Васяn", "callsign_mixed_scripts"),
        ("Вася_Pupkin", "callsign_mixed_scripts"),
        ("admin", "callsign_reserved"),
        ("ADMIN", "callsign_reserved"),
        ("admin_2", "callsign_reserved"),
        ("Модератор", "callsign_reserved"),
        ("мод-ератор", "callsign_reserved"),
        ("support-team", "callsign_reserved"),
        ("АДМИН", "callsign_reserved"),
        ("adm1n", "callsign_reserved"),  # 1 looks like l/I/i
        # the generated callsigns' shape (issue 35, point 8): nobody passes as a player without one
        ("Эхонавт-1234", "callsign_reserved"),
        ("Эхонавт1234", "callsign_reserved"),
        ("ЭХОНАВТ_4321", "callsign_reserved"),
        ("Echonaut-1234", "callsign_reserved"),
        ("Eсhonaut-1234", "callsign_mixed_scripts"),
    ],
)
def test_refusals(raw: str, expected: str) -> None:
    assert code(raw) == expected


def test_every_refusal_has_a_code_and_two_messages() -> None:
    for value in vars(callsign).values():
        if isinstance(value, Rejection):
            assert value.code.startswith("callsign_") and value.message and value.message_ru
            assert value.as_reply() == {
                "ok": False,
                "error": {"code": value.code, "message": value.message, "message_ru": value.message_ru},
            }


def test_the_typed_value_is_kept_trimmed_and_nfc() -> None:
    decomposed = "Е\u0308жик"  # Е + combining diaeresis
    result = check(f"  {decomposed} ")
    assert isinstance(result, Callsign) and result.value == "Ёжик"


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Vasya", "VASYA"),
        ("Vasya", "vasya"),
        ("ВОВА", "BOBA"),
        ("вова", "BOBA"),
        ("Oleg", "0leg"),
        ("Алёна", "Алена"),
        ("гасег", "racer"),
        ("Ivan", "lvan"),
        ("ТОР", "TOP"),
        ("Сахар", "caxap"),
        ("Орбита-12", "Орбита_12"),
        ("Орбита-12", "Орбита12"),
        ("Луно_ход-7", "ЛУНОХОД7"),
    ],
)
def test_look_alikes_share_a_key(a: str, b: str) -> None:
    assert key_of(check(a).value) == key_of(check(b).value)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("a", "b"), [("Vasya", "Vasyb"), ("Вася", "Ваня"), ("ab-1", "ab-2"), ("Петя", "Пётр")]
)
def test_different_callsigns_have_different_keys(a: str, b: str) -> None:
    assert key_of(a) != key_of(b)


def test_key_is_stable_and_idempotent() -> None:
    for word in ("Vasya", "ВОВА", "Эхонавт_1"):
        assert key_of(key_of(word)) == key_of(word)
