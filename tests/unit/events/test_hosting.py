"""Registering a rules library wraps it once in a typed host object: the contract's required names checked,
a default for every optional hook, and `decide` answering with one shape whatever the library's own."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from echo_events.game_rules import Refused
from echo_events.hosting import NOT_RATED, Decided, host, installed_kinds
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
    assert game.presence(0, True, None) is None and game.occupies(0, 0) is False
    assert game.summary(0) is None and game.public(0) is None and game.deadlines(0) == ()
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


def test_the_installed_kinds_are_the_entry_points_names() -> None:
    assert {"ark", "echo", "echoes_of_time", "ghost_five"} <= set(installed_kinds())
