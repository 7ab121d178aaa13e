"""Faults: NATS restarts, the gateway is killed -9, PostgreSQL restarts. No acknowledged move is lost,
none is applied twice, clients resume."""

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from echo_engine.app import create_app as create_engine
from echo_engine.settings import Settings as EngineSettings
from echo_runtime.devstack import EmbeddedNats, free_port

from tests.support.nats_users import CREDENTIALS
from tests.support.play import free_sectors
from tests.support.servers import running
from tests.support.wsclient import Device

pytestmark = [pytest.mark.integration, pytest.mark.fault, pytest.mark.slow]


async def command_with_retry(device: Device, type_: str, **fields) -> dict:  # noqa: ANN003
    """What a real client does: the same id until it gets an answer, reconnecting when needed."""
    import uuid

    fields["id"] = uuid.uuid4().hex
    for _ in range(60):
        try:
            reply = await device.command(type_, **fields)
            if reply.get("code") not in ("engine_unavailable", "busy"):
                return reply
        except Exception:  # noqa: BLE001 - the socket broke: reconnect and retry with the same id
            await asyncio.sleep(0.5)
            try:
                await device.connect()
            except Exception:  # noqa: BLE001
                continue
        await asyncio.sleep(0.25)
    raise AssertionError(f"{type_} never got through")


def gateway_process(nats_url: str, database_url: str, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "NATS_URL": nats_url, "DATABASE_URL": database_url, "ECHO_GATEWAY_DEV_MODE": "true",
           "ECHO_GATEWAY_HTTP_PORT": str(port), "LOG_FORMAT": "json"}
    return subprocess.Popen([sys.executable, "-m", "echo_gateway"], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


async def wait_ready(base: str) -> None:
    async with httpx.AsyncClient(base_url=base) as client:
        for _ in range(300):
            try:
                if (await client.get("/readyz")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.1)
    raise AssertionError(f"{base} never became ready")


async def test_nats_restarts_mid_game_and_nothing_acknowledged_is_lost(tmp_path: Path, fresh_database: str) -> None:
    nats = EmbeddedNats(tmp_path / "nats", sync_always=True, credentials=CREDENTIALS)
    nats_url = nats.start()
    port = free_port()
    gateway = gateway_process(nats_url, fresh_database, port)
    base = f"http://127.0.0.1:{port}"
    try:
        async with running(create_engine(EngineSettings(nats_url=nats_url, database_url=fresh_database))):
            await wait_ready(base)
            device = await Device.guest(base)
            welcome = await device.connect()
            game = await device.command("start", mode="free", preset="standard")
            safe = free_sectors(welcome["account_id"], "standard")
            acked = [await command_with_retry(device, "probe", game_id=game["game_id"], sector=s) for s in safe[:2]]
            nats.stop()
            restarted = EmbeddedNats(tmp_path / "nats", nats.port, sync_always=True, credentials=CREDENTIALS)
            restarted.start()
            try:
                await wait_ready(base)
                third = await command_with_retry(device, "probe", game_id=game["game_id"], sector=safe[2])
                assert third["type"] == "ack" and third["view"]["tick"] == 3
                assert third["version"] == acked[-1]["version"] + 1
            finally:
                await device.close()
                restarted.stop()
    finally:
        gateway.terminate()
        gateway.wait(10)
        nats.stop()


async def test_kill_9_the_gateway_and_the_client_resumes(private_nats_url: str, fresh_database: str) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    gateway = gateway_process(private_nats_url, fresh_database, port)
    async with running(create_engine(EngineSettings(nats_url=private_nats_url, database_url=fresh_database))):
        try:
            await wait_ready(base)
            device = await Device.guest(base)
            welcome = await device.connect()
            game = await device.command("start", mode="free", preset="standard")
            safe = free_sectors(welcome["account_id"], "standard")
            last = await device.command("probe", game_id=game["game_id"], sector=safe[0])
            gateway.send_signal(signal.SIGKILL)
            gateway.wait(10)
            gateway = gateway_process(private_nats_url, fresh_database, port)
            await wait_ready(base)
            await device.connect()  # the same token on a new socket
            resumed = await device.command("resume", game_id=game["game_id"], version=0)
            assert resumed["version"] == last["version"] and resumed["view"] == last["view"]
            moved = await device.command("probe", game_id=game["game_id"], sector=safe[1])
            assert moved["view"]["tick"] == 2
            await device.close()
        finally:
            gateway.terminate()
            gateway.wait(10)


async def test_postgres_outage_turns_readiness_off_and_back_on(private_nats_url: str, tmp_path: Path) -> None:
    from echo_runtime.devstack import EmbeddedPostgres
    from echo_runtime.migrate import apply_migrations

    postgres = EmbeddedPostgres(tmp_path / "pg")
    url = postgres.start()
    await apply_migrations(url)
    engine = create_engine(EngineSettings(nats_url=private_nats_url, database_url=url))
    try:
        async with running(engine) as base, httpx.AsyncClient(base_url=base) as client:
            assert (await client.get("/readyz")).status_code == 200
            postgres.stop()
            down = await client.get("/readyz")
            assert down.status_code == 503 and down.json()["checks"]["postgres"] is False
            postgres = EmbeddedPostgres(tmp_path / "pg")
            postgres.start()
            for _ in range(100):
                if (await client.get("/readyz")).status_code == 200:
                    break
                await asyncio.sleep(0.1)
            assert (await client.get("/readyz")).status_code == 200
    finally:
        postgres.stop()
