"""Ark's one room at a time cannot be gone round (issue 35, point 2). Before: after `LeaveRoom`, an
`act {"type": "JoinRoom"}` sent to the left room's game seated again a player who by then sat in another
room — the rules accepted JoinRoom from clients and the occupancy check ran only on open and join."""

from __future__ import annotations

import json
import uuid

import pytest

from tests.integration.engine.test_ark_online import engine, open_room, until
from tests.support.play import ask

pytestmark = pytest.mark.integration


async def test_an_act_naming_joinroom_is_refused_and_seats_nobody(private_nats_url: str, fresh_database: str) -> None:
    async with engine(private_nats_url, fresh_database) as nc:
        first, second = await open_room(nc, 4), await open_room(nc, 4)
        player = first.accounts[1]
        assert (await first.act(1, type="LeaveRoom"))["ok"]
        invite = (await ask(nc, type="get", account_id=second.accounts[0], game_id=second.game_id))["view"]["table"]
        assert (await ask(nc, type="join", account_id=player, invite=invite["invite"]))["ok"]

        for action in ({"type": "JoinRoom"}, {"type": "JoinRoom", "busy_elsewhere": False}):
            sneaked = await ask(nc, type="act", account_id=player, game_id=first.game_id, action=action)
            assert not sneaked["ok"] and sneaked["error"]["code"] == "bad_action", sneaked
        players = (await ask(nc, type="get", account_id=first.accounts[0], game_id=first.game_id))["view"]["game"]
        assert [p["id"] for p in players["players"]] == ["p0", "p2", "p3"], "he is not back in the first room"


async def test_a_kicked_player_rejoining_by_his_invite_is_told_he_was_kicked(
        private_nats_url: str, fresh_database: str) -> None:
    """Before (issue 35, point 6): the re-join answered `duplicate`, as if he were back at his seat."""
    async with engine(private_nats_url, fresh_database) as nc:
        room = await open_room(nc, 4)
        invite = (await ask(nc, type="get", account_id=room.accounts[0], game_id=room.game_id))["view"]["table"]
        assert (await room.act(0, type="KickPlayer", target="p2"))["ok"]
        again = await ask(nc, type="join", account_id=room.accounts[2], invite=invite["invite"])
        assert not again["ok"] and again["error"]["code"] == "kicked", again
        member = await ask(nc, type="join", account_id=room.accounts[1], invite=invite["invite"])
        assert member["ok"] and member["duplicate"], "a member's own re-join is still his seat"


async def test_a_finished_rooms_replay_is_its_members_alone(private_nats_url: str, fresh_database: str) -> None:
    """Before (issue 35, point 6): anyone read a finished room's replay during its five-minute final screen."""
    async with engine(private_nats_url, fresh_database) as nc:
        room = await open_room(nc, 5)
        assert (await room.act(0, type="KickPlayer", target="p4"))["ok"]
        kicked = room.accounts.pop()  # play_until plays the four left
        for seat in range(1, 4):
            assert (await room.act(seat, type="SetReady", ready=True))["ok"]
        assert (await room.act(0, type="StartGame"))["ok"]
        await room.play_until(lambda v: v["phase"] == "finished", timeout=180)
        member = await ask(nc, type="replay", game_id=room.game_id, account_id=room.accounts[2])
        assert member["ok"] and member["data"]["frames"], member
        for stranger in (uuid.uuid4().hex, None, kicked):
            asked = {"account_id": stranger} if stranger else {}
            refused = await ask(nc, type="replay", game_id=room.game_id, **asked)
            assert not refused["ok"] and refused["error"]["code"] == "unknown_game", refused


async def test_a_kicked_player_is_told_once_and_then_hears_nothing(private_nats_url: str, fresh_database: str) -> None:
    """Before (issue 35, point 6): a kicked player's seat kept receiving the room's views."""
    async with engine(private_nats_url, fresh_database) as nc:
        room = await open_room(nc, 4)
        kicked = await room.act(0, type="KickPlayer", target="p2")
        assert kicked["ok"]
        kick_version = kicked["view"]["version"]
        last = kick_version
        for line in ("раз", "два", "три"):
            posted = await room.act(1, type="SendChat", text=line)
            assert posted["ok"], posted
            last = posted["view"]["version"]

        def versions(seat: int) -> list[int]:
            return [json.loads(frame)["view"]["version"] for frame in room.frames[seat] if b'"view"' in frame]

        async def seat_3_heard_the_last() -> bool:  # one publisher, in seat order: seat 2 would have heard it first
            return last in versions(3)

        await until(seat_3_heard_the_last, timeout=30)
        told = versions(2)
        assert kick_version in told, "he is told of his kick"
        assert max(told) == kick_version, f"he heard the room after his kick: {told}"
