"""A command's views are rendered while its append is on its way, not after the ack. A table's: the append's
first step (which queues its message) runs before any view is rendered, every seat's view is rendered before
the ack comes, and the result is the append's; with bots to play next nothing is rendered ahead (the views
sent will be of the state the bots leave). A solo game's move (Echo Challenge's), through the same step: its
one view, once, before the ack."""

from __future__ import annotations

import asyncio
from datetime import UTC, date, datetime
from typing import Any

import pytest
from echo_challenge import game as echo_game
from echo_challenge import modes
from echo_challenge.start_settings import start_settings
from echo_engine import games as hosted
from echo_engine.locks import Locks
from echo_engine.meanwhile import while_appending
from echo_engine.seat_names import SeatNames
from echo_engine.seat_views import SeatViews
from echo_engine.sent_logs import SentLogs
from echo_engine.store import LoadedGame
from echo_engine.tables import Tables
from echo_events.play import Act, GameCreated
from echo_events.solo_start import SoloStart

from tests.support import duel

pytestmark = pytest.mark.unit


class RecordingViews(SeatViews):
    def __init__(self, happened: list[str]) -> None:
        super().__init__()
        self.happened = happened

    def of(self, game: LoadedGame, seat: int | None) -> dict[str, Any]:
        self.happened.append(f"view {seat}")
        return {}


def game(bots: tuple[tuple[int, str], ...] = ()) -> LoadedGame:
    rules = hosted.register(duel)
    meta = GameCreated(game_id="k1", account_id="a", mode="table", msk_date="2026-12-01",
                       kind="duel", seats=2)
    return LoadedGame(meta=meta, rules=rules, state=object(), version=3, last_sequence=7, roster=("a", "b"), bots=bots)


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


async def test_work_that_fails_while_appending_leaves_no_append_unawaited() -> None:
    acked = asyncio.Event()
    finished: list[str] = []

    async def append() -> str:
        await acked.wait()
        finished.append("append")
        return "stored"

    def failing() -> None:
        acked.set()
        raise ValueError("a rendering bug")

    with pytest.raises(ValueError, match="a rendering bug"):
        await while_appending(append(), failing)
    assert finished == ["append"]  # awaited to its end before the failure was raised


class HeldAppend:
    """A store whose append is sent at once and acknowledged when the test says."""

    def __init__(self, game: LoadedGame, happened: list[str]) -> None:
        self.game, self.happened, self.acked = game, happened, asyncio.Event()

    async def load(self, game_id: str) -> LoadedGame:
        return self.game

    async def append(self, game: LoadedGame, events: list, command_id: str, at: datetime,
                     after: LoadedGame) -> LoadedGame:
        self.happened.append("sent")
        await self.acked.wait()
        self.happened.append("acked")
        after.last_sequence, after.command_ids = game.last_sequence + 1, {*game.command_ids, command_id}
        return after


class QuietOutbox:
    async def publish(self, update: object) -> None:
        pass


class NoDeadlines:
    """A solo game's moves want no deadline: the append goes alone."""

    async def alongside(self, game_id: str, before: list, after: list, append: Any) -> LoadedGame:
        assert before == after == []
        return await append

    async def correct(self, game_id: str, wanted: list) -> None:
        pass


async def test_an_echo_moves_view_is_rendered_while_its_append_is_on_its_way(monkeypatch) -> None:  # noqa: ANN001
    hosted.load_installed()
    state, events = echo_game.start(modes.free_setup("standard", "acc1", date(2026, 12, 1), 1, None))
    meta = GameCreated(game_id="f1", account_id="acc1", mode="free", kind="echo",
                       settings=start_settings(SoloStart("standard")), msk_date="2026-12-01")
    opened = LoadedGame.opening(meta).advanced(events)
    opened.version, opened.last_sequence = 1 + len(events), 1
    happened: list[str] = []
    rules_view = LoadedGame.rules_view

    def rendering(game: LoadedGame, seat: int | None, public: Any = None) -> dict[str, Any]:
        happened.append(f"view of version {game.version}")
        return rules_view(game, seat, public)

    monkeypatch.setattr(LoadedGame, "rules_view", rendering)
    table = Tables.__new__(Tables)  # one pipeline: a solo game's move goes through a table's step like any other
    table._views = SeatViews()
    table.store, table._locked, table._outbox = HeldAppend(opened, happened), Locks(), QuietOutbox()
    table._timers, table._sent, table.names = NoDeadlines(), SentLogs(), SeatNames()
    table._clock = type("Fixed", (), {"now": staticmethod(lambda: datetime(2026, 12, 1, 12, tzinfo=UTC))})()
    move = Act(account_id="acc1", command_id="c1", game_id="f1", action={"type": "probe", "sector": 44})
    moving = asyncio.ensure_future(table.act(move))
    for _ in range(8):
        await asyncio.sleep(0)
    assert happened[0] == "sent" and happened[1].startswith("view of version ")
    assert "acked" not in happened
    table.store.acked.set()
    reply = await moving
    assert reply.ok and happened[-1] == "acked"  # rendered once, before the ack, and not again after it
    assert happened[1] == f"view of version {reply.version}" and reply.view["version"] == reply.version
