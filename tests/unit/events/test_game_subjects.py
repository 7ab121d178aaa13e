"""A game's two subjects: which batches go to `lifecycle` (what every projection reads) and which to `move`."""

import pytest
from echo_challenge.events import GameFinished, TickResolved
from echo_events.play import GameCreated
from echo_events.streams import (
    ALL_GAME_EVENTS,
    ALL_GAME_LIFECYCLES,
    GAMES,
    LIFECYCLE_EVENT_TYPES,
    game_events,
    game_subject,
)

pytestmark = pytest.mark.unit


def test_the_lifecycle_types_are_the_game_s_creation_and_end() -> None:
    assert LIFECYCLE_EVENT_TYPES == {GameCreated.event_type, GameFinished.event_type}


def test_a_batch_with_a_creation_or_an_end_goes_to_lifecycle_every_other_to_move() -> None:
    assert game_subject("g1", ["echo.GameCreated", "echo.GameStarted", "echo.OrdersDealt"]) == "echo.game.g1.lifecycle"
    assert game_subject("g1", [TickResolved.event_type, GameFinished.event_type]) == "echo.game.g1.lifecycle"
    assert game_subject("g1", [TickResolved.event_type]) == "echo.game.g1.move"
    assert game_subject("g1", iter([TickResolved.event_type])) == "echo.game.g1.move"  # any iterable, read once


def test_the_stream_holds_both_subjects_and_the_filters_match_them() -> None:
    assert GAMES.subjects == (ALL_GAME_EVENTS,)
    for subject in ("echo.game.g1.lifecycle", "echo.game.g1.move"):
        assert _matches(ALL_GAME_EVENTS, subject) and _matches(game_events("g1"), subject)
        assert not _matches(game_events("g2"), subject)
    assert _matches(ALL_GAME_LIFECYCLES, "echo.game.g1.lifecycle")
    assert not _matches(ALL_GAME_LIFECYCLES, "echo.game.g1.move")


def _matches(pattern: str, subject: str) -> bool:
    tokens, wanted = subject.split("."), pattern.split(".")
    return len(tokens) == len(wanted) and all(w in ("*", t) for w, t in zip(wanted, tokens, strict=True))
