"""The analysts' example consumer counts exactly what was played: real games through the gateway and the
engine on a NATS of the test's own, ended every way there is, then the funnel read from the stream."""

from __future__ import annotations

import asyncio
import importlib.util
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from echo_challenge.tutorial import SCRIPT
from echo_events.moscow import moscow_date
from echo_runtime.clock import SystemClock
from echo_runtime.nats_client import connect

from tests.support.play import close_daily, publish_daily
from tests.support.wsclient import Device

from .planner import plan

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[3]
SCRIPT_PATH = ROOT / "examples/analytics/daily_funnel.py"


def load_funnel():  # noqa: ANN201 - the example is a script, not a package: load it from its file
    spec = importlib.util.spec_from_file_location("daily_funnel", SCRIPT_PATH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


async def send(device: Device, type_: str, **fields) -> dict:  # noqa: ANN003
    """A command, resent after a pause when the gateway's rate limit (10 messages a second) says so."""
    for _ in range(20):
        reply = await device.command(type_, **fields)
        if reply.get("code") != "rate_limited":
            return reply
        await asyncio.sleep(0.25)
    raise AssertionError("still rate limited")


async def guest_with_plan(base: str, ending: str) -> tuple[Device, list]:
    """A guest whose first Free game (standard) can be steered to `ending` (most accounts can)."""
    for _ in range(8):
        device = await Device.guest(base)
        welcome = await device.connect()
        moves = plan(welcome["account_id"], ending)
        if moves is not None:
            return device, moves
        await device.close()
    raise AssertionError(f"no account found whose game can end in {ending}")


async def play_free(base: str, ending: str) -> str:
    device, moves = await guest_with_plan(base, ending)
    game = await device.command("start", mode="free", preset="standard")
    view = game["view"]
    for tool, sector in moves:
        ack = await send(device, tool, game_id=game["game_id"], sector=sector)
        assert ack["type"] == "ack", ack
        view = ack["view"]
    assert view["status"] == ending
    await device.close()
    return game["game_id"]


async def test_the_funnel_counts_what_was_played(system: str, private_nats_url: str) -> None:
    funnel = load_funnel()
    today = moscow_date(SystemClock().now())
    nc = await connect(private_nats_url, "tests")
    assert funnel.table(funnel.Funnel().rows()).endswith("(no games)")

    # a Tutorial, played through and finished
    player = await Device.guest(base=system)
    await player.connect()
    tutorial = await player.command("start", mode="tutorial")
    for step in SCRIPT:
        assert (await send(player, step.tool, game_id=tutorial["game_id"], sector=step.sector))["type"] == "ack"
    assert (await player.command("finish", game_id=tutorial["game_id"]))["view"]["status"] == "finished"
    # Free games: finished by the player, broken down, completed, and one still live
    free = await player.command("start", mode="free", preset="standard")
    assert (await player.command("finish", game_id=free["game_id"]))["view"]["status"] == "finished"
    await play_free(system, "breakdown")
    await play_free(system, "complete")
    idler = await Device.guest(system)
    await idler.connect()
    assert (await idler.command("start", mode="free", preset="nine-small"))["view"]["status"] == "live"
    # a Daily, left live until its Daily closes
    daily = await publish_daily(nc.jetstream(), today)
    assert (await player.command("start", mode="daily"))["view"]["status"] == "live"
    await close_daily(nc.jetstream(), daily)

    expected = [
        {"day": today.isoformat(), "mode": "tutorial", "started": 1, "complete": 0, "breakdown": 0, "finished": 1,
         "expired": 0, "live": 0},
        {"day": today.isoformat(), "mode": "free", "started": 4, "complete": 1, "breakdown": 1, "finished": 1,
         "expired": 0, "live": 1},
        {"day": today.isoformat(), "mode": "daily", "started": 1, "complete": 0, "breakdown": 0, "finished": 0,
         "expired": 1, "live": 0},
    ]
    rows = None
    for _ in range(50):  # the engine expires the Daily's games when it consumes DailyClosed
        rows = (await funnel.collect(private_nats_url)).rows()
        if rows == expected:
            break
        await asyncio.sleep(0.2)
    assert rows == expected

    since_today = (await funnel.collect(private_nats_url, since=today)).rows()
    assert since_today == expected
    assert (await funnel.collect(private_nats_url, since=today + timedelta(days=1), idle=0.5)).rows() == []

    # the script itself, as an analyst runs it
    printed = await asyncio.to_thread(
        subprocess.run, [sys.executable, str(SCRIPT_PATH), "--nats", private_nats_url, "--since", today.isoformat()],
        capture_output=True, text=True, timeout=60, check=True)
    lines = printed.stdout.strip().splitlines()
    assert lines[0].split() == ["day", "mode", "started", "complete", "breakdown", "finished", "expired", "live"]
    assert [line.split() for line in lines[1:]] == [[str(v) for v in row.values()] for row in expected]
    await player.close()
    await idler.close()
    await nc.drain()
