"""Whole games over a real WebSocket: the Tutorial, a Free game and a Daily, two devices, resume."""

import json

import pytest
from echo_challenge.field import sector_name
from echo_challenge.tutorial import SCRIPT
from echo_runtime.nats_client import connect

from tests.support.play import free_sectors, publish_daily
from tests.support.wsclient import Device

pytestmark = pytest.mark.integration


async def test_welcome_names_the_account(system: str) -> None:
    device = await Device.guest(system)
    welcome = await device.connect()
    assert welcome["type"] == "welcome" and welcome["v"] == 1 and welcome["account_id"]
    pong = await device.command("ping")
    assert pong["type"] == "pong"
    await device.close()


async def test_the_whole_tutorial_over_the_websocket(system: str) -> None:
    device = await Device.guest(system)
    await device.connect()
    started = await device.command("start", mode="tutorial")
    game_id = started["game_id"]
    wrong = await device.command("probe", game_id=game_id, sector="J10")
    assert wrong["type"] == "error" and wrong["code"] == "tutorial_step"
    for step in SCRIPT:
        ack = await device.command(step.tool, game_id=game_id, sector=sector_name(step.sector))
        assert ack["type"] == "ack", ack
    done = await device.command("finish", game_id=game_id)
    assert done["view"]["status"] == "finished" and done["view"]["tutorial"]["done"]
    await device.close()


async def test_a_whole_free_game_until_it_ends(system: str) -> None:
    device = await Device.guest(system)
    welcome = await device.connect()
    started = await device.command("start", mode="free", preset="standard")
    game_id, view = started["game_id"], started["view"]
    assert view["status"] == "live" and view["mode"] == "free"
    safe = free_sectors(welcome["account_id"], "standard")
    for sector in safe:
        ack = await device.command("probe", game_id=game_id, sector=sector)
        if ack["type"] == "error":
            assert ack["code"] == "game_over"
            break
        view = ack["view"]
    assert view["status"] in ("breakdown", "live")
    if view["status"] == "live":
        view = (await device.command("finish", game_id=game_id))["view"]
    assert view["status"] in ("breakdown", "finished")
    assert "field" in view  # an ended Free game may show its whole field
    await device.close()


async def test_a_daily_over_the_websocket_with_two_devices_and_a_resume(system: str, private_nats_url: str) -> None:
    from echo_events.moscow import moscow_date
    from echo_runtime.clock import SystemClock

    nc = await connect(private_nats_url, "tests")
    await publish_daily(nc.jetstream(), moscow_date(SystemClock().now()), seed=99)
    await nc.drain()

    phone = await Device.guest(system)
    await phone.connect()
    laptop = Device(system, phone.token)  # the same account on a second device
    await laptop.connect()
    started = await phone.command("start", mode="daily")
    game_id = started["game_id"]
    resumed = await laptop.command("start", mode="daily")
    assert resumed["game_id"] == game_id and resumed["duplicate"] is True

    hidden = "".join(started["view"]["board"]).index("#")
    moved = await phone.command("probe", game_id=game_id, sector=hidden)
    assert moved["type"] == "ack"
    pushed = await laptop.next_frame()
    assert pushed["type"] == "update" and pushed["version"] == moved["version"]
    assert pushed["view"] == moved["view"]
    await phone.command("ping")  # whatever the server sent the phone before this pong is in its pushes now
    echoed = [p for p in phone.pushes if p["type"] == "update" and p["version"] == moved["version"]]
    assert echoed == [], "the device that moved got its own move twice (an update besides the ack)"

    await laptop.close()
    later = Device(system, phone.token)
    await later.connect()
    caught_up = await later.command("resume", game_id=game_id, version=started["version"])
    assert caught_up["version"] == moved["version"] and caught_up["view"]["tick"] == 1
    up_to_date = await later.command("resume", game_id=game_id, version=moved["version"])
    assert up_to_date["view"] is None
    for frame in phone.raw + later.raw:
        data = json.loads(frame)
        assert "seed" not in json.dumps(data) and "grid" not in json.dumps(data)
    await phone.close()
    await later.close()


async def test_a_leagues_notices_reach_only_that_leagues_devices(
    system: str, private_nats_url: str, fresh_database: str
) -> None:
    import uuid
    from datetime import UTC, datetime, timedelta

    import asyncpg
    from echo_events.daily import LEAGUES, SUBJECT_WARNING, DailyWarning
    from echo_events.envelope import Batch, encode, wrap
    from echo_events.moscow import moscow_date
    from echo_runtime.clock import SystemClock

    today = moscow_date(SystemClock().now())
    bronze = [await Device.guest(system) for _ in range(2)]  # one player's two devices would do as well
    gold = await Device.guest(system)
    for device in bronze:
        await device.connect()
    gold_account = (await gold.connect())["account_id"]
    conn = await asyncpg.connect(fresh_database)
    await conn.execute("INSERT INTO leagues_players (account_id, league, since_week) VALUES ($1, 'gold', $2)",
                       gold_account, today)
    await conn.close()
    nc = await connect(private_nats_url, "tests")
    closes = datetime.now(UTC) + timedelta(minutes=10)
    for kind in ("warning_30min", "countdown_10min"):
        for league in LEAGUES:  # as the daily service does: one warning per league's Daily
            warning = DailyWarning(kind=kind, daily_id=f"{today}:{league}", date=today, league=league,
                                   at=datetime.now(UTC), closes_at=closes)
            envelope = wrap(warning, event_id=uuid.uuid4().hex, stream_id=f"{today}:{league}", version=2,
                            occurred_at=datetime.now(UTC))
            await nc.jetstream().publish(SUBJECT_WARNING, encode(Batch(events=(envelope,))), stream="DAILY")
    await nc.drain()
    # notices are sent in the order they were published: a device sent another league's would see it first
    for device, league in [(bronze[0], "bronze"), (bronze[1], "bronze"), (gold, "gold")]:
        notices = [await device.next_frame(), await device.next_frame()]
        assert [(n["type"], n["kind"], n["league"]) for n in notices] == [
            ("notice", "warning_30min", league), ("notice", "countdown_10min", league)]
        await device.close()


async def test_a_new_dailys_notice_comes_from_its_seed_free_announcement(system: str, private_nats_url: str) -> None:
    from echo_events.moscow import moscow_date
    from echo_runtime.clock import SystemClock

    device = await Device.guest(system)
    await device.connect()
    nc = await connect(private_nats_url, "tests")
    daily = await publish_daily(nc.jetstream(), moscow_date(SystemClock().now()), seed=55667788)
    await nc.drain()
    notice = await device.push(lambda frame: frame.get("kind") == "daily_published")
    assert notice == {"type": "notice", "kind": "daily_published", "daily_id": daily.daily_id, "league": "bronze",
                      "number": daily.number, "name": daily.name_ru, "name_en": "Tikhaya prokhlada"}
    assert not any("55667788" in raw for raw in device.raw)
    await device.close()


async def test_a_player_plays_his_own_leagues_daily(system: str, private_nats_url: str, fresh_database: str) -> None:
    import asyncpg
    from echo_events.moscow import moscow_date
    from echo_runtime.clock import SystemClock

    nc = await connect(private_nats_url, "tests")
    today = moscow_date(SystemClock().now())
    await publish_daily(nc.jetstream(), today, league="bronze", seed=1)
    await publish_daily(nc.jetstream(), today, league="gold", seed=2)
    await nc.drain()
    bronze, gold = await Device.guest(system), await Device.guest(system)
    gold_account = (await gold.connect())["account_id"]
    await bronze.connect()
    conn = await asyncpg.connect(fresh_database)
    await conn.execute("INSERT INTO leagues_players (account_id, league, since_week) VALUES ($1, 'gold', $2)",
                       gold_account, today)
    await conn.close()
    assert (await bronze.command("start", mode="daily"))["view"]["daily"]["league"] == "bronze"
    assert (await gold.command("start", mode="daily"))["view"]["daily"]["league"] == "gold"
    await bronze.close()
    await gold.close()
