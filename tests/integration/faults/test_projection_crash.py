"""Kill -9 the leagues service while games stream in, restart it: its tables converge to exactly what
a rebuild from the streams gives — nothing lost, nothing counted twice."""

import asyncio
import datetime as dt
import os
import signal
import subprocess
import sys

import asyncpg
import pytest
from echo_runtime.devstack import free_port
from echo_runtime.nats_client import connect, ensure_streams

from tests.support.leagues import caught_up, daily_event, publish_game, snapshot

pytestmark = [pytest.mark.integration, pytest.mark.fault, pytest.mark.slow]


def leagues_process(nats_url: str, database_url: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "NATS_URL": nats_url, "DATABASE_URL": database_url,
           "ECHO_LEAGUES_HTTP_PORT": str(free_port()), "LOG_FORMAT": "json"}
    return subprocess.Popen([sys.executable, "-m", "echo_leagues"], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


async def test_kill_9_mid_stream_converges_to_the_rebuild(private_nats_url: str, fresh_database: str) -> None:
    nc = await connect(private_nats_url, "tests")
    js = nc.jetstream()
    await ensure_streams(js)
    day = dt.date(2026, 11, 30)
    daily = daily_event(day, "bronze", seed=11)
    pool = await asyncpg.create_pool(fresh_database)
    service = leagues_process(private_nats_url, fresh_database)
    try:
        for n in range(40):
            await publish_game(js, f"p{n:02d}", daily, credits=10 + n % 7, clean=n % 3, tick=20 + n % 5,
                               finished_at=daily.opens_at + dt.timedelta(minutes=10 + n))
            if n in (12, 27):  # mid-stream, twice
                await asyncio.sleep(0.3)
                service.send_signal(signal.SIGKILL)
                service.wait(10)
                service = leagues_process(private_nats_url, fresh_database)
        await caught_up(js, pool, limit_s=60)
        converged = await snapshot(pool)
        assert len(converged["leagues_games"]) == 40
        service.terminate()
        service.wait(15)
        rebuild = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "echo_leagues.rebuild",
            env={**os.environ, "NATS_URL": private_nats_url, "DATABASE_URL": fresh_database},
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        output, _ = await asyncio.wait_for(rebuild.communicate(), 120)
        assert rebuild.returncode == 0, output.decode()
        assert await snapshot(pool) == converged
    finally:
        if service.poll() is None:
            service.kill()
        await pool.close()
        await nc.drain()
