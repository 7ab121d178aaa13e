"""A table command's seat views are rendered while its append is on its way, not after the ack: the append's
first step (which queues its message) runs before any view is rendered, every seat's view is rendered before
the ack comes, and the result is the append's. With bots to play next nothing is rendered ahead (the views
sent will be of the state the bots leave)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from echo_engine.seat_views import SeatViews
from echo_engine.store import LoadedGame
from echo_engine.tables import Tables
from echo_events.play import GameCreated

pytestmark = pytest.mark.unit


class RecordingViews(SeatViews):
    def __init__(self, happened: list[str]) -> None:
        super().__init__()
        self.happened = happened

    def of(self, game: LoadedGame, seat: int | None) -> dict[str, Any]:
        self.happened.append(f"view {seat}")
        return {}


def game(bots: tuple[tuple[int, str], ...] = ()) -> LoadedGame:
    meta = GameCreated(game_id="k1", account_id="a", mode="table", preset_id="duel", msk_date="2026-12-01",
                       kind="duel", seats=2)
    return LoadedGame(meta=meta, state=object(), version=3, last_sequence=7, roster=("a", "b"), bots=bots)


def tables(happened: list[str]) -> Tables:
    table = Tables.__new__(Tables)  # only its views are used here
    table._views = RecordingViews(happened)
    return table


async def test_the_views_are_rendered_after_the_append_is_sent_and_before_its_ack() -> None:
    happened: list[str] = []
    acked = asyncio.Event()
    after = game()

    async def append() -> LoadedGame:
        happened.append("sent")
        await acked.wait()
        happened.append("acked")
        return after

    rendering = asyncio.ensure_future(tables(happened)._rendering(after, append()))
    for _ in range(5):
        await asyncio.sleep(0)
    assert happened == ["sent", "view 0", "view 1"]  # both views, while the ack is awaited
    acked.set()
    assert await rendering is after
    assert happened[-1] == "acked"


async def test_nothing_is_rendered_ahead_when_bots_play_next() -> None:
    happened: list[str] = []
    after = game(bots=((1, "random"),))

    async def append() -> LoadedGame:
        happened.append("sent")
        return after

    assert await tables(happened)._rendering(after, append()) is after
    assert happened == ["sent"]


async def test_a_failed_append_is_raised_as_it_was() -> None:
    async def append() -> LoadedGame:
        raise RuntimeError("conflict")

    with pytest.raises(RuntimeError, match="conflict"):
        await tables([])._rendering(game(), append())
