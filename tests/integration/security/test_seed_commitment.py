"""Fair and provably so (issue 17, point 8): while a Daily is live, `daily/today` shows a commitment to its
seed; with the Day results come the seed and the salt. From the public API alone, the test recomputes the
commitment and regenerates the day's field with `echoctl field` from the published preset and seed."""

from __future__ import annotations

import asyncio
import hashlib
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

import httpx
import pytest
from echo_daily.app import create_app as create_daily
from echo_daily.calendar import League, daily_for, midnight_msk
from echo_daily.devclock import SteerableClock
from echo_daily.settings import Settings as DailySettings
from echo_gateway.app import create_app as create_gateway
from echo_gateway.settings import Settings as GatewaySettings
from echo_leagues.app import create_app as create_leagues
from echo_leagues.settings import Settings as LeaguesSettings

from tests.support.dailies import eventually
from tests.support.servers import running

pytestmark = pytest.mark.integration

SECRET = "integration-test-secret-0123456789"
LAUNCH = date(2026, 11, 1)
ECHOCTL = Path(sys.executable).parent / "echoctl"


def plain_bronze_day() -> date:
    """A day whose Bronze Daily is not a special game: its field is the preset's own."""
    for i in range(1, 60):
        day = LAUNCH + timedelta(days=i)
        if daily_for(day, League.BRONZE, secret=SECRET.encode(), launch=LAUNCH).special is None:
            return day
    raise AssertionError("no plain day")


def grid_of(echoctl_field: str) -> list[str]:
    """The 10 rows of the §20 text format's grid (after the header lines)."""
    rows = [line for line in echoctl_field.splitlines() if len(line) == 10 and ":" not in line]
    assert len(rows) == 10, echoctl_field
    return rows


async def test_the_commitment_checks_out_and_echoctl_regenerates_the_field(
        private_nats_url: str, fresh_database: str) -> None:
    day = plain_bronze_day()
    clock = SteerableClock(start=midnight_msk(day) + timedelta(hours=12))
    daily = create_daily(DailySettings(nats_url=private_nats_url, seed_secret=SECRET, launch_date=LAUNCH),
                         clock=clock)
    leagues = create_leagues(LeaguesSettings(nats_url=private_nats_url, database_url=fresh_database))
    gateway = create_gateway(GatewaySettings(nats_url=private_nats_url, database_url=fresh_database,
                                             dev_mode=True), clock=clock)
    async with running(daily), running(leagues), running(gateway) as base, httpx.AsyncClient(base_url=base) as http:

        async def today() -> dict | None:
            response = await http.get("/api/v1/daily/today", params={"league": "bronze"})
            ok = response.status_code == 200 and response.json()["date"] == day.isoformat()
            return response.json() if ok else None

        await eventually(today)
        live = await today()
        commitment = live["commitment"]
        assert len(commitment) == 64 and "seed" not in str(live).lower().replace("commitment", "")
        live_results = await http.get(f"/api/v1/results/bronze/{day}")
        assert live_results.status_code in (404, 409) and str(live_results.json()).count("salt") == 0

        clock.jump_to(midnight_msk(day + timedelta(days=1)))  # the next Daily comes out, this one closes

        async def results() -> dict | None:
            response = await http.get(f"/api/v1/results/bronze/{day}")
            return response.json() if response.status_code == 200 else None

        await eventually(results, within=20)
        published = await results()
        proof = published["seed_proof"]
        assert proof["commitment"] == commitment
        assert hashlib.sha256(f"{proof['salt']}:{proof['seed']}".encode()).hexdigest() == commitment

        command = [str(ECHOCTL), "field", "--preset", proof["preset_id"], "--seed", str(proof["seed"])]
        printed = await asyncio.to_thread(lambda: subprocess.run(command, capture_output=True, text=True,
                                                                 check=True).stdout)
        assert grid_of(printed) == published["field"]["grid"]
        assert f"preset: {proof['preset_id']}" in printed and f"seed: {proof['seed']}" in printed
