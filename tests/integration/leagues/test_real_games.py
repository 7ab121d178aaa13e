"""Real Daily games through a real engine: the Chart while the Daily lives, Day results with the field
and the Game of the day (frames) only after DailyClosed, and the gateway's public Chart routes."""

import httpx
import pytest
from echo_challenge.generator import layout_rows
from echo_challenge.modes import daily_setup
from echo_events.moscow import moscow_date
from echo_gateway.app import create_app as create_gateway
from echo_gateway.settings import Settings as GatewaySettings
from echo_runtime.clock import SystemClock

from tests.support.openapi import assert_documented
from tests.support.play import ask, beam_ephemera, close_daily, publish_daily, solo_move
from tests.support.servers import running

pytestmark = pytest.mark.integration


async def play_daily(nc, account: str, daily, ephemera: int, extra_probes: int = 0) -> dict:  # noqa: ANN001
    """Beam the segments of the `ephemera` smallest ephemera (probing free sectors for Charge), then
    Finish. Test-side knowledge of the field; the client never has it."""
    setup = daily_setup(daily)
    field = setup.field
    segments = {s for e in field.ephemera for s in e.sectors}
    free = [i for i in range(100) if i not in segments and i not in setup.opened]
    targets = sorted(field.ephemera, key=lambda e: (e.size, e.sectors))[:ephemera]
    game = await ask(nc, type="start", account_id=account, mode="daily")
    assert game["ok"], game
    game_id, view = game["game_id"], game["view"]

    async def move(kind: str, sector: int) -> dict:
        reply = await solo_move(nc, kind, account_id=account, game_id=game_id, sector=sector)
        assert reply["ok"], reply
        return reply["view"]

    for _ in range(extra_probes):
        view = await move("probe", free.pop())
    view = await beam_ephemera(view, targets, free, move)
    if view["status"] == "live":
        view = (await solo_move(nc, "finish", account_id=account, game_id=game_id))["view"]
    return {"game_id": game_id, **view}


def chart_key(view: dict) -> tuple:
    return (-view["credits"], -view["credits_breakdown"]["clean"]["count"], view["tick"])


async def test_real_games_chart_results_and_game_of_the_day(leagues, engine) -> None:  # noqa: ANN001
    nc = engine
    now = SystemClock().now()
    today = moscow_date(now)
    daily = await publish_daily(leagues.js, today, seed=2026)
    for account in ("a", "b", "c"):
        await leagues.accounts.player(account, now, callsign=f"Игрок-{account}")
    await leagues.accounts.player("d", now, callsign="Гость", confirm=False)
    views = {
        "a": await play_daily(nc, "a", daily, ephemera=2),
        "b": await play_daily(nc, "b", daily, ephemera=1),
        "c": await play_daily(nc, "c", daily, ephemera=1, extra_probes=3),
        "d": await play_daily(nc, "d", daily, ephemera=2),
    }
    await leagues.settle()

    chart = await leagues.ask("chart", league="bronze", date=today.isoformat())
    expected = sorted((a for a in "abc" if views[a]["credits"] > 0), key=lambda a: chart_key(views[a]))
    assert [r["callsign"] for r in chart["top"]] == [f"Игрок-{a}" for a in expected]
    for row in chart["top"]:
        view = views[row["callsign"][-1]]
        assert row["credits"] == view["credits"] and row["ticks"] == view["tick"]
        assert row["clean"] == view["credits_breakdown"]["clean"]["count"]
        assert row["opened"] == sum(e["opened"] for e in view["ephemera"])
    assert "Гость" not in str(chart)
    own = await leagues.ask("chart", league="bronze", date=today.isoformat(), viewer="d")
    assert own["me"]["out_of_chart"] is True and own["me"]["credits"] == views["d"]["credits"]

    # while the Daily lives: no field, no seed, no Day results, no Game of the day
    grid = layout_rows(daily_setup(daily))
    assert all(row not in str(chart) for row in grid if set(row) != {"."})
    assert "2026" not in str(chart.get("seed", "")) and "field" not in chart
    assert (await leagues.ask("results", league="bronze", date=today.isoformat()))["error"]["code"] == "not_closed"
    assert (await leagues.ask("game_of_the_day", date=today.isoformat()))["error"]["code"] == "not_closed"

    # the gateway's public routes: anonymous, and with a session token for the out-of-chart owner
    gateway_settings = GatewaySettings(nats_url=leagues.nats_url, database_url=leagues.database_url, dev_mode=True)
    gateway = create_gateway(gateway_settings)
    async with running(gateway) as base, httpx.AsyncClient(base_url=base) as http:
        public = (await http.get(f"/api/v1/charts/bronze/{today}")).json()
        assert public["top"] == chart["top"] and "ok" not in public
        token = (await gateway.state.sessions.open("d", "dev")).token
        mine = (await http.get(f"/api/v1/charts/bronze/{today}", headers={"Authorization": f"Bearer {token}"})).json()
        assert mine["me"]["label_ru"] == "вне Чарта"
        bad = await http.get(f"/api/v1/charts/bronze/{today}", headers={"Authorization": "Bearer forged"})
        assert bad.status_code == 401
        assert (await http.get(f"/api/v1/results/bronze/{today}")).status_code == 409
        assert (await http.get(f"/api/v1/charts/iron/{today}")).status_code == 400
        me = await http.get("/api/v1/leagues/me", headers={"Authorization": f"Bearer {token}"})
        assert me.status_code == 200 and me.json()["league"] == "bronze"
        assert (await http.get("/api/v1/leagues/me")).status_code == 401

        await close_daily(leagues.js, daily)
        await leagues.settle()
        results = (await http.get(f"/api/v1/results/bronze/{today}")).json()
        assert results["daily"]["closed"] is True
        assert results["field"]["grid"] == list(grid) and results["field"]["seed"] == 2026
        assert results["top"] == chart["top"]
        replay = (await http.get(f"/api/v1/game-of-the-day/{today}")).json()
        document = gateway.openapi_schema.to_schema()  # and each body is what the REST API's document says
        assert_documented(document, "/api/v1/charts/{league}/{day}", "GET", mine)
        assert_documented(document, "/api/v1/results/{league}/{day}", "GET", results)
        assert_documented(document, "/api/v1/game-of-the-day/{day}", "GET", replay)

    leader = views[expected[0]]
    assert results["game_of_the_day"] == leader["game_id"] == replay["game_id"]
    frames = replay["frames"]
    assert replay["callsign"] == f"Игрок-{expected[0]}" and replay["credits"] == leader["credits"]
    assert [f["tick"] for f in frames] == list(range(leader["tick"] + 1))
    assert frames[0]["event"] is None and all(f["event"]["tick"] == f["tick"] for f in frames[1:])
    hidden = [sum(row.count("#") for row in f["board"]) for f in frames]
    assert hidden == sorted(hidden, reverse=True) and len(set(hidden)) == len(hidden)
    assert frames[-1]["board"] == leader["board"] and frames[-1]["status"] == leader["status"]
    assert frames[-1]["field"]["grid"] == list(grid)
    assert all("field" not in f for f in frames[:-1])
