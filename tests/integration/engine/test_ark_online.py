"""Ark rooms online, through the real engine: the gateways' presence messages become the rules' absence
(and everyone gone ends the session by itself), one room at a time per player, a room deleted five minutes
after its final screen — its messages purged from ROOMS, its timers from TIMERS, while other rooms and games
of other kinds keep theirs — and the room's chat with its bounds, rate limit, mute and readers.

The five minutes are real: the engine's clock is set back by nearly that much, so a deadline five minutes
after an event on the engine's clock comes a few seconds later on the clock NATS schedules by."""

from __future__ import annotations

import asyncio
import contextlib
import json
import uuid
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from echo_engine.app import create_app
from echo_engine.settings import Settings
from echo_events.play import PRESENCE_PREFIX
from echo_events.streams import GAMES, ROOMS, TIMERS, game_events, game_timers
from echo_runtime.clock import Clock, MovableClock
from echo_runtime.direct_read import read_subject
from echo_runtime.nats_client import connect
from nats.aio.client import Client

from tests.integration.engine.test_ark_tables import Room, open_room
from tests.support.play import ask

pytestmark = pytest.mark.integration
FIVE_MINUTES_AGO = timedelta(seconds=292)  # the engine's clock: deadlines of 300 s come 8 s later on NATS's


class StoppedClock:
    """A clock that stands still: the chat's rate limit is counted on the engine's time, not the test's speed."""

    def __init__(self) -> None:
        self.at = datetime.now(UTC)

    def now(self) -> datetime:
        return self.at


@contextlib.asynccontextmanager
async def engine(nats_url: str, database_url: str, clock: Clock | None = None) -> AsyncIterator[Client]:
    from tests.support.servers import running

    async with running(create_app(Settings(nats_url=nats_url, database_url=database_url), clock=clock)):
        client = await connect(nats_url, "tests")
        try:
            yield client
        finally:
            await client.drain()


async def say(nc: Client, room: Room, seat: int, here: bool) -> None:
    """What a gateway says of a device of `seat` (echo_gateway.ws.presence)."""
    await nc.publish(f"{PRESENCE_PREFIX}.{room.game_id}", json.dumps({"seat": seat, "here": here}).encode())


async def until(check: Callable[[], Any], timeout: float = 40) -> Any:
    """What `check` gives once it gives something (the engine's own timers and sweeps take their seconds)."""
    for _ in range(int(timeout / 0.2)):
        if result := await check():
            return result
        await asyncio.sleep(0.2)
    raise AssertionError(f"nothing came of {check} in {timeout} s")


def connected(view: dict[str, Any]) -> dict[str, bool]:
    return {p["id"]: not p.get("away") for p in view["players"]}


async def test_a_dropped_device_marks_its_player_disconnected_and_a_return_clears_it(
        private_nats_url: str, fresh_database: str) -> None:
    async with engine(private_nats_url, fresh_database) as nc:
        room = await open_room(nc, 5)
        for seat in range(5):
            await say(nc, room, seat, True)
        await say(nc, room, 3, False)
        await say(nc, room, 2, False)
        await say(nc, room, 2, True)  # his other device answers that it is still here
        view = await until(lambda: _where(room, lambda v: not connected(v)["p3"]))
        assert connected(view) == {"p0": True, "p1": True, "p2": True, "p3": False, "p4": True}
        for seat in range(5):
            assert connected(await room.view(seat))["p3"] is False, "every seat sees it"
        await say(nc, room, 3, True)
        view = await until(lambda: _where(room, lambda v: connected(v)["p3"]))
        assert all(connected(view).values())
        envelopes = [json.loads(m.data) for m in await read_subject(nc, ROOMS.name, game_events(room.game_id))]
        types = [e["event_type"] for batch in envelopes for e in batch["events"]]
        assert types.count("ark.PlayerDisconnected") == 1, "the second device kept p2 connected"


async def _where(room: Room, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any] | None:
    view = await room.view(0)
    return view if wanted(view) else None


async def test_everyone_gone_ends_the_session_by_itself_and_deletes_the_room(
        private_nats_url: str, fresh_database: str) -> None:
    clock = MovableClock(datetime.now(UTC) - FIVE_MINUTES_AGO)
    async with engine(private_nats_url, fresh_database, clock) as nc:
        room = await open_room(nc, 4)
        for seat in range(4):
            await say(nc, room, seat, True)
        for seat in range(4):
            await say(nc, room, seat, False)
        await until(lambda: _where(room, lambda v: not any(connected(v).values())))
        gone = await until(lambda: _gone(nc, room))
        assert gone["error"]["code"] == "unknown_game"
        assert await read_subject(nc, ROOMS.name, game_events(room.game_id)) == []


async def _gone(nc: Client, room: Room) -> dict[str, Any] | None:
    reply = await ask(nc, type="get", account_id=room.accounts[0], game_id=room.game_id)
    return None if reply["ok"] else reply


async def test_a_finished_room_lives_five_minutes_then_nothing_of_it_is_kept(
        private_nats_url: str, fresh_database: str) -> None:
    clock = MovableClock(datetime.now(UTC) - FIVE_MINUTES_AGO)
    async with engine(private_nats_url, fresh_database, clock) as nc:
        other_room = await open_room(nc, 4)
        duel = await ask(nc, type="open", account_id=uuid.uuid4().hex, kind="echoes_of_time", seats=2)
        assert duel["ok"], duel
        room = await open_room(nc, 4)
        invite = (await ask(nc, type="get", account_id=room.accounts[0], game_id=room.game_id))["view"]["table"]
        assert (await room.act(0, type="ChangeSettings", changes=[["timers", "off"], ["mode", "rescue"]]))["ok"]
        for seat in range(1, 4):
            assert (await room.act(seat, type="SetReady", ready=True))["ok"]
        assert (await room.act(0, type="StartGame"))["ok"]
        assert (await room.act(1, type="SendChat", text="до встречи в ковчеге"))["ok"]
        final = await room.play_until(lambda v: v["phase"] == "finished")
        assert final["winners"] is not None and final["chat"], "the final screen, its chat with it"
        assert await read_subject(nc, TIMERS.name, game_timers(room.game_id)[0]), "its deletion is scheduled"

        gone = await until(lambda: _gone(nc, room))
        assert gone["error"]["code"] == "unknown_game"
        assert await read_subject(nc, ROOMS.name, game_events(room.game_id)) == [], "its events are purged"
        for subject in game_timers(room.game_id):
            assert await read_subject(nc, TIMERS.name, subject) == [], "its timers are purged"
        again = await ask(nc, type="join", account_id=uuid.uuid4().hex, invite=invite["invite"])
        assert again["error"]["code"] == "unknown_invite"
        for seat in range(4):
            assert (await room.act(seat, type="SendChat", text="?"))["error"]["code"] == "unknown_game"

        assert await read_subject(nc, ROOMS.name, game_events(other_room.game_id)), "another room keeps its own"
        assert (await other_room.view(1))["phase"] == "lobby"
        assert await read_subject(nc, GAMES.name, game_events(duel["game_id"])), "a game of another kind keeps its own"


async def test_a_player_sits_in_one_room_at_a_time(private_nats_url: str, fresh_database: str) -> None:
    async with engine(private_nats_url, fresh_database) as nc:
        first = await open_room(nc, 4)
        player = first.accounts[1]
        busy = await ask(nc, type="open", account_id=player, kind="ark", seats=16)
        assert busy["error"]["code"] == "already_in_game"
        second = await open_room(nc, 4)
        invite = (await ask(nc, type="get", account_id=second.accounts[0], game_id=second.game_id))["view"]["table"]
        refused = await ask(nc, type="join", account_id=player, invite=invite["invite"])
        assert refused["error"]["code"] == "already_in_game"
        own = (await ask(nc, type="get", account_id=first.accounts[0], game_id=first.game_id))["view"]["table"]
        back = await ask(nc, type="join", account_id=player, invite=own["invite"])
        assert back["ok"], "his own room takes him back"

        assert (await first.act(1, type="LeaveRoom"))["ok"]
        joined = await ask(nc, type="join", account_id=player, invite=invite["invite"])
        assert joined["ok"] and joined["view"]["game"]["me"]["id"] == "p4", joined
        elsewhere = await ask(nc, type="open", account_id=player, kind="ark", seats=16)
        assert elsewhere["error"]["code"] == "already_in_game"

        assert (await second.act(0, type="KickPlayer", target="p4"))["ok"]
        freed = await ask(nc, type="open", account_id=player, kind="ark", seats=16)
        assert freed["ok"], "a kicked player is free"
        duel = await ask(nc, type="open", account_id=player, kind="echoes_of_time", seats=2)
        assert duel["ok"], "other kinds do not count"


async def test_the_room_chat_is_bounded_limited_mutable_and_read_by_its_players_only(
        private_nats_url: str, fresh_database: str) -> None:
    async with engine(private_nats_url, fresh_database, StoppedClock()) as nc:
        room = await open_room(nc, 5)
        kick = await room.act(0, type="KickPlayer", target="p4")
        assert kick["ok"]
        outsider = uuid.uuid4().hex

        too_long = await room.act(1, type="SendChat", text="я" * 301)
        assert too_long["error"]["code"] == "bad_action"
        for n in range(5):
            assert (await room.act(1, type="SendChat", text=f"тайное слово {n}"))["ok"]
        fast = await room.act(1, type="SendChat", text="тайное слово 5")
        assert fast["error"]["code"] == "chat_too_fast"
        assert (await room.act(2, type="SendChat", text="тайное слово от p2"))["ok"]

        assert (await room.act(1, type="MutePlayer", target="p2"))["error"]["code"] == "not_owner"
        assert (await room.act(0, type="MutePlayer", target="p2"))["ok"]
        assert (await room.act(2, type="SendChat", text="тайное слово 6"))["error"]["code"] == "muted"
        assert (await room.act(0, type="MutePlayer", target="p2", muted=False))["ok"]

        view = await room.view(3)
        assert [line["text"] for line in view["chat"]] == [*(f"тайное слово {n}" for n in range(5)),
                                                           "тайное слово от p2"]
        assert view["muted"] == []
        read = await ask(nc, type="get", account_id=outsider, game_id=room.game_id)
        assert read["error"]["code"] == "unknown_game"
        written = await ask(nc, type="act", account_id=outsider, game_id=room.game_id,
                            action={"type": "SendChat", "text": "тайное слово чужака"})
        assert written["error"]["code"] == "unknown_game"
        kicked = await room.view(4)
        assert "chat" not in kicked
        await asyncio.sleep(0.3)  # the last updates reach every inbox
        # told of his kick once, then nothing of the room (issue 35, point 6)
        assert max(json.loads(frame)["view"]["version"] for frame in room.frames[4]) == kick["view"]["version"]
        heard = [json.dumps(json.loads(frame), ensure_ascii=False) for frame in room.frames[4]]
        assert not any("тайное" in frame for frame in heard), "a kicked player read the chat"
        assert any("тайное" in json.dumps(json.loads(f), ensure_ascii=False) for f in room.frames[3])


async def test_a_room_whose_purge_failed_after_its_last_event_is_purged_when_next_touched(
        private_nats_url: str, fresh_database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine dies between appending the room's last event and purging it: the timer that did it comes
    back (redelivered), finds the room deleted but still there, and purges it."""
    from echo_engine.store import GameStore

    failed: list[str] = []
    purge = GameStore.purge

    async def dies_the_first_time(store: GameStore, game_id: str) -> None:
        if not failed:
            failed.append(game_id)
            raise RuntimeError("the engine died here")
        await purge(store, game_id)

    monkeypatch.setattr(GameStore, "purge", dies_the_first_time)
    clock = MovableClock(datetime.now(UTC) - FIVE_MINUTES_AGO)
    async with engine(private_nats_url, fresh_database, clock) as nc:
        room = await open_room(nc, 4)
        for seat in range(4):
            await say(nc, room, seat, True)
            await say(nc, room, seat, False)
        await until(lambda: _gone(nc, room))  # deleted for its players at once, whether purged yet or not
        assert failed == [room.game_id]
        await until(lambda: _purged(nc, room))


async def _purged(nc: Client, room: Room) -> bool:
    return await read_subject(nc, ROOMS.name, game_events(room.game_id)) == []
