"""Benchmark of a move's round trip and sustained throughput, against floors measured in the same run.

    .venv/bin/python tests/load/bench_moves.py [--seconds 10] [--clients 40]

Starts its own NATS (JetStream, file storage) and PostgreSQL, an engine and a gateway as separate
processes (as in production), then measures:
  floors: a bare NATS request/reply, and a bare synchronous JetStream publish (file storage) — with
          the configuration we ship (`sync_interval: always`) and without it;
  moves:  one move's round trip through WebSocket → gateway → NATS → engine → JetStream → back
          (median, p99), one client at a time; and sustained moves/s with many concurrent games.
Prints a table and writes `.bench/moves.json`. Timing never fails anything: the figures are printed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import orjson
import websockets
from echo_engine.rules.echo.field import sector_name
from echo_engine.rules.echo.tutorial import SCRIPT
from echo_runtime.devstack import EmbeddedNats, EmbeddedPostgres
from echo_runtime.migrate import apply_migrations

sys.path.insert(0, str(Path(__file__).parent))
from stack import (  # noqa: E402 - the benchmarks' shared start-up and floors
    cpu_seconds,
    floor_js_publish,
    floor_request_reply,
    guests,
    machine,
    machine_busy_seconds,
    start_profilers,
    start_service,
    summary,
    write_result,
)


class Player:
    """One WebSocket device playing Tutorial games back to back (unlimited, deterministic moves)."""

    def __init__(self, base: str, token: str) -> None:
        self.base, self.token = base, token
        self.samples: list[float] = []

    async def run(self, until: float | None, moves: int | None = None) -> None:
        async with websockets.connect(self.base.replace("http", "ws") + "/ws", max_size=2**22) as socket:
            await socket.send(json.dumps({"type": "hello", "v": 1, "token": self.token}))
            await socket.recv()
            done = 0
            while (until is None or time.perf_counter() < until) and (moves is None or done < moves):
                game_id = (await self._ask(socket, {"type": "start", "mode": "tutorial"}, timed=False))["game_id"]
                for step in SCRIPT:
                    if (until is not None and time.perf_counter() >= until) or (moves is not None and done >= moves):
                        break
                    reply = await self._ask(socket, {"type": step.tool, "game_id": game_id,
                                                     "sector": sector_name(step.sector)})
                    assert reply["type"] == "ack", reply
                    done += 1

    async def _ask(self, socket, frame: dict[str, Any], timed: bool = True) -> dict[str, Any]:  # noqa: ANN001
        frame["id"] = uuid.uuid4().hex
        t0 = time.perf_counter_ns()
        await socket.send(orjson.dumps(frame).decode())
        while True:
            reply = orjson.loads(await socket.recv())  # a light load generator leaves the CPU to the servers
            if reply.get("id") == frame["id"]:
                if timed:
                    self.samples.append((time.perf_counter_ns() - t0) / 1000)
                return reply


async def measure_moves(base: str, seconds: float, clients: int, pids: dict[str, int],
                        profile: Path | None = None) -> dict[str, Any]:
    first, *tokens = [token for _, token in await guests(base, clients + 1)]
    single = Player(base, first)
    await single.run(until=None, moves=30)  # warm-up: caches, connections
    single.samples.clear()
    await single.run(until=None, moves=300)
    players = [Player(base, token) for token in tokens]
    pids = {**pids, "load generator": os.getpid()}
    cpu_before = {name: cpu_seconds(pid) for name, pid in pids.items()}
    busy_before = machine_busy_seconds()
    profilers = start_profilers(pids, seconds, profile)
    until = time.perf_counter() + seconds
    t0 = time.perf_counter()
    await asyncio.gather(*(p.run(until=until) for p in players))
    elapsed = time.perf_counter() - t0
    loaded = [s for p in players for s in p.samples]
    cpu_per_move = {name: (cpu_seconds(pid) - cpu_before[name]) / len(loaded) * 1e6 for name, pid in pids.items()}
    cpu_per_move["whole machine"] = (machine_busy_seconds() - busy_before) / len(loaded) * 1e6
    for profiler in profilers:
        profiler.wait(60)
    return {"single": summary(single.samples),
            "sustained": {**summary(loaded), "clients": clients, "seconds": elapsed,
                          "moves_per_s": len(loaded) / elapsed, "cpu_us_per_move": cpu_per_move}}


async def run_config(sync_always: bool, seconds: float, clients: int, pg_url: str, engines: int = 1,
                     profile: Path | None = None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="echo-bench-nats-") as folder:
        nats = EmbeddedNats(Path(folder), sync_always=sync_always)
        nats_url = nats.start()
        env = {**os.environ, "NATS_URL": nats_url, "DATABASE_URL": pg_url, "ECHO_GATEWAY_DEV_MODE": "true",
               "ECHO_GATEWAY_WS_RATE": "100000", "ECHO_GATEWAY_WS_BURST": "100000",
               "LOG_FORMAT": "json"}
        processes = []
        pids = {"nats-server": nats.pid}
        try:
            for n in range(engines):  # replicas share the queue group; appends stay safe with any number
                engine, _ = start_service("engine", env)
                processes.append(engine)
                pids[f"engine {n + 1}" if engines > 1 else "engine"] = engine.pid
            gateway, port = start_service("gateway", env)
            processes.append(gateway)
            pids["gateway"] = gateway.pid
            floors = {"nats_request_reply": await floor_request_reply(nats_url, 2000),
                      "jetstream_publish": await floor_js_publish(nats_url, 2000)}
            moves = await measure_moves(f"http://127.0.0.1:{port}", seconds, clients, pids,
                                        profile / ('always' if sync_always else 'default') if profile else None)
            return {"sync_always": sync_always, "floors": floors, "moves": moves}
        finally:
            for process in processes:
                process.terminate()
                process.wait(10)
            nats.stop()


def print_table(results: list[dict[str, Any]]) -> None:
    print(f"{'configuration':26} {'figure':44} {'median µs':>10} {'p99 µs':>10} {'ratio':>8}")
    for r in results:
        label = "sync_interval: always" if r["sync_always"] else "sync_interval: 2m (default)"
        js_floor = r["floors"]["jetstream_publish"]["median_us"]
        rows = [("bare NATS request/reply (floor)", r["floors"]["nats_request_reply"], None),
                ("bare JetStream publish (floor)", r["floors"]["jetstream_publish"], None),
                ("move round trip, 1 client (WS→engine→JS→WS)", r["moves"]["single"], js_floor),
                (f"move under load, {r['moves']['sustained']['clients']} clients", r["moves"]["sustained"], js_floor)]
        for name, s, floor in rows:
            ratio = f"{s['median_us'] / floor:6.1f}×" if floor else ""
            print(f"{label:26} {name:44} {s['median_us']:10.0f} {s['p99_us']:10.0f} {ratio:>8}")
        print(f"{label:26} {'sustained durable moves/s':44} {r['moves']['sustained']['moves_per_s']:10.0f}")
        cpu = r["moves"]["sustained"]["cpu_us_per_move"]
        shares = ", ".join(f"{name} {us:.0f}" for name, us in cpu.items())
        print(f"{label:26} CPU µs per move under load: {shares}")


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--clients", type=int, default=40)
    parser.add_argument("--engines", type=int, default=1, help="engine replicas")
    parser.add_argument("--profile", type=Path, help="folder for py-spy's collapsed stacks of the services under load")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="echo-bench-pg-") as folder:
        postgres = EmbeddedPostgres(Path(folder) / "data", delete_on_stop=True)
        pg_url = postgres.start()
        await apply_migrations(pg_url)
        try:
            results = [await run_config(True, args.seconds, args.clients, pg_url, args.engines, args.profile),
                       await run_config(False, args.seconds, args.clients, pg_url, args.engines, args.profile)]
        finally:
            postgres.stop()
    print_table(results)
    write_result("moves", {"machine": machine(), "results": results})


if __name__ == "__main__":
    import uvloop  # the services run on uvloop too (uvicorn picks it); a lighter load generator
    from echo_runtime.serve import tune_garbage_collector

    tune_garbage_collector()
    uvloop.run(main())
