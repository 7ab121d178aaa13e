"""Benchmark of a move's round trip and sustained throughput, against floors measured in the same run.

    .venv/bin/python tests/load/bench_moves.py [--seconds 10] [--clients 40] [--rate 1000] [--paced-games 200]

Starts its own NATS (JetStream, file storage) and PostgreSQL, an engine and a gateway as separate
processes (as in production), then measures:
  floors: a bare NATS request/reply, and a bare synchronous JetStream publish (file storage) — with
          the configuration we ship (`sync_interval: always`) and without it;
  moves:  one move's round trip through WebSocket → gateway → NATS → engine → JetStream → back
          (median, p99), one client at a time; sustained moves/s with many concurrent games, each
          moving as soon as its last move is answered (closed loop: what the system can take); and the
          latency when moves are offered at a fixed rate (`--rate`, open loop: the latency at that load,
          each move timed from when it was due).
Prints a table and writes `.bench/moves.json`. Timing never fails anything: the figures are printed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator
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
    floor_js_publish_paced,
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
    """One WebSocket device playing Tutorial games back to back (unlimited, deterministic moves).

    `run` is a closed loop: the next move leaves as soon as the last one is answered (how many moves a
    second the system can take). `run_paced` is an open loop: moves are due every `interval` seconds
    whatever the server does, and each one's time counts from when it was due — a slow answer also
    delays the moves queued behind it, and that wait is counted (no coordinated omission)."""

    def __init__(self, base: str, token: str) -> None:
        self.base, self.token = base, token
        self.samples: list[float] = []

    async def run(self, until: float | None, moves: int | None = None) -> None:
        async with self._connected() as socket:
            done = 0
            while (until is None or time.perf_counter() < until) and (moves is None or done < moves):
                game_id = await self._start(socket)
                for step in SCRIPT:
                    if (until is not None and time.perf_counter() >= until) or (moves is not None and done >= moves):
                        break
                    t0 = time.perf_counter_ns()
                    await self._move(socket, game_id, step)
                    self.samples.append((time.perf_counter_ns() - t0) / 1000)
                    done += 1

    async def run_paced(self, until: float, interval: float, first_due: float, first_game_moves: int) -> None:
        """`first_game_moves` < a game's length leaves the first game early, so that the players' new
        games (a start costs more than a move) do not all fall due at the same instants."""
        async with self._connected() as socket:
            due, game_moves = first_due, first_game_moves
            while due < until:
                game_id = await self._start(socket)  # between two moves, as a player opens a new game
                for step in SCRIPT[:game_moves]:
                    if due >= until:
                        break
                    await asyncio.sleep(max(0.0, due - time.perf_counter()))
                    await self._move(socket, game_id, step)
                    self.samples.append((time.perf_counter() - due) * 1e6)
                    due += interval
                game_moves = len(SCRIPT)

    @contextlib.asynccontextmanager
    async def _connected(self) -> AsyncIterator[Any]:
        async with websockets.connect(self.base.replace("http", "ws") + "/ws", max_size=2**22) as socket:
            await socket.send(json.dumps({"type": "hello", "v": 1, "token": self.token}))
            await socket.recv()
            yield socket

    async def _start(self, socket) -> str:  # noqa: ANN001
        return (await self._ask(socket, {"type": "start", "mode": "tutorial"}))["game_id"]

    async def _move(self, socket, game_id: str, step) -> None:  # noqa: ANN001
        reply = await self._ask(socket, {"type": step.tool, "game_id": game_id, "sector": sector_name(step.sector)})
        assert reply["type"] == "ack", reply

    @staticmethod
    async def _ask(socket, frame: dict[str, Any]) -> dict[str, Any]:  # noqa: ANN001
        frame["id"] = uuid.uuid4().hex
        await socket.send(orjson.dumps(frame).decode())
        while True:
            reply = orjson.loads(await socket.recv())  # a light load generator leaves the CPU to the servers
            if reply.get("id") == frame["id"]:
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


async def measure_paced(base: str, seconds: float, rate: float, players: int) -> dict[str, Any]:
    """Moves offered at `rate` a second in all, spread evenly over `players` games (open loop)."""
    paced = [Player(base, token) for _, token in await guests(base, players)]
    interval = players / rate
    start = time.perf_counter() + 1.0
    until = start + seconds
    await asyncio.gather(*(p.run_paced(until, interval, start + interval * n / players, 1 + n % len(SCRIPT))
                           for n, p in enumerate(paced)))
    samples = [s for p in paced for s in p.samples]
    return {**summary(samples), "offered_per_s": rate, "players": players,
            "moves_per_s": len(samples) / (time.perf_counter() - start)}


async def run_config(sync_always: bool, seconds: float, clients: int, pg_url: str, engines: int = 1,
                     profile: Path | None = None, rate: float = 1000.0, paced_players: int = 200) -> dict[str, Any]:
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
                      "jetstream_publish": await floor_js_publish(nats_url, 2000),
                      "jetstream_publish_paced": {
                          **await floor_js_publish_paced(nats_url, rate, paced_players, min(seconds, 5.0)),
                          "offered_per_s": rate}}
            moves = await measure_moves(f"http://127.0.0.1:{port}", seconds, clients, pids,
                                        profile / ('always' if sync_always else 'default') if profile else None)
            moves["paced"] = await measure_paced(f"http://127.0.0.1:{port}", seconds, rate, paced_players)
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
        paced = r["moves"]["paced"]
        rows = [("bare NATS request/reply (floor)", r["floors"]["nats_request_reply"], None),
                ("bare JetStream publish (floor)", r["floors"]["jetstream_publish"], None),
                (f"bare JetStream publish at {paced['offered_per_s']:.0f}/s offered (floor)",
                 r["floors"]["jetstream_publish_paced"], None),
                ("move round trip, 1 client (WS→engine→JS→WS)", r["moves"]["single"], js_floor),
                (f"move under load, {r['moves']['sustained']['clients']} clients", r["moves"]["sustained"], js_floor),
                (f"move at {paced['offered_per_s']:.0f}/s offered, {paced['players']} games", paced, js_floor)]
        for name, s, floor in rows:
            ratio = f"{s['median_us'] / floor:6.1f}×" if floor else ""
            print(f"{label:26} {name:44} {s['median_us']:10.0f} {s['p99_us']:10.0f} {ratio:>8}")
        print(f"{label:26} {'sustained durable moves/s':44} {r['moves']['sustained']['moves_per_s']:10.0f}")
        taken = f"moves/s taken when {paced['offered_per_s']:.0f}/s are offered"
        print(f"{label:26} {taken:44} {paced['moves_per_s']:10.0f}")
        cpu = r["moves"]["sustained"]["cpu_us_per_move"]
        shares = ", ".join(f"{name} {us:.0f}" for name, us in cpu.items())
        print(f"{label:26} CPU µs per move under load: {shares}")


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--clients", type=int, default=40)
    parser.add_argument("--engines", type=int, default=1, help="engine replicas")
    parser.add_argument("--profile", type=Path, help="folder for py-spy's collapsed stacks of the services under load")
    parser.add_argument("--rate", type=float, default=1000.0, help="moves/s offered in the open-loop measurement")
    parser.add_argument("--paced-games", type=int, default=200, help="games sharing the offered rate")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="echo-bench-pg-") as folder:
        postgres = EmbeddedPostgres(Path(folder) / "data", delete_on_stop=True)
        pg_url = postgres.start()
        await apply_migrations(pg_url)
        try:
            results = [await run_config(sync, args.seconds, args.clients, pg_url, args.engines, args.profile,
                                        args.rate, args.paced_games) for sync in (True, False)]
        finally:
            postgres.stop()
    print_table(results)
    write_result("moves", {"machine": machine(), "results": results})


if __name__ == "__main__":
    import uvloop  # the services run on uvloop too (uvicorn picks it); a lighter load generator
    from echo_runtime.serve import tune_garbage_collector

    tune_garbage_collector()
    uvloop.run(main())
