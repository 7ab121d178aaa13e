"""REST for what is not live: options, a game's view, replays and who may see them."""

import httpx
import pytest
from echo_events.moscow import moscow_date
from echo_runtime.clock import SystemClock
from echo_runtime.nats_client import connect

from tests.support.play import beam_ephemera, close_daily, earns_credits, free_sectors, publish_daily
from tests.support.wsclient import Device

pytestmark = pytest.mark.integration


def auth(device: Device) -> dict[str, str]:
    return {"Authorization": f"Bearer {device.token}"}


async def test_options_list_free_presets_with_as_daily_first(system: str, private_nats_url: str) -> None:
    nc = await connect(private_nats_url, "tests")
    await publish_daily(nc.jetstream(), moscow_date(SystemClock().now()), preset="nine-small")
    await nc.drain()
    device = await Device.guest(system)
    await device.connect()
    async with httpx.AsyncClient(base_url=system) as client:
        options = (await client.get("/api/v1/play/options", headers=auth(device))).json()
        assert options["free"]["presets"][0] == {
            "id": "as-daily", "title": "Как Вызов дня", "gist": options["free"]["presets"][0]["gist"]}
        assert "Мелкая рябь" in options["free"]["presets"][0]["gist"]
        assert {p["id"] for p in options["free"]["presets"]} >= {"standard", "nine-small", "big-red"}
        assert options["free"]["used"] == 0 and options["daily"]["game"] is None
        game = await device.command("start", mode="free", preset="as-daily")
        daily = await device.command("start", mode="daily")
        options = (await client.get("/api/v1/play/options", headers=auth(device))).json()
        assert options["free"]["used"] == 1 and options["free"]["unfinished"] == game["game_id"]
        assert options["daily"]["game"] == {"game_id": daily["game_id"], "status": "live"}
        assert game["view"]["preset"] == "as-daily"
        unauthenticated = await client.get("/api/v1/play/options")
        assert unauthenticated.status_code == 401
    await device.close()


async def test_replay_is_the_owners_while_live_and_public_when_ended(system: str) -> None:
    owner, other = await Device.guest(system), await Device.guest(system)
    welcome = await owner.connect()
    game = await owner.command("start", mode="free", preset="standard")
    for sector in free_sectors(welcome["account_id"], "standard")[:3]:
        await owner.command("probe", game_id=game["game_id"], sector=sector)
    async with httpx.AsyncClient(base_url=system) as client:
        url = f"/api/v1/games/{game['game_id']}/replay"
        mine = (await client.get(url, headers=auth(owner))).json()
        assert [f["tick"] for f in mine["frames"]] == [0, 1, 2, 3] and "field" not in mine
        assert (await client.get(url)).status_code == 404  # a live game is nobody else's business
        assert (await client.get(url, headers=auth(other))).status_code == 404
        await owner.command("finish", game_id=game["game_id"])
        public = (await client.get(url)).json()
        assert public["status"] == "finished" and public["field"]["grid"]
        assert public["frames"][:4] == mine["frames"]
        view = (await client.get(f"/api/v1/games/{game['game_id']}", headers=auth(owner))).json()
        assert view["view"]["status"] == "finished"
        assert (await client.get("/api/v1/games/..%2Fetc", headers=auth(owner))).status_code in (400, 404)
    await owner.close()


async def test_a_daily_replay_becomes_public_only_when_the_daily_closes(system: str, private_nats_url: str) -> None:
    nc = await connect(private_nats_url, "tests")
    daily = await publish_daily(nc.jetstream(), moscow_date(SystemClock().now()), seed=31337)
    owner = await Device.guest(system)
    await owner.connect()
    game = await owner.command("start", mode="daily")
    await owner.command("finish", game_id=game["game_id"])
    async with httpx.AsyncClient(base_url=system) as client:
        url = f"/api/v1/games/{game['game_id']}/replay"
        own = (await client.get(url, headers=auth(owner))).json()
        assert "field" not in own and "31337" not in str(own)  # not even the owner sees the field yet
        assert (await client.get(url)).status_code == 404
        await close_daily(nc.jetstream(), daily)
        public = (await client.get(url)).json()
        assert public["field"]["seed"] == 31337
    await nc.drain()
    await owner.close()


async def test_my_games_with_the_best_free_result_per_preset_replayable_by_link(system: str) -> None:
    import asyncio

    from echo_challenge.modes import free_setup

    device = await Device.guest(system)
    welcome = await device.connect()
    account = welcome["account_id"]
    # the first game opens an ephemeron and earns Credits; the second, newer one only probes and earns none
    first = await device.command("start", mode="free", preset="standard")
    setup = free_setup("standard", account, moscow_date(SystemClock().now()), 1, None)
    free = free_sectors(account, "standard", 1)
    for smallest in sorted(setup.field.ephemera, key=lambda e: (e.size, e.sectors)):
        if await earns_credits(setup, smallest, free):  # the smallest whose beaming does not break the game down
            break

    async def move(kind: str, sector: int) -> dict:
        ack = await device.command(kind, game_id=first["game_id"], sector=sector)
        assert ack["type"] == "ack", ack
        return ack["view"]

    earned = await beam_ephemera(first["view"], [smallest], free, move)
    if earned["status"] == "live":
        earned = (await device.command("finish", game_id=first["game_id"]))["view"]
    second = await device.command("start", mode="free", preset="standard")
    for sector in free_sectors(account, "standard", 2)[:2]:
        await device.command("probe", game_id=second["game_id"], sector=sector)
    nothing = (await device.command("finish", game_id=second["game_id"]))["view"]
    assert earned["credits"] > 0 and nothing["credits"] < earned["credits"]
    async with httpx.AsyncClient(base_url=system) as client:
        for _ in range(100):
            games = (await client.get("/api/v1/games", headers=auth(device))).json()["games"]
            if len(games) == 2 and all(g["status"] != "live" for g in games):
                break
            await asyncio.sleep(0.1)
        assert [g["game_id"] for g in games] == [second["game_id"], first["game_id"]]  # newest first
        best = [g for g in games if g["best"]]
        # the older game is the best: more Credits, not the newer or the longer one
        assert [(g["game_id"], g["preset_id"], g["credits"]) for g in best] == [
            (first["game_id"], "standard", earned["credits"])]
        shared = await client.get(f"/api/v1/games/{best[0]['game_id']}/replay")  # the link works for anyone
        assert shared.status_code == 200 and shared.json()["frames"][-1]["credits"] == earned["credits"]
    await device.close()
