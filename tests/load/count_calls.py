"""Python calls the engine makes per Echo move and per new tic-tac-toe table — exact counts, which a busy box
does not change (the time figures of the other benchmarks move 2–3× between sittings; a call count repeats).

    .venv/bin/python tests/load/count_calls.py [--moves 300] [--opens 40] [--cpu-rounds 3] [--top 25] [--stats FOLDER]

Starts its own NATS (file storage, fsync always) and PostgreSQL, a gateway and an engine, each in a process of
its own as in production; the engine runs under this script (`serve-engine`), which switches cProfile on in
it for the measured window only (SIGUSR1 on, SIGUSR2 off and the statistics written). Measures:
  an Echo move:  one client's long Free games, one move at a time, after a warm-up; every call the engine
                 makes meanwhile (the command, its append, the updates, the projections that follow it)
                 divided by the moves acknowledged;
  a new table:   one pair of players opening tic-tac-toe tables as the capacity benchmark's shared game does
                 (`start` by the one, `join` by the other: tests/load/bench_peers.py), per table opened.
Beside the calls: the PostgreSQL round trips (every statement, a transaction's BEGIN and COMMIT, the pool's
reset of a connection) and the NATS publishes per move and per table, and the functions called most. The engine is
idle before each window opens (the guests made for it are projected by then), and each window stays open
briefly after its last answer, so the work a move leaves behind it (updates, projections) is counted.
First, with the profiler off, `--cpu-rounds` rounds of `--moves` moves: the CPU the engine and nats-server
spent per move, and their ratio (a time figure: compare it only alternated with the code it is compared with).
`--stats` keeps each window's pstats file (`python -m pstats FILE`).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import pstats
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets

sys.path.insert(0, str(Path(__file__).parent))
from stack import BENCH_ENV, cpu_seconds, guests, start_service, write_result  # noqa: E402 - the benchmarks' shared start-up

#: what a window counts besides every call: (label, file's path ends with, function names). cProfile counts a
#: coroutine once more each time it resumes, so the round trips are counted by plain functions called once each:
#: a statement of a pooled connection opens its span (`TracedConnection._span`: BEGIN, COMMIT and the pool's
#: reset of a connection it takes back included); a NATS message is published (its `publish` seldom waits).
ROUND_TRIPS = (
    ("PostgreSQL round trips", "echo_runtime/db.py", ("_span",)),
    ("NATS publishes", "nats/aio/client.py", ("publish",)),
)
SETTLE_S = 1.5  # idle time before a window and after its last answer


def serve_engine(stats: Path) -> None:
    """The engine as `python -m echo_engine` runs it, with cProfile switched on by SIGUSR1 and off by SIGUSR2
    (its statistics written to `stats`, then `stats`.done created)."""
    profile = cProfile.Profile()

    def on(*_: Any) -> None:
        profile.enable()
        stats.with_suffix(".on").touch()

    def off(*_: Any) -> None:
        profile.disable()
        profile.dump_stats(stats)
        profile.clear()
        stats.with_suffix(".done").touch()

    signal.signal(signal.SIGUSR1, on)
    signal.signal(signal.SIGUSR2, off)
    from echo_engine.__main__ import main

    main()


def wait_for(path: Path) -> None:
    """Until the engine says it switched its profiler (the file it touches), then the file removed."""
    while not path.exists():
        time.sleep(0.02)
    path.unlink()


class Window:
    """One profiled stretch of the engine's life: `async with` it around the work measured."""

    def __init__(self, engine: subprocess.Popen[bytes], stats: Path) -> None:
        self.engine, self.stats = engine, stats

    async def __aenter__(self) -> Window:
        await asyncio.sleep(SETTLE_S)
        self.engine.send_signal(signal.SIGUSR1)
        await asyncio.to_thread(wait_for, self.stats.with_suffix(".on"))
        return self

    async def __aexit__(self, *_: Any) -> None:
        await asyncio.sleep(SETTLE_S)
        self.engine.send_signal(signal.SIGUSR2)
        await asyncio.to_thread(wait_for, self.stats.with_suffix(".done"))


def counted(stats_file: Path, per: int, top: int) -> dict[str, Any]:
    stats = pstats.Stats(str(stats_file))
    raw: dict[tuple[str, int, str], tuple[int, int, float, float, Any]] = stats.stats  # type: ignore[attr-defined]
    trips = {label: sum(entry[1] for (path, _, name), entry in raw.items()
                        if path.endswith(suffix) and name in names) / per
             for label, suffix, names in ROUND_TRIPS}
    most = sorted(raw.items(), key=lambda item: -item[1][1])[:top]
    return {"calls": stats.total_calls / per,  # type: ignore[attr-defined]
            **trips,
            "most_called": [(f"{Path(path).name}:{line}({name})", round(entry[1] / per, 2))
                            for (path, line, name), entry in most]}


class Socket:
    """A player's WebSocket to the gateway, speaking as the web client does."""

    def __init__(self, connection: Any) -> None:
        self.connection = connection

    async def ask(self, frame: dict[str, Any]) -> dict[str, Any]:
        frame["id"] = uuid.uuid4().hex
        await self.connection.send(orjson.dumps(frame).decode())
        while True:
            reply = orjson.loads(await self.connection.recv())
            if reply.get("id") == frame["id"]:
                return reply


async def socket(base: str, token: str) -> Socket:
    connection = await websockets.connect(base.replace("http", "ws") + "/ws", max_size=2**22)
    await connection.send(json.dumps({"type": "hello", "v": 2, "token": token, "log_delta": True}))
    await connection.recv()
    return Socket(connection)


async def open_tables(host: Socket, guest: Socket, n: int) -> None:
    """n tic-tac-toe tables opened by `host` and joined by `guest`, one after another, as bench_peers' pairs."""
    for _ in range(n):
        opened = await host.ask({"type": "start", "kind": "tictactoe", "seats": 2, "settings": {}})
        assert opened["type"] == "ack", opened
        joined = await guest.ask({"type": "join", "kind": "tictactoe", "invite": opened["view"]["table"]["invite"]})
        assert joined["type"] == "ack", joined


async def cpu_per_move(mover: Any, moves: int, pids: dict[str, int]) -> dict[str, float]:
    """CPU µs per move of each process (the profiler off), and the engine's ÷ nats-server's: NATS does the same
    work for a move whatever the engine does, so the ratio cancels much of a busy box's slowness."""
    await asyncio.sleep(SETTLE_S)
    before = {name: cpu_seconds(pid) for name, pid in pids.items()}
    mover.samples.clear()
    await mover.run(until=None, moves=moves)
    await asyncio.sleep(0.2)  # the updates and projections a move leaves behind
    used = {f"{name} µs": (cpu_seconds(pid) - before[name]) / len(mover.samples) * 1e6 for name, pid in pids.items()}
    return {**used, "engine ÷ nats-server": used["engine µs"] / used["nats-server µs"]}


async def measure(base: str, engine: subprocess.Popen[bytes], stats: Path, args: argparse.Namespace,
                  nats_pid: int) -> dict[str, Any]:
    from bench_moves import players  # the Free games' player of the moves benchmark

    (mover,) = await players(base, 1, "free", args.moves * (1 + args.cpu_rounds) + 60)
    await mover.run(until=None, moves=30)  # warm-up: the game cached, the connections made
    cpu = [await cpu_per_move(mover, args.moves, {"engine": engine.pid, "nats-server": nats_pid})
           for _ in range(args.cpu_rounds)]
    async with Window(engine, stats):
        mover.samples.clear()
        await mover.run(until=None, moves=args.moves)
    moves = len(mover.samples)
    move = counted(stats, moves, args.top)
    keep(stats, args.stats, "move")

    if not args.opens:
        return {"moves": moves, "per_move": move, "cpu": cpu}
    (_, host_token), (_, guest_token) = await guests(base, 2)
    host, guest = await socket(base, host_token), await socket(base, guest_token)
    await open_tables(host, guest, 5)  # warm-up
    async with Window(engine, stats):
        await open_tables(host, guest, args.opens)
    table = counted(stats, args.opens, args.top)
    keep(stats, args.stats, "open")
    return {"moves": moves, "per_move": move, "tables": args.opens, "per_table": table, "cpu": cpu}


def keep(stats: Path, folder: Path | None, name: str) -> None:
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
        stats.replace(folder / f"{name}.pstats")


def start_engine(env: dict[str, str], stats: Path) -> subprocess.Popen[bytes]:
    from echo_runtime.devstack import free_port

    port = free_port()
    engine = subprocess.Popen([sys.executable, __file__, "serve-engine", str(stats)],
                              env={**BENCH_ENV, **env, "ECHO_ENGINE_HTTP_PORT": str(port), "LOG_LEVEL": "warning"},
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=1).status_code == 200:
                return engine
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    engine.terminate()
    raise RuntimeError("the engine never became ready")


async def main(args: argparse.Namespace) -> dict[str, Any]:
    from echo_runtime.devstack import EmbeddedNats, EmbeddedPostgres
    from echo_runtime.migrate import apply_migrations
    with tempfile.TemporaryDirectory(prefix="echo-count-") as folder:
        postgres = EmbeddedPostgres(Path(folder) / "pg", delete_on_stop=True)
        pg_url = postgres.start()
        nats = EmbeddedNats(Path(folder) / "nats", sync_always=True)
        processes: list[subprocess.Popen[bytes]] = []
        try:
            await apply_migrations(pg_url)
            nats_url = nats.start()
            env = {**os.environ, "NATS_URL": nats_url, "DATABASE_URL": pg_url, "ECHO_GATEWAY_DEV_MODE": "true",
                   "ECHO_GATEWAY_WS_RATE": "100000", "ECHO_GATEWAY_WS_BURST": "100000", "LOG_FORMAT": "json"}
            stats = Path(folder) / "engine.pstats"
            processes.append(start_engine(env, stats))
            gateway, port = start_service("gateway", env)
            processes.append(gateway)
            return await measure(f"http://127.0.0.1:{port}", processes[0], stats, args, nats.pid)
        finally:
            for process in processes:
                process.terminate()
                process.wait(30)
            nats.stop()
            postgres.stop()


def report(result: dict[str, Any]) -> None:
    for n, cpu in enumerate(result["cpu"], 1):
        print(f"CPU per Echo move, round {n}: " + "; ".join(f"{name} {value:.2f}" for name, value in cpu.items()))
    for what, n, key in (("Echo move", result["moves"], "per_move"), ("tic-tac-toe table (start + join)",
                                                                       result.get("tables"), "per_table")):
        if key not in result:
            continue
        figures = result[key]
        print(f"per {what} (of {n}): {figures['calls']:.0f} calls; " + "; ".join(
            f"{label} {figures[label]:.2f}" for label, _, _ in ROUND_TRIPS))
        for name, calls in figures["most_called"]:
            print(f"    {calls:8.2f}  {name}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["serve-engine"]:
        serve_engine(Path(sys.argv[2]))
        sys.exit(0)
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--opens", type=int, default=40, help="0: no tables")
    parser.add_argument("--cpu-rounds", type=int, default=3, help="unprofiled rounds of --moves moves: CPU per move")
    parser.add_argument("--top", type=int, default=25, help="the functions called most, per move and per table")
    parser.add_argument("--stats", type=Path, help="a folder to keep each window's pstats file in")
    arguments = parser.parse_args()
    outcome = asyncio.run(main(arguments))
    report(outcome)
    write_result("calls", outcome)
