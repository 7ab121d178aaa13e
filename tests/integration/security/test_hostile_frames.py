"""Hostile WebSocket frames (issue 35, point 5). Before: an action nested 254–1000 levels deep (~2 KB)
closed the socket with 4500 and an internal error, and a frame that did not parse was never charged to the
connection's rate bucket, so garbage could be sent without limit. Now a deep frame is a `bad_message` like
any other malformed one, and every frame is charged before it is parsed."""

from __future__ import annotations

import json

import pytest

from tests.support.wsclient import Device

pytestmark = pytest.mark.integration


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


async def test_a_deeply_nested_frame_is_a_bad_message_and_the_socket_stays_open(system: str) -> None:
    device = await Device.guest(system)
    assert (await device.connect(v=2))["type"] == "welcome"
    for depth in (20, 254, 600, 1000):
        action = f'{{"type":"act","id":"deep{depth}","game_id":"g1","action":{{"type":"X","x":{nested(depth)}}}}}'
        await device.send_raw(action)
        frame = await device.next_frame(timeout=5)
        assert frame["type"] == "error" and frame["code"] == "bad_message" and frame["id"] == f"deep{depth}", frame
        assert "deep" in frame["message"]
    await device.send_raw(json.dumps({"type": "ping", "id": "after"}))
    assert (await device.next_frame())["type"] == "pong"
    await device.close()


async def test_frames_that_do_not_parse_are_charged_to_the_rate_bucket(system: str) -> None:
    device = await Device.guest(system)
    assert (await device.connect())["type"] == "welcome"
    for _ in range(200):  # ten times the burst: refusing none would take 18 s at 10 a second
        await device.send_raw("{not json")
    codes = [(await device.next_frame(timeout=10))["code"] for _ in range(200)]
    assert codes.count("bad_json") < 200 and "rate_limited" in codes, set(codes)
    await device.close()
