"""Registering a rules library wraps it once in a typed host object: the contract's required names checked,
a default for every optional hook, and `decide` answering with one shape whatever the library's own."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from echo_events.game_rules import Refused
from echo_events.hosting import NOT_RATED, Decided, host, installed_game, installed_kinds, installed_solo_game
from echo_events.solo_start import DailyRef, SoloStart
from ghost_five import hosting as ghost_five

pytestmark = pytest.mark.unit


def minimal(**extra: Any) -> SimpleNamespace:
    """The contract's required names and nothing else."""
    names = {"KIND": "mini", "SEATS": (1, 1), "COMMANDS": None, "start": lambda setup: (0, []),
             "decide": lambda state, command: Refused("no", "no") if command == "no" else ["e"],
             "evolve": lambda state, event: state + 1, "fold": lambda events: 0,
             "view": lambda state, seat=None: {"state": state}}
    return SimpleNamespace(**{**names, **extra})


def test_every_optional_hook_has_its_default() -> None:
    game = host(minimal())
    assert not game.at_table and not game.keeps_lobby and not game.is_room and not game.keeps_log
    assert game.bot_levels == () and game.bot_action(0, 0, "easy", 1) is None
    assert not game.keeps_presence and game.presence(0, True, None) is None and game.occupies(0, 0) is False
    assert game.summary(0) is None and not game.has_public and game.public(0) is None and game.deadlines(0) == ()
    assert game.catalogue() is None and not game.is_solo and game.settings_model is None
    assert game.ending_events == frozenset() and game.rating is NOT_RATED and not game.is_rated
    assert game.seat_view(3, 0) == {"state": 3}
    with pytest.raises(TypeError):
        game.new_setup({}, 1, 0, None)


def test_decide_has_one_shape_with_or_without_the_rules_own_state() -> None:
    plain = host(minimal())
    assert plain.decide(0, "go") == Decided(["e"], None)
    assert plain.decide(0, "no") == Refused("no", "no")
    with_state = host(minimal(decided=lambda state, command: (["e"], state + 1)))
    assert with_state.decide(4, "go") == Decided(["e"], 5)


def test_rules_with_presence_keep_it() -> None:
    game = host(minimal(presence=lambda seat, here, now: f"{seat} {here}"))
    assert game.keeps_presence and game.presence(1, False, None) == "1 False"


def test_a_library_without_the_contract_is_refused_and_a_bad_kind_too() -> None:
    with pytest.raises(TypeError):
        host(SimpleNamespace(KIND="x"))
    with pytest.raises(ValueError):
        host(minimal(KIND="Not A Kind"))


def test_ghost_fives_hooks_come_through_and_its_rating_counts_only_online_matches() -> None:
    game = host(ghost_five)
    assert game.at_table and game.keeps_log and game.is_rated and game.bot_levels == ghost_five.BOT_LEVELS
    assert game.rating.counts({"opponent": "online"}) and not game.rating.counts({"opponent": "bot"})
    assert game.rating.rate(1500, 1500) == (1516, 1484)


def test_a_games_settings_model_is_the_one_its_rules_validate_its_game_created_settings_with() -> None:
    echo = installed_game("echo")
    start = SoloStart("standard", "gold", DailyRef("2026-11-30:gold", 30))
    settings = echo.solo.start_settings(start)
    assert echo.settings_model is not None
    assert echo.settings_model.model_validate(settings).model_dump(mode="json", exclude_none=True) == settings
    assert echo.solo.started_with(settings) == start
    assert installed_game("ghost_five").settings_model is ghost_five.RoomSettings
    assert installed_game("ark").settings_model is None  # its settings are words its rules read themselves


def test_the_installed_kinds_are_the_entry_points_names() -> None:
    assert {"ark", "echo", "echoes_of_time", "ghost_five"} <= set(installed_kinds())


def test_an_installed_game_is_hosted_from_its_entry_point_and_an_unknown_kind_is_not() -> None:
    assert installed_game("ghost_five").rules is ghost_five
    with pytest.raises(LookupError):
        installed_game("no_such_game")


def test_what_a_daily_shows_of_its_rules_comes_from_the_solo_game() -> None:
    solo = installed_solo_game().solo
    standard = solo.preset("standard")
    assert standard is not None and standard["id"] == "standard" and standard["name_ru"] and standard["name_en"]
    assert solo.preset("no-such-preset") is None
    plain = solo.prices("standard", [])
    assert plain is not None and set(plain) == {"clean", "lossy", "order"}
    clean_pays_more = solo.prices("standard", [("price_clean", plain["clean"] + 1)])
    assert clean_pays_more == plain | {"clean": plain["clean"] + 1}
    assert solo.prices("standard", [("no_such_rule", 1)]) is None and solo.prices("no-such-preset", []) is None
    assert solo.rule_en("price_order", 4) == "Orders pay 4" and solo.rule_en("no_such_rule", 1) is None


def test_echoes_of_times_catalogue_is_its_cards_and_sources_without_the_rules_parsed_form() -> None:
    catalogue = installed_game("echoes_of_time").catalogue()
    assert catalogue is not None and len(catalogue["cards"]) == 72 and len(catalogue["sources"]) == 8
    assert all("effect" not in card and "notation" not in card and card["name_ru"]
               for card in catalogue["cards"].values())
