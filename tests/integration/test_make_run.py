"""`make run`'s runner on a fresh folder: embedded NATS and PostgreSQL, five services ready in the runner's
own process, a URL printed, a clean stop on Ctrl-C, and the data still there on the second run."""

import asyncio
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import asyncpg
import httpx
import pytest
from echo_runtime.devstack import free_port

pytestmark = [pytest.mark.integration, pytest.mark.slow]


@dataclass(frozen=True)
class Runner:
    """A started runner: its process, the URL it printed, and its output so far, which `reader` keeps reading
    to the end as a terminal would (a first run logs every Daily since the dev launch date, more than a pipe
    holds, and a runner whose output nobody reads blocks on its next log line)."""

    process: subprocess.Popen[str]
    url: str
    lines: list[str]
    reader: threading.Thread


def start(run_dir: Path, ports: dict[str, int]) -> Runner:
    """Starts the runner and waits for its URL."""
    env = {k: v for k, v in os.environ.items() if k not in ("NATS_URL", "DATABASE_URL")}
    env.update({"ECHO_RUN_DIR": str(run_dir), "ECHO_DEV_NATS_PORT": str(ports["nats"]), "LOG_FORMAT": "json",
                "ECHO_DEV_SMTP_PORT": str(ports["smtp"])})
    env.update({f"ECHO_{name.upper()}_HTTP_PORT": str(port) for name, port in ports.items()
                if name not in ("nats", "smtp")})
    process = subprocess.Popen([sys.executable, "-m", "echo_runtime.devrun"], env=env, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    lines = []
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line)
        if "Echo Challenge is up:" in line:
            reader = threading.Thread(target=_keep_reading, args=(process, lines), daemon=True)
            reader.start()
            return Runner(process, line.split("up:")[1].split()[0], lines, reader)
    process.kill()
    raise AssertionError("make run never came up:\n" + "".join(lines))


def _keep_reading(process: subprocess.Popen[str], lines: list[str]) -> None:
    for line in process.stdout:
        lines.append(line)


def child_commands(parent: int) -> list[str]:
    """`python -m <module>` of each child process of `parent` (others as their program's name)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) != parent:
                continue
            words = (stat.parent / "cmdline").read_bytes().decode().split("\0")
        except (OSError, ValueError):
            continue  # ended meanwhile
        found.append(" ".join(words[words.index("-m"):][:2]) if "-m" in words else Path(words[0]).name)
    return found


def stop(runner: Runner) -> str:
    """Ctrl-C; the runner's output after it (read to its end)."""
    seen = len(runner.lines)
    runner.process.send_signal(signal.SIGINT)
    runner.process.wait(timeout=60)
    runner.reader.join(timeout=10)
    rest = "".join(runner.lines[seen:])
    assert runner.process.returncode == 0, rest
    return rest


def test_two_runs_in_a_row_keep_the_data(tmp_path: Path) -> None:
    ports = {name: free_port() for name in ("nats", "smtp", "gateway", "engine", "daily", "leagues", "social")}
    runner = start(tmp_path, ports)
    url = runner.url
    try:
        assert url == f"http://127.0.0.1:{ports['gateway']}/"
        for name in ("gateway", "engine", "daily", "leagues", "social"):
            assert httpx.get(f"http://127.0.0.1:{ports[name]}/readyz").json()["ready"] is True
        # a first run publishes the past Dailies meanwhile, in the same process: a first answer may take seconds
        account = httpx.post(f"{url}api/v1/guest", timeout=30).json()["account_id"]
        assert "Эхо-вызов" in httpx.get(url).text
        assert [line for line in child_commands(runner.process.pid) if "-m echo_" in line] == [
            "-m echo_social.devsmtp"]  # the services run in the runner itself; only the mail sink is a child
    finally:
        stopped = stop(runner)
    assert "stopped." in stopped

    runner = start(tmp_path, ports)
    try:
        dsn = f"postgresql://postgres@/postgres?host={tmp_path / 'postgres'}"
        assert asyncio.run(_account_exists(dsn, account))
    finally:
        stop(runner)


async def _account_exists(dsn: str, account: str) -> bool:
    conn = await asyncpg.connect(dsn)
    try:
        for _ in range(100):
            if await conn.fetchval("SELECT count(*) FROM accounts WHERE account_id = $1", account):
                return True
            await asyncio.sleep(0.1)
        return False
    finally:
        await conn.close()
