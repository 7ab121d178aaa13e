"""`python -m echo_runtime.together engine gateway`: the two services in one process as a deployment — each
ready on its own port, a player's game played through the gateway (answered by the engine beside it), and a
SIGTERM ends the process cleanly; a service name it does not know is refused before anything starts."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest
from echo_runtime.devrun import ready
from echo_runtime.devstack import free_port

from tests.support.wsclient import Device

pytestmark = pytest.mark.integration


async def test_the_engine_and_the_gateway_in_one_process(nats_url: str, database_url: str, tmp_path: Path) -> None:
    ports = {"engine": free_port(), "gateway": free_port()}
    env = {**os.environ, "NATS_URL": nats_url, "DATABASE_URL": database_url, "ECHO_GATEWAY_DEV_MODE": "true",
           "LOG_LEVEL": "warning", **{f"ECHO_{name.upper()}_HTTP_PORT": str(port) for name, port in ports.items()}}
    with (tmp_path / "output.log").open("wb") as output:
        process = await asyncio.create_subprocess_exec(sys.executable, "-m", "echo_runtime.together", "engine",
                                                       "gateway", env=env, stdout=output, stderr=output)
    try:
        for _ in range(300):
            if process.returncode is not None or all([await asyncio.to_thread(ready, port) for port in ports.values()]):
                break
            await asyncio.sleep(0.1)
        assert process.returncode is None and all([await asyncio.to_thread(ready, port) for port in ports.values()])

        device = await Device.guest(f"http://127.0.0.1:{ports['gateway']}")
        await device.connect(v=2)
        started = await device.command("start", kind="tictactoe", seats=2, settings={})
        assert started["type"] == "ack", started
        await device.close()

        process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(process.wait(), 30) == 0, (tmp_path / "output.log").read_text()
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


async def test_an_unknown_service_is_refused() -> None:
    refused = await asyncio.create_subprocess_exec(sys.executable, "-m", "echo_runtime.together", "engine", "nosuch",
                                                   stderr=asyncio.subprocess.PIPE)
    _, errors = await asyncio.wait_for(refused.communicate(), 60)
    assert refused.returncode == 2 and b"nosuch" in errors
