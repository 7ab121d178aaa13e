"""Lobby rules and their rejection codes, in the documented order."""

from __future__ import annotations

import pytest
from echo_events.game_rules import is_rejection

from tests.unit.ark_rules.ark_helpers import Table, lobby, players
from tests.unit.ark_rules.test_hosting import Hosted

pytestmark = pytest.mark.unit


def test_the_first_joiner_owns_the_room_and_nicknames_default() -> None:
    table = Table()
    table.do("join a name=Аня", "join b", "join c name=аня", "join d name=x")
    view = table.view()
    assert view["owner"] == "a"
    assert [p["nick"] for p in view["players"]] == ["Аня", "Игрок 2", "Игрок 3", "Игрок 4"]


def test_a_default_nickname_skips_a_taken_one() -> None:
    table = Table()
    table.do("join a", "join b")
    assert table.do("nick a Игрок 2") == "nickname_taken"
    assert table.do("nick a Игрок 3") is None
    assert table.do("join c") is None
    assert [p["nick"] for p in table.view()["players"]] == ["Игрок 3", "Игрок 2", "Игрок 4"]


@pytest.mark.parametrize(("nick", "code"), [
    ("x", "bad_nickname"), ("  y  ", "bad_nickname"), ("z" * 21, "bad_nickname"), ("ИГРОК 2", "nickname_taken"),
    ("  Вася  ", None), ("z" * 20, None),
])
def test_nicknames_are_2_to_20_characters_unique_ignoring_case(nick: str, code: str | None) -> None:
    table = Table()
    table.do("join a", "join b")
    assert table.do(f"nick a {nick}") == code
    if code is None:
        assert table.view()["players"][0]["nick"] == nick.strip()


@pytest.mark.parametrize(("nick", "code", "shown"), [
    ("Ва\x00ся\x07", None, "Вася"),  # control characters are removed (issue 35, point 8)
    ("\u202eасяВ", None, "асяВ"),  # so are right-to-left overrides and isolates
    ("\u2067Вася\u2069", None, "Вася"),
    ("\u200b\u200b\u200b", "bad_nickname", None),  # nothing visible: zero-width spaces only
    ("\u3164\u3164", "bad_nickname", None),  # Hangul fillers
    ("\u2800 \u2800", "bad_nickname", None),  # blank Braille
    ("Эхонавт-1234", "nickname_reserved", None),  # passing as a player without a callsign
    ("эхонавт 7", "nickname_reserved", None),
    ("Эxoнaвт-1234", "nickname_reserved", None),  # with Latin look-alikes
    ("Echonaut-1234", "nickname_reserved", None),
    ("Эхонавт", None, "Эхонавт"), ("Вася-1234", None, "Вася-1234"),
])
def test_a_nickname_is_visible_text_and_not_a_generated_callsign(nick: str, code: str | None,
                                                                 shown: str | None) -> None:
    room = Hosted()
    room.sit(2)
    outcome = room.act(0, type="ChangeNickname", nickname=nick)
    assert (outcome.code if is_rejection(outcome) else None) == code
    if shown is not None:
        assert room.view(0)["players"][0]["nick"] == shown


def test_join_codes() -> None:
    table = lobby(16)
    assert table.do("join p1") == "already_in_game"
    assert table.do("join q") == "room_full"
    assert table.do("kick p1 p2") is None
    assert table.do("join p2") == "kicked"
    assert table.do("@other join q") is None
    assert table.do("join q") == "already_in_game"  # q is in another room's lobby
    assert table.do("@other leave q") is None
    assert table.do("join q") is None


def test_a_started_game_refuses_newcomers_and_reconnects_members() -> None:
    table = lobby(4)
    table.do("start p1")
    assert table.do("join x") == "game_started"
    assert table.do("join p2") == "already_in_game"
    table.do("disconnect p2")
    assert table.do("join p2") is None
    assert table.room.get("p2").connected
    table.do("leave_game p3")
    assert table.do("join p3") == "game_started"


def test_kick_codes_and_barring() -> None:
    table = lobby(4)
    assert table.do("kick p2 p3") == "not_owner"
    assert table.do("kick p1 zz") == "not_in_room"
    assert table.do("kick p1 p1") == "bad_target"
    assert table.do("kick zz p2") == "not_in_room"
    assert table.do("kick p1 p2") is None
    assert "p2" not in table.room.ids


def test_start_needs_four_players_and_everyone_but_the_owner_ready() -> None:
    table = Table()
    table.do(*(f"join {p}" for p in players(3)), "ready p2", "ready p3")
    assert table.do("start p1") == "too_few_players"
    table.do("join p4")
    assert table.do("start p2") == "not_owner"
    assert table.do("start p1") == "not_all_ready"
    table.do("ready p4")
    assert table.do("start p1") is None  # the owner never confirmed: his start stands for him
    assert table.view()["phase"] == "preparation"
    assert not any(p["ready"] for p in table.view()["players"])
    assert table.do("nick p2 Новый") == "game_started"
    assert table.do("settings mode=survival") == "game_started"
    assert table.do("leave p2") == "game_started"


def test_readiness_repeats_silently_and_any_settings_change_clears_it() -> None:
    table = lobby(4)
    events = len(table.session.log)
    assert table.do("ready p2") is None
    assert len(table.session.log) == events
    assert table.do("settings p1 mode=rescue") is None  # changes nothing, still clears readiness
    assert not any(p["ready"] for p in table.view()["players"])
    assert table.do("unready p2") is None


@pytest.mark.parametrize("pairs", [
    "mode=chaos", "years=0", "years=5..3", "years=1..101", "card=7", "card=125", "discussion=17", "voting=310",
    "catastrophe=nope", "adult=maybe", "timers=sometimes", "colour=red", "mode=survival card=3",
])
def test_bad_settings_change_nothing(pairs: str) -> None:
    table = lobby(4)
    before = table.view()["settings"]
    assert table.do(f"settings {pairs}") == "bad_settings"
    assert table.view()["settings"] == before
    assert table.view()["players"][1]["ready"]


def test_settings_apply_left_to_right() -> None:
    table = lobby(4)
    assert table.do("settings timers=off card=20 years=7 mode=survival incubator=off format=common") is None
    settings = table.view()["settings"]
    assert settings["timers"] == {"card": 20, "discussion": None, "voting": None}
    assert (settings["years"], settings["mode"], settings["incubator"], settings["format"]) == (
        [7, 7], "survival", "off", "common")
    assert table.do("settings p2 mode=rescue") == "not_owner"


def test_an_adult_catastrophe_needs_18_plus_on() -> None:
    adult = next(c.id for c in Table().room.catalogue.catastrophes if c.adult)
    table = lobby(4)
    assert table.do(f"settings catastrophe={adult}") is None
    assert table.do("settings adult=off") == "bad_settings"
    assert table.do(f"settings adult=off catastrophe={adult}") == "bad_settings"
    assert table.do("settings catastrophe=random adult=off") is None


def test_ownership_passes_to_the_earliest_joined_and_an_empty_lobby_closes() -> None:
    table = lobby(3)
    table.do("leave p2", "join p2")  # p2 now counts from his latest join
    table.do("leave p1")
    assert table.view()["owner"] == "p3"
    table.do("leave p3")
    assert table.view()["owner"] == "p2"
    table.do("leave p2")
    assert table.view()["phase"] == "closed"
    assert table.do("join p1") == "room_closed"


def test_a_session_in_the_lobby_closes_the_room_after_five_minutes() -> None:
    table = lobby(4)
    table.do(*(f"disconnect {p}" for p in players(4)))
    assert table.do("wait 299", "expire_session") == "stale_timer"
    assert table.do("wait 1", "expire_session") is None
    assert table.view()["phase"] == "closed"


def test_a_reconnection_cancels_the_session_end() -> None:
    table = lobby(4)
    table.do(*(f"disconnect {p}" for p in players(4)), "wait 200", "connect p2", "wait 200")
    assert table.do("expire_session") == "stale_timer"
    table.do("disconnect p2", "wait 299")
    assert table.do("expire_session") == "stale_timer"
