"""What a finished Ark game leaves in its players' history (`hosting.summary`): each seat's win or loss as the
final screen has it, still after the game is deleted; nothing for a room that ended without a game."""

from __future__ import annotations

import pytest
from ark import hosting
from ark.commands import MarkDisconnected

from tests.unit.ark_rules.test_hosting import T0, Hosted

pytestmark = pytest.mark.unit


def test_a_finished_game_gives_every_seat_its_result_and_keeps_it_once_deleted() -> None:
    table = Hosted({"timers": "on"}).started(5)
    assert hosting.summary(table.room) is None  # still on
    table.play_along(5)
    results = dict(table.room.outcome.results)
    summary = hosting.summary(table.room)
    assert summary["outcome"] == "finished" and summary["rounds"] is None
    assert summary["seats"] == [{"result": results[hosting.player_id(s)], "score": None} for s in range(5)]
    assert {s["result"] for s in summary["seats"]} <= {"win", "loss"}
    table.fire(table.due("delete"))
    assert hosting.summary(table.room) == summary


def test_a_session_everyone_left_leaves_nothing() -> None:
    table = Hosted().started(4)
    for seat in range(4):
        table.apply(MarkDisconnected(player=hosting.player_id(seat), at=T0.timestamp() + seat))
    table.fire(table.due("session"))
    assert hosting.is_over(table.room) and hosting.summary(table.room) is None
