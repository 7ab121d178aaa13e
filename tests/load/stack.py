"""What every benchmark starts: its own NATS and PostgreSQL, and services as separate processes; and the
floors (a bare NATS request/reply, a bare JetStream publish) the over-the-wire figures are compared with."""

from __future__ import annotations

import asyncio
import contextlib
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import websockets
from echo_runtime.devrun import ready
from echo_runtime.devstack import EmbeddedNats, EmbeddedPostgres, free_port
from echo_runtime.migrate import apply_migrations
from echo_runtime.nats_client import connect

ROOT = Path(__file__).resolve().parents[2]


#: the load comes from one address: the gateway's flood limits (thousands of guests a minute) are off
#: a benchmark is a few accounts playing far more than a person, all from this machine's one address: the flood
#: limits and the quotas (docs/runbook.md «Quotas») are off or out of reach
UNBOUNDED = "1000000"
BENCH_ENV = {"ECHO_GATEWAY_FLOOD_LIMITS": "false", "ECHO_GATEWAY_WS_PER_ADDRESS": UNBOUNDED,
             "ECHO_GATEWAY_WS_PER_SESSION": UNBOUNDED, "ECHO_ENGINE_LOBBIES_PER_KIND": UNBOUNDED,
             "ECHO_ENGINE_TABLES_PER_DAY": UNBOUNDED, "ECHO_ENGINE_TUTORIALS_PER_DAY": UNBOUNDED}


def start_service(name: str, env: dict[str, str]) -> tuple[subprocess.Popen[bytes], int]:
    process, ports = start_services((name,), env)
    return process, ports[name]


def start_services(names: tuple[str, ...], env: dict[str, str]) -> tuple[subprocess.Popen[bytes], dict[str, int]]:
    """One service in a process of its own, or several in one process (`echo_runtime.together`): each on a
    port of its own, once every one is ready."""
    ports = {name: free_port() for name in names}
    logs = os.environ.get("ECHO_BENCH_LOGS")  # a folder: each service's warnings kept, to read after a failure
    output = open(Path(logs) / f"{'+'.join(names)}-{min(ports.values())}.log", "ab") if logs \
        else subprocess.DEVNULL  # noqa: SIM115
    module = [f"echo_{names[0]}"] if len(names) == 1 else ["echo_runtime.together", *names]
    process = subprocess.Popen([sys.executable, "-m", *module],
                               env={**BENCH_ENV, **env, "LOG_LEVEL": "warning",
                                    **{f"ECHO_{name.upper()}_HTTP_PORT": str(port) for name, port in ports.items()}},
                               stdout=output, stderr=output)
    if output is not subprocess.DEVNULL:
        output.close()  # the service writes to its own copy
    for name, port in ports.items():
        for _ in range(300):
            if ready(port):
                break
            time.sleep(0.1)
        else:
            raise RuntimeError(f"{name} never became ready")
    return process, ports


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no RSS for {pid}")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used so far (Linux `/proc/<pid>/stat`)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_busy_seconds() -> float:
    """CPU time all cores of the machine spent busy so far (every process, the kernel too)."""
    user, nice, system, _idle, _iowait, irq, softirq, steal = map(int, Path("/proc/stat").read_text().split()[1:9])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def machine() -> dict[str, object]:
    return {"platform": platform.platform(), "cpus": os.cpu_count(), "python": platform.python_version(),
            "load_average": os.getloadavg()}


def results_path(name: str) -> Path:
    """`.bench/<name>.json` (or under `$ECHO_BENCH_DIR`: the benchmarks' smoke test), its folder made."""
    out = Path(os.environ.get("ECHO_BENCH_DIR") or ROOT / ".bench") / f"{name}.json"
    out.parent.mkdir(exist_ok=True)
    return out


def write_result(name: str, result: dict[str, object]) -> None:
    """The figures as JSON at `results_path(name)`, for comparing runs."""
    import json

    out = results_path(name)
    out.write_text(json.dumps(result, indent=2))
    print(f"written {out}")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(samples_us: list[float]) -> dict[str, float]:
    if not samples_us:
        return {"n": 0, "median_us": 0.0, "p99_us": 0.0, "max_us": 0.0}
    return {"n": len(samples_us), "median_us": statistics.median(samples_us), "p99_us": pct(samples_us, 0.99),
            "max_us": max(samples_us)}


async def guests(base: str, n: int) -> list[tuple[str, str]]:
    """(account id, token) of n new guests of the gateway at `base`, 50 requests at a time."""
    out: list[tuple[str, str]] = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        async def one() -> tuple[str, str]:
            body = (await client.post("/api/v1/guest")).raise_for_status().json()
            return body["account_id"], body["token"]

        for start in range(0, n, 50):
            out += await asyncio.gather(*(one() for _ in range(min(50, n - start))))
    return out


async def floor_request_reply(nats_url: str, n: int) -> dict[str, float]:
    responder = await asyncio.create_subprocess_exec(sys.executable, "-c", RESPONDER, nats_url)
    nc = await connect(nats_url, "bench")
    try:
        for _ in range(100):
            try:
                await nc.request("bench.echo", b"x", timeout=0.2)
                break
            except Exception:  # noqa: BLE001 - the responder is still starting
                await asyncio.sleep(0.05)
        samples = []
        for _ in range(n):
            t0 = time.perf_counter_ns()
            await nc.request("bench.echo", b"x" * 200, timeout=2)
            samples.append((time.perf_counter_ns() - t0) / 1000)
        return summary(samples)
    finally:
        await nc.drain()
        responder.terminate()
        await responder.wait()


RESPONDER = """
import asyncio, sys, nats
async def main():
    nc = await nats.connect(sys.argv[1])
    async def answer(msg): await msg.respond(msg.data)
    await nc.subscribe("bench.echo", cb=answer)
    await asyncio.Event().wait()
asyncio.run(main())
"""


@contextlib.asynccontextmanager
async def scratch_stream(nats_url: str) -> AsyncIterator[tuple[Any, str]]:
    """A JetStream context and a file-storage stream of its own (subjects `<name>.>`), deleted after."""
    from nats.js.api import StorageType, StreamConfig

    nc = await connect(nats_url, "bench")
    js = nc.jetstream()
    name = f"BENCH{uuid.uuid4().hex[:6]}"
    await js.add_stream(StreamConfig(name=name, subjects=[f"{name}.>"], storage=StorageType.FILE))
    try:
        yield js, name
    finally:
        await js.delete_stream(name)
        await nc.drain()


async def floor_js_publish(nats_url: str, n: int) -> dict[str, float]:
    return summary(await js_publish_samples(nats_url, n))


async def js_publish_samples(nats_url: str, n: int) -> list[float]:
    """µs each of n bare JetStream publishes, one at a time (file storage, a message id each)."""
    samples = []
    async with scratch_stream(nats_url) as (js, name):
        for i in range(n):
            t0 = time.perf_counter_ns()
            await js.publish(f"{name}.g{i % 50}", b"y" * 1500, headers={"Nats-Msg-Id": uuid.uuid4().hex})
            samples.append((time.perf_counter_ns() - t0) / 1000)
    return samples


async def floor_js_publish_paced(nats_url: str, rate: float, publishers: int, seconds: float,
                                 samples_out: list[float] | None = None) -> dict[str, float]:
    """Bare JetStream publishes offered at `rate` a second by `publishers` writers, each on its own
    subject with an expected sequence (as the engine appends): the floor for a move at that load. Each
    publish is timed from when it was due (open loop); `samples_out` also gets the samples."""
    samples: list[float] = [] if samples_out is None else samples_out
    interval = publishers / rate
    start = time.perf_counter() + 0.5
    until = start + seconds

    async def writer(js, name: str, n: int) -> None:  # noqa: ANN001
        due, last = start + interval * n / publishers, 0
        while due < until:
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            ack = await js.publish(f"{name}.g{n}", b"y" * 1500, headers={
                "Nats-Msg-Id": uuid.uuid4().hex, "Nats-Expected-Last-Subject-Sequence": str(last)})
            last = ack.seq
            samples.append((time.perf_counter() - due) * 1e6)
            due += interval

    async with scratch_stream(nats_url) as (js, name):
        await asyncio.gather(*(writer(js, name, n) for n in range(publishers)))
    return summary(samples)


@contextlib.asynccontextmanager
async def bare_pipeline(nats_url: str, answer: bytes) -> AsyncIterator[Callable[[int], Awaitable[list[float]]]]:
    """The architecture with no game in it: a WebSocket frame into a Litestar relay under uvicorn (as the
    gateway runs, permessage-deflate on), a NATS request from it to a nats-py responder that appends the
    request to a JetStream file stream and answers with `answer` (a move's answer), and back to the
    WebSocket — what any move costs before the gateway and the engine do anything of their own. Yields
    `sample(n)`: µs each of n round trips through it, one at a time."""
    port = free_port()
    responder = await asyncio.create_subprocess_exec(sys.executable, "-c", APPENDING_RESPONDER, nats_url,
                                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    relay = await asyncio.create_subprocess_exec(sys.executable, "-c", RELAY, nats_url, str(port))
    try:
        assert responder.stdin is not None and responder.stdout is not None
        responder.stdin.write(answer)
        responder.stdin.close()
        await responder.stdout.readline()  # its stream exists and it listens
        socket = await _connect_when_listening(f"ws://127.0.0.1:{port}/ws")
        frame = '{"type":"probe","game_id":"f0123456789abcdef0123","sector":"E5","id":"%s"}'

        async def sample(n: int) -> list[float]:
            samples = []
            for _ in range(n):
                t0 = time.perf_counter_ns()
                await socket.send(frame % uuid.uuid4().hex)
                await socket.recv()
                samples.append((time.perf_counter_ns() - t0) / 1000)
            return samples

        try:
            await sample(50)  # warm-up
            yield sample
        finally:
            await socket.close()
    finally:
        for process in (relay, responder):
            process.terminate()
            await process.wait()


async def _connect_when_listening(url: str):  # noqa: ANN202 - a websockets client connection
    for _ in range(100):
        with contextlib.suppress(OSError):
            return await websockets.connect(url)
        await asyncio.sleep(0.1)
    raise RuntimeError(f"nothing listened at {url}")


APPENDING_RESPONDER = """
import asyncio, sys, uuid, nats, uvloop
from nats.js.api import StorageType, StreamConfig
async def main():
    answer = sys.stdin.buffer.read()
    nc = await nats.connect(sys.argv[1])
    js = nc.jetstream()
    name = "PIPE" + uuid.uuid4().hex[:6]
    await js.add_stream(StreamConfig(name=name, subjects=[name + ".>"], storage=StorageType.FILE))
    async def answer_it(msg):
        await js.publish(name + ".game", msg.data, headers={"Nats-Msg-Id": uuid.uuid4().hex})
        await msg.respond(answer)
    await nc.subscribe("bench.pipeline", cb=answer_it)
    print("ready", flush=True)
    await asyncio.Event().wait()
uvloop.run(main())
"""

RELAY = """
import sys, nats, uvicorn
from litestar import Litestar, WebSocket, websocket
connection = {}
@websocket("/ws")
async def relay(socket: WebSocket) -> None:
    await socket.accept()
    while (message := await socket.receive())["type"] != "websocket.disconnect":
        reply = await connection["nc"].request("bench.pipeline", message["text"].encode(), timeout=5)
        await socket.send_text(reply.data.decode())
async def connect() -> None:
    connection["nc"] = await nats.connect(sys.argv[1])
uvicorn.run(Litestar([relay], on_startup=[connect]), host="127.0.0.1", port=int(sys.argv[2]), log_level="warning",
            ws_max_size=64 * 1024)
"""


def gc_pauses(port: int) -> dict[str, dict[str, float]]:
    """A service's garbage-collector pauses so far (`echo_gc_pause_seconds`), per generation: how many,
    their mean and how many lasted over 10 ms."""
    text = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=5).text
    out: dict[str, dict[str, float]] = {}
    for generation in "012":
        def value(name: str, extra: str = "", g: str = generation) -> float:
            match = re.search(rf'^echo_gc_pause_seconds_{name}{{generation="{g}"{extra}}} (\S+)$', text, re.M)
            return float(match.group(1)) if match else 0.0

        n = value("count")
        if n:
            out[generation] = {"count": n, "mean_ms": 1000 * value("sum") / n,
                               "over_10ms": n - value("bucket", ',le="0.01"')}
    return out


def start_profilers(pids: dict[str, int], seconds: float, folder: Path | None) -> list[subprocess.Popen[bytes]]:
    """py-spy sampling each Python service for `seconds`: collapsed stacks per process in `folder`."""
    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if folder is None or not Path(spy).exists():
        return []
    folder.mkdir(parents=True, exist_ok=True)
    return [subprocess.Popen([spy, "record", "-p", str(pid), "-d", str(int(seconds)), "-r", "250", "-f", "raw",
                              "--nonblocking", "-o", str(folder / f"{name.replace(' ', '-')}.txt")],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for name, pid in pids.items() if name not in ("nats-server", "load generator")]


@dataclass(frozen=True)
class GameStack:
    """A whole system for a game benchmark: its NATS (fsync always), the engine and the gateway."""

    nats_url: str
    nats_pid: int | None
    engine: subprocess.Popen[bytes]
    engine_port: int
    gateway: subprocess.Popen[bytes]
    port: int

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"


@contextlib.asynccontextmanager
async def game_stack() -> AsyncIterator[GameStack]:
    """An embedded PostgreSQL (migrated) and NATS, an engine and a gateway in processes of their own (dev
    mode, no WebSocket rate limits); everything stopped and removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="echo-bench-pg-") as pg_folder, \
            tempfile.TemporaryDirectory(prefix="echo-bench-nats-") as nats_folder:
        postgres = EmbeddedPostgres(Path(pg_folder) / "data", delete_on_stop=True)
        pg_url = postgres.start()
        await apply_migrations(pg_url)
        nats = EmbeddedNats(Path(nats_folder), sync_always=True)
        nats_url = nats.start()
        env = {**os.environ, "NATS_URL": nats_url, "DATABASE_URL": pg_url, "ECHO_GATEWAY_DEV_MODE": "true",
               "ECHO_GATEWAY_WS_RATE": "100000", "ECHO_GATEWAY_WS_BURST": "100000", "LOG_FORMAT": "json"}
        processes = []
        try:
            engine, engine_port = start_service("engine", env)
            processes.append(engine)
            gateway, port = start_service("gateway", env)
            processes.append(gateway)
            yield GameStack(nats_url, nats.pid, engine, engine_port, gateway, port)
        finally:
            for process in processes:
                process.terminate()
                process.wait(10)
            nats.stop()
            postgres.stop()
