"""Fuzzing the WebSocket: whatever JSON a client sends, it gets an ack or a named error, the connection
and the gateway survive, and the game changes only through valid moves."""

import asyncio
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.wsclient import Device

pytestmark = [pytest.mark.integration, pytest.mark.slow]

scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=False),
                    st.text(max_size=20))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                                         max_size=3), max_leaves=8)
types = st.sampled_from(["start", "probe", "beam", "finish", "resume", "ping", "hello", "nope", "", None, 3])
frames = st.fixed_dictionaries(
    {"type": types},
    optional={"id": st.one_of(st.text(max_size=70), st.integers()), "game_id": values, "sector": values,
              "mode": st.sampled_from(["free", "daily", "tutorial", "x", None]), "preset": values, "version": values,
              "v": values, "token": values, "extra": values},
)


async def once_the_bucket_refills(device: Device, kind: str, **fields: object) -> dict:
    """The answer to a command sent again while the socket's rate limit refuses it (10 frames a second)."""
    for _ in range(50):
        answer = await device.command(kind, **fields)
        if answer.get("code") != "rate_limited":
            return answer
        await asyncio.sleep(0.2)
    raise AssertionError("the rate limit never let a frame through again")


async def test_random_frames_never_break_the_connection(system: str) -> None:
    device = await Device.guest(system)
    await device.connect()
    game = await device.command("start", mode="free", preset="standard")
    sent: list[dict] = []

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
    @given(frames)
    def collect(frame: dict) -> None:
        sent.append(frame)

    collect()
    for frame in sent:
        if frame.get("type") in ("probe", "beam", "finish"):
            frame["game_id"] = game["game_id"]  # aim at the real game now and then
        await device.send_raw(json.dumps(frame))
        reply = await device.next_frame()
        while reply["type"] in ("update", "notice", "heartbeat"):
            reply = await device.next_frame()
        assert reply["type"] in ("ack", "error", "pong"), reply
        if reply["type"] == "error":
            assert reply["code"] and reply["message"]
    # every frame, garbage too, is charged to the socket's rate bucket: the burst may have spent it
    assert (await once_the_bucket_refills(device, "ping"))["type"] == "pong"
    view = (await once_the_bucket_refills(device, "resume", game_id=game["game_id"], version=0))["view"]
    acks = [json.loads(f) for f in device.raw if '"type":"ack"' in f]
    assert view["tick"] <= len(acks)
    await device.close()
