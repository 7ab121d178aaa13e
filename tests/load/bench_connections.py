"""How many idle WebSocket connections one gateway process holds, and its memory per connection.

    .venv/bin/python tests/load/bench_connections.py [--connections 5000]

Each connection is a real one: a guest token, the `hello`, a `welcome`, and the account's update
subscription on NATS. Prints the figures and writes `.bench/connections.json`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets
from echo_runtime.devstack import EmbeddedNats, EmbeddedPostgres
from echo_runtime.migrate import apply_migrations

sys.path.insert(0, str(Path(__file__).parent))
from stack import gc_pauses, guests, machine, rss_kib, start_service, write_result  # noqa: E402
from summary import pauses  # noqa: E402


async def open_connections(base: str, tokens: list[str]) -> list:
    sockets = []
    url = base.replace("http", "ws") + "/ws"

    async def one(token: str) -> None:
        socket = await websockets.connect(url, compression=None, open_timeout=60)
        await socket.send(json.dumps({"type": "hello", "v": 1, "token": token}))
        welcome = json.loads(await socket.recv())
        assert welcome["type"] == "welcome", welcome
        sockets.append(socket)

    for start in range(0, len(tokens), 200):
        await asyncio.gather(*(one(t) for t in tokens[start:start + 200]))
    return sockets


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--connections", type=int, default=5000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="echo-bench-") as folder:
        nats = EmbeddedNats(Path(folder) / "nats")
        postgres = EmbeddedPostgres(Path(folder) / "pg", delete_on_stop=True)
        nats_url, pg_url = nats.start(), postgres.start()
        await apply_migrations(pg_url)
        env = {**os.environ, "NATS_URL": nats_url, "DATABASE_URL": pg_url, "ECHO_GATEWAY_DEV_MODE": "true"}
        gateway, port = start_service("gateway", env)
        base = f"http://127.0.0.1:{port}"
        try:
            tokens = [token for _, token in await guests(base, args.connections)]
            warm = await open_connections(base, tokens[:50])
            await asyncio.sleep(1)
            before = rss_kib(gateway.pid)
            t0 = time.perf_counter()
            sockets = await open_connections(base, tokens[50:])
            opened = time.perf_counter() - t0
            await asyncio.sleep(3)
            after = rss_kib(gateway.pid)
            async with httpx.AsyncClient(base_url=base) as client:
                metric = next(line for line in (await client.get("/metrics")).text.splitlines()
                              if line.startswith("echo_gateway_websocket_connections "))
            held = int(float(metric.split()[1]))
            per_connection = (after - before) / max(1, len(sockets))
            result = {"connections_held": held, "opened_in_s": opened, "rss_before_kib": before, "rss_after_kib": after,
                      "kib_per_connection": per_connection, "gc_pauses": gc_pauses(port), "machine": machine()}
            for socket in warm + sockets:
                await socket.close()
        finally:
            gateway.terminate()
            gateway.wait(10)
            nats.stop()
            postgres.stop()
    print(f"{'figure':44} {'value':>12}")
    print(f"{'idle WebSocket connections held (gateway)':44} {result['connections_held']:12d}")
    print(f"{'gateway RSS before / after, MiB':44} {before / 1024:6.0f} / {after / 1024:4.0f}")
    print(f"{'memory per connection, KiB':44} {per_connection:12.1f}")
    print(f"{'time to open them, s':44} {opened:12.1f}")
    print(f"{'gateway collector pauses while opening them':44} {pauses(result['gc_pauses']):>12}")
    write_result("connections", result)


if __name__ == "__main__":
    asyncio.run(main())
