"""Log deltas of a table game (PROTOCOL.md, «Log deltas»): through the real gateway and engine, a Ghost Five
device that asked for them gets, after its first whole view of the match, acks and updates with only the
resolved turns it does not hold (`view.game.log` from `log_from`, what it held); a device that did not ask
gets every view whole; a device that was never sent the version a delta extends gets the whole view."""

from __future__ import annotations

import json
from typing import Any

import pytest
from ghost_five.commitment import commit_hash

from tests.support.ghost import GhostPlayer, open_turn
from tests.support.wsclient import Device

pytestmark = pytest.mark.integration


def game_frames(device: Device, game_id: str) -> list[dict[str, Any]]:
    """The acks and updates with this game's started view that the device's socket received, in order."""
    frames = [json.loads(text) for text in device.raw]
    return [f for f in frames if f.get("type") in ("ack", "update") and f.get("game_id") == game_id
            and "game" in (f.get("view") or {})]


class Held:
    """What the Ghost web client keeps of a match: the whole view, each delta merged into the one it extends."""

    def __init__(self) -> None:
        self.view: dict[str, Any] | None = None
        self.version = 0

    def take(self, frame: dict[str, Any]) -> dict[str, Any]:
        view = frame["view"]
        if "log_from" in frame:
            assert self.view is not None and frame["base_version"] == self.version, frame
            log = self.view["game"]["log"]
            assert len(log) >= frame["log_from"]
            view = {**view, "game": {**view["game"], "log": log[: frame["log_from"]] + view["game"]["log"]}}
        self.view, self.version = view, frame["version"]
        return view


async def delta_player(system: str, seat: int, token: str | None = None) -> GhostPlayer:
    device = await Device.guest(system) if token is None else Device(system, token)
    await device.connect(v=2, log_delta=True)
    return GhostPlayer(device, seat)


async def play_turn(a: GhostPlayer, b: GhostPlayer, action_a: str, action_b: str) -> int:
    """A turn both commit and reveal (B's reveal resolves it); the version after it, once A's socket has it."""
    assert (await a.commit(action_a))["type"] == "ack"
    assert (await b.commit(action_b))["type"] == "ack"
    assert (await a.reveal())["type"] == "ack"
    resolved = await b.reveal()
    assert resolved["type"] == "ack", resolved
    await a.device.push(lambda f: f.get("type") == "update" and f["version"] >= resolved["version"])
    return resolved["version"]


def rebuilt(frames: list[dict[str, Any]]) -> Held:
    held = Held()
    for frame in frames:
        held.take(frame)
    return held


async def test_a_log_delta_device_gets_only_the_turns_it_lacks_and_one_without_gets_whole_views(system: str) -> None:
    a, b = await delta_player(system, 0), await GhostPlayer.guest(system, 1)
    opened = await a.open()
    assert (await b.join(opened["view"]["table"]["invite"]))["type"] == "ack"
    a.view = await a.until(lambda game: game["status"] == "live")
    for turn, (action_a, action_b) in enumerate([("P:H8", "P:C3"), ("P:H9", "P:C4"), ("P:H10", "P:C5")]):
        await play_turn(a, b, action_a, action_b)
        a.view = rebuilt(game_frames(a.device, a.game_id)).view  # the next commit hashes its open turn
        assert len(a.view["game"]["log"]) == turn + 1

    frames = game_frames(a.device, a.game_id)
    assert "log_from" not in frames[0] and frames[0]["view"]["game"]["log"] == []  # the first: whole
    assert all("log_from" in frame for frame in frames[1:]), [f["type"] for f in frames if "log_from" not in f]
    assert {frame["type"] for frame in frames[1:]} == {"ack", "update"}  # its own moves' acks, B's moves
    held = Held()
    for frame in frames:
        before = len(held.view["game"]["log"]) if held.view is not None else 0
        held.take(frame)
        if "log_from" in frame:
            assert frame["log_from"] == before  # only what the device did not hold
            assert len(frame["view"]["game"]["log"]) == len(held.view["game"]["log"]) - before <= 1
    assert held.view == await a.latest()  # a resume's whole view is the one rebuilt

    # a retried command's answer is a delta of what the device holds too
    round_number, turn = open_turn(held.view)
    digest = commit_hash(held.view["game"]["match_id"], round_number, turn, 0, "P:H11", "5a1t" * 16)
    commit = {"type": "commit", "commit": digest}
    first = await a.send("act", id="c-retried", game_id=a.game_id, action=commit)
    again = await a.send("act", id="c-retried", game_id=a.game_id, action=commit)
    assert first["type"] == again["type"] == "ack" and again["duplicate"] is True
    assert (again["log_from"], again["base_version"], again["view"]["game"]["log"]) == (3, first["version"], [])

    whole = game_frames(b.device, b.game_id)
    assert whole and all("log_from" not in frame and "base_version" not in frame for frame in whole)
    assert [len(frame["view"]["game"]["log"]) for frame in whole][-1] == 3
    versions = {frame["version"]: frame for frame in frames}
    delta, full = next((versions[f["version"]], f) for f in whole if len(f["view"]["game"]["log"]) == 3
                       and f["version"] in versions)  # the turn's end, as each device got it
    assert len(json.dumps(delta)) < len(json.dumps(full)) - 2 * 300  # two older turns (~400 B each) not sent again
    await a.close()
    await b.close()


async def test_a_device_never_sent_the_version_a_delta_extends_gets_the_whole_view(system: str) -> None:
    a, b = await delta_player(system, 0), await GhostPlayer.guest(system, 1)
    opened = await a.open()
    assert (await b.join(opened["view"]["table"]["invite"]))["type"] == "ack"
    a.view = await a.until(lambda game: game["status"] == "live")
    await play_turn(a, b, "P:H8", "P:C3")
    tablet = await delta_player(system, 0, token=a.device.token)  # A's second device, new on this match
    b.view = (await b.latest())
    assert (await b.commit("P:C4"))["type"] == "ack"  # A's devices: a delta of what A's seat was sent
    first = await tablet.device.push(lambda f: f.get("type") == "update")
    assert "log_from" not in first and "base_version" not in first
    assert first["view"] == (await tablet.send("resume", game_id=a.game_id, version=0))["view"]
    assert len(first["view"]["game"]["log"]) == 1
    assert (await b.act(type="withdraw"))["type"] == "ack"
    second = await tablet.device.push(lambda f: f.get("type") == "update" and f["version"] > first["version"])
    assert (second["base_version"], second["log_from"], second["view"]["game"]["log"]) == (first["version"], 1, [])
    for player in (a, b, tablet):
        await player.close()
