"""Bad input gets a clear error and changes nothing; nothing a client sends can crash the gateway or
the engine; one client's flood does not hurt another; hidden information never crosses the wire."""

import asyncio
import json

import pytest
import websockets

from tests.support.wsclient import Device

pytestmark = pytest.mark.integration


async def expect_error(device: Device, raw: str | bytes, code: str) -> dict:
    await device.send_raw(raw)
    frame = await device.next_frame()
    assert frame["type"] == "error" and frame["code"] == code, frame
    assert frame["message"]
    return frame


async def test_every_kind_of_bad_message_is_named_and_harmless(system: str) -> None:
    device = await Device.guest(system)
    await device.connect()
    game = await device.command("start", mode="free", preset="standard")
    game_id, version = game["game_id"], game["version"]

    await expect_error(device, "{not json", "bad_json")
    await expect_error(device, "[1, 2]", "unknown_type")
    await expect_error(device, json.dumps({"type": "teleport", "id": "x1"}), "unknown_type")
    await expect_error(device, json.dumps({"type": "hello", "v": 1, "token": device.token}), "unknown_type")
    off = await expect_error(device, json.dumps({"type": "probe", "id": "x2", "game_id": game_id, "sector": "K11"}),
                             "bad_message")
    assert off["id"] == "x2" and "K11" in off["message"]
    await expect_error(device, json.dumps({"type": "probe", "id": "x3", "game_id": game_id, "sector": 100}),
                       "bad_message")
    await expect_error(device, json.dumps({"type": "probe", "id": "x4", "game_id": game_id, "sector": True}),
                       "bad_message")
    await expect_error(device, json.dumps({"type": "probe", "id": "x5", "game_id": "../../etc", "sector": 1}),
                       "bad_message")
    await expect_error(device, json.dumps({"type": "probe", "id": "x6", "game_id": game_id}), "bad_message")
    await expect_error(device, json.dumps({"type": "probe", "id": "x7", "game_id": game_id, "sector": 1,
                                           "admin": True}), "bad_message")
    await expect_error(device, json.dumps({"type": "start", "id": "x8", "mode": "free", "preset": "x" * 40}),
                       "bad_message")
    await expect_error(device, json.dumps({"type": "ping", "id": "x" * 5000}), "too_large")
    await expect_error(device, b"\x00\x01binary", "bad_frame")
    await expect_error(device, json.dumps({"type": "probe", "id": "x9", "game_id": "f" + "0" * 24, "sector": 1}),
                       "unknown_game")

    after = await device.command("resume", game_id=game_id, version=0)
    assert after["version"] == version and after["view"]["tick"] == 0  # nothing changed
    assert (await device.command("ping"))["type"] == "pong"  # and the connection still works
    await device.close()


async def test_another_players_game_and_an_ended_game(system: str) -> None:
    owner, stranger = await Device.guest(system), await Device.guest(system)
    await owner.connect()
    await stranger.connect()
    game = await owner.command("start", mode="free", preset="standard")
    for type_, extra in (("probe", {"sector": "A1"}), ("beam", {"sector": 5}), ("finish", {}), ("resume", {})):
        refused = await stranger.command(type_, game_id=game["game_id"], **extra)
        assert refused["type"] == "error" and refused["code"] == "unknown_game"
    await owner.command("finish", game_id=game["game_id"])
    over = await owner.command("probe", game_id=game["game_id"], sector="J10")
    assert over["code"] == "game_over"
    finish_again = await owner.command("finish", game_id=game["game_id"])
    assert finish_again["code"] == "game_over"
    await owner.close()
    await stranger.close()


async def test_without_hello_or_with_a_forged_token_the_socket_closes(system: str) -> None:
    url = system.replace("http", "ws") + "/ws"
    async with websockets.connect(url) as socket:
        await socket.send(json.dumps({"type": "probe", "id": "a", "game_id": "g", "sector": 1}))
        frame = json.loads(await socket.recv())
        assert frame["code"] == "not_authenticated"
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await socket.recv()
        assert closed.value.rcvd.code == 4401
    async with websockets.connect(url) as socket:
        await socket.send(json.dumps({"type": "hello", "v": 1, "token": "forged"}))
        assert json.loads(await socket.recv())["code"] == "not_authenticated"


async def test_a_flood_is_rate_limited_and_others_play_on(system: str) -> None:
    flooder, player = await Device.guest(system), await Device.guest(system)
    await flooder.connect()
    await player.connect()
    for n in range(60):
        await flooder.send_raw(json.dumps({"type": "ping", "id": f"p{n}"}))
    frames = [await flooder.next_frame() for _ in range(60)]
    limited = [f for f in frames if f.get("code") == "rate_limited"]
    assert 20 <= len(frames) - len(limited) < 40 and limited
    game = await asyncio.wait_for(player.command("start", mode="free", preset="standard"), 5)
    assert game["type"] == "ack"
    await flooder.close()
    await player.close()


async def test_live_views_on_the_wire_hold_nothing_hidden(system: str) -> None:
    device = await Device.guest(system)
    await device.connect()
    game = await device.command("start", mode="free", preset="standard")
    views = [game["view"]]
    board = "".join(game["view"]["board"])
    for sector in [i for i, c in enumerate(board) if c == "#"][:12]:
        reply = await device.command("probe", game_id=game["game_id"], sector=sector)
        if reply["type"] == "ack":
            views.append(reply["view"])
    for view in views:
        if view["status"] != "live":
            continue
        assert not {"field", "seed", "grid", "layout"} & set(view)
        opened = sum(c != "#" for c in "".join(view["board"]))
        assert opened == 4 + view["tick"]  # four pre-opened sectors, one per tick: nothing else shows
        assert all(m["state"] != "hidden" or set(m) == {"color", "kind", "state"} for m in view["membranes"])
        assert all(e["opened"] or e["clean"] is None for e in view["ephemera"])
    live_frames = [f for f in device.raw if '"status":"live"' in f]
    assert len(live_frames) >= 2
    for frame in live_frames:
        assert '"seed"' not in frame and '"grid"' not in frame
    await device.close()
