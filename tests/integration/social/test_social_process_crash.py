"""Real processes: the social service killed with SIGKILL while it commits and relays, then restarted —
every committed event lands exactly once, in order. And the dev SMTP sink that `make run` starts keeps
letters as .eml files and prints their links."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest
from echo_events.social_commands import command_subject
from echo_gateway.accounts import create_guest
from echo_runtime.clock import SystemClock
from echo_runtime.devstack import free_port
from echo_social.mailer import SmtpMailer, confirmation_letter

from tests.support.social import START, events_on, new_accounts_durable

pytestmark = [pytest.mark.integration, pytest.mark.fault]


def _start_social(nats_url: str, database_url: str, durable: str) -> subprocess.Popen[bytes]:
    """With a durable of its own: a SIGKILL leaves fetched messages unacknowledged for ack_wait."""
    env = {
        **os.environ,
        "NATS_URL": nats_url,
        "DATABASE_URL": database_url,
        "LOG_FORMAT": "json",
        "ECHO_SOCIAL_HTTP_PORT": str(free_port()),
        "ECHO_SOCIAL_SMTP_PORT": str(free_port()),
        "ECHO_SOCIAL_ACCOUNTS_DURABLE": durable,
    }
    return subprocess.Popen(
        [sys.executable, "-m", "echo_social"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


async def _ask(nc, name: str, **body: object) -> dict:  # noqa: ANN001
    for _ in range(200):  # until the service subscribed
        try:
            reply = await nc.request(command_subject(name), json.dumps(body).encode(), timeout=5)
            return json.loads(reply.data)
        except Exception:  # noqa: BLE001 - no responders yet
            await asyncio.sleep(0.1)
    raise AssertionError("the social service never answered")


async def test_sigkill_between_commit_and_publish_loses_and_doubles_nothing(
    nats_url: str,
    fresh_database: str,
    nc,  # noqa: ANN001
) -> None:
    js = nc.jetstream()
    accounts = [(await create_guest(js, SystemClock())).account_id for _ in range(20)]
    durable = await new_accounts_durable(js)
    process = _start_social(nats_url, fresh_database, durable)
    try:
        await _ask(nc, "account.get", account_id=accounts[0])
        replies = await asyncio.gather(
            *(_ask(nc, "callsign.set", account_id=a, callsign=f"Crash{n}") for n, a in enumerate(accounts))
        )
        process.send_signal(signal.SIGKILL)  # right after the commits: most events are not relayed yet
        process.wait(10)
    finally:
        if process.poll() is None:
            process.kill()
    assert all(r["ok"] for r in replies), replies

    conn = await asyncpg.connect(fresh_database)
    unsent_at_the_crash = await conn.fetchval("SELECT count(*) FROM social_outbox WHERE sent_at IS NULL")
    print(f"unsent at the crash: {unsent_at_the_crash} of 20")
    process = _start_social(nats_url, fresh_database, durable)
    try:
        async with asyncio.timeout(30):
            while await conn.fetchval("SELECT count(*) FROM social_outbox WHERE sent_at IS NULL"):  # noqa: ASYNC110
                await asyncio.sleep(0.1)
        assert await conn.fetchval("SELECT count(*) FROM social_outbox") == 20
    finally:
        await conn.close()
        process.send_signal(signal.SIGTERM)
        process.wait(20)
    for n, account in enumerate(accounts):
        events = await events_on(js, account)
        assert [(e.event_type, e.version) for e in events] == [
            ("account.GuestCreated", 1),
            ("account.CallsignChanged", 2),
        ], account
        assert events[1].payload["callsign"] == f"Crash{n}"


def _start_sink(port: int, folder: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "echo_social.devsmtp", "--port", str(port), "--dir", str(folder)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


async def test_the_dev_smtp_sink_keeps_letters_and_prints_links(tmp_path: Path) -> None:
    port = free_port()
    process = _start_sink(port, tmp_path / "mail")
    try:
        assert "dev SMTP sink on smtp://127.0.0.1:" in process.stdout.readline()
        letter = confirmation_letter(
            "noreply@echo.local", "dev@example.com", "http://x/confirm?token=T0k", START
        )
        await SmtpMailer("127.0.0.1", port).send(letter)
        for _ in range(100):
            if list((tmp_path / "mail").glob("*.eml")):
                break
            await asyncio.sleep(0.05)
        saved = list((tmp_path / "mail").glob("*.eml"))
        assert len(saved) == 1 and b"dev@example.com" in saved[0].read_bytes()
    finally:
        process.send_signal(signal.SIGTERM)
        output, _ = process.communicate(timeout=10)
    assert process.returncode == 0
    assert "to dev@example.com" in output and "http://x/confirm?token=T0k" in output
