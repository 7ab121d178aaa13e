"""Guests never enter the Chart (issue 17, point 7): a new guest gets a new Daily attempt — the residual
risk docs/runbook.md states — but that attempt counts for nobody: the guest's finished Daily stays «вне
Чарта» (only he sees it), while a player with a confirmed e-mail is ranked."""

from __future__ import annotations

import asyncio

import pytest
from echo_challenge.modes import daily_setup
from echo_events.moscow import moscow_date
from echo_runtime.clock import SystemClock

from tests.support.play import beam_ephemera, publish_daily
from tests.support.social_system import social_beside
from tests.support.wsclient import Device

pytestmark = pytest.mark.integration


async def play_the_daily(base: str, token: str, daily) -> int:  # noqa: ANN001
    """Over the WebSocket: beam the smallest ephemera (test-side knowledge of the field, probing free sectors
    for Charge), then finish; the game's Credits."""
    setup = daily_setup(daily)
    segments = {s for e in setup.field.ephemera for s in e.sectors}
    free = [i for i in range(100) if i not in segments and i not in setup.opened]
    target = min(setup.field.ephemera, key=lambda e: (e.size, e.sectors))
    device = Device(base, token)
    await device.connect()
    game = await device.command("start", mode="daily")
    assert game["type"] == "ack", game
    view = game["view"]

    async def move(kind: str, sector: int) -> dict:
        answer = await device.command(kind, game_id=game["game_id"], sector=sector)
        assert answer["type"] == "ack", answer
        return answer["view"]

    view = await beam_ephemera(view, [target], free, move)
    if view["status"] == "live":
        view = (await device.command("finish", game_id=game["game_id"]))["view"]
    await device.close()
    return view["credits"]


async def test_a_guests_daily_is_out_of_the_chart_a_confirmed_players_is_in(
        system: str, private_nats_url: str, fresh_database: str) -> None:
    today = moscow_date(SystemClock().now())
    async with social_beside(system, private_nats_url, fresh_database) as social:
        daily = await publish_daily(social.nc.jetstream(), today, seed=2026)
        _, player = await social.player("Честный", "honest@example.org")
        guests = [await social.guest() for _ in range(3)]  # one person, three fresh guests: three attempts
        assert await play_the_daily(system, player, daily) > 0
        for _, token in guests:
            assert await play_the_daily(system, token, daily) > 0

        chart = None
        for _ in range(100):  # the leagues service projects the finished games
            chart = (await social.call("GET", f"/api/v1/charts/bronze/{today}")).json()
            if chart.get("top"):
                break
            await asyncio.sleep(0.1)
        assert [row["callsign"] for row in chart["top"]] == ["Честный"] and chart["total"] == 1, chart
        mine = (await social.call("GET", f"/api/v1/charts/bronze/{today}", player)).json()
        assert mine["me"].get("label_ru") != "вне Чарта" and mine["me"]["place"] == 1, mine
        for _, token in guests:
            own = (await social.call("GET", f"/api/v1/charts/bronze/{today}", token)).json()
            assert own["me"]["label_ru"] == "вне Чарта" and own["total"] == 1, own
