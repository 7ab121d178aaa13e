"""Benchmark of the midnight surge: thousands of players starting the Daily within a minute.

    .venv/bin/python tests/load/bench_surge.py [--players 3000] [--window 60] [--burst] [--sample 100]

Starts its own NATS (JetStream, file storage, the shipped `sync_interval: always`) and PostgreSQL, and
the engine, the leagues service and the gateway as separate processes, as in production: on a Daily
start the gateway asks the leagues service for the player's league (`leagues.q.league`), then the
engine reads that league's Daily from the DAILY stream, creates the game on GAMES and answers. The
benchmark stands in for the daily service: it publishes today's (Moscow date) Bronze Daily on
`daily.published.bronze` of the DAILY stream (`tests.support.play.publish_daily`), and waits until the
start options asked through the gateway name it. Then it measures:
  floors: a bare NATS request/reply and a bare synchronous JetStream publish, in the same run;
  surge:  `players` guests (their tokens made beforehand, not timed) arrive spread evenly over `window`
          seconds (`--burst`: all at second 0); each opens a WebSocket, says hello and starts the Daily.
          Timed per player: connect → the start's ack with its view (handshake, hello, start), and the
          start command alone. Printed: starts per second achieved, median / p99 / max of both, the
          medians over the JetStream floor, the engine's own time per command (the mean of its
          `echo_engine_move_seconds` histogram over the surge), errors (with their codes), the gateway's
          RSS, the CPU time each process spent per start, and how late the load generator itself was;
  checks: every player got his own game (distinct game ids = players, each the id the engine derives
          from the account and the Daily), a second start from another connection for a sample of
          players returns the same game marked `duplicate` (one attempt), and the engine's tables and
          the leagues projection reach `players` games of this Daily.
Before the surge a few throwaway guests start a Free game «as the Daily» (the same path: league, Daily,
field, append), so the first surge players do not pay for cold code paths; those games are not the
Daily's and are not counted.

The WebSockets stay open until the checks are done (the players are playing), so the gateway's RSS is
that of `players` connections. Like browsers, the clients negotiate permessage-deflate. The load
generator is kept light otherwise: uvloop, orjson, no client pings.
Prints a table and writes `.bench/surge.json`. Timing never fails anything; an error or a failed check
exits 1 (after writing the figures).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import orjson
import websockets
from echo_challenge.modes import daily_game_id
from echo_events.moscow import moscow_date, next_midnight
from echo_runtime.clock import SystemClock
from echo_runtime.devstack import EmbeddedNats, EmbeddedPostgres
from echo_runtime.migrate import apply_migrations
from echo_runtime.nats_client import connect

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).parent))
from stack import (  # noqa: E402 - the benchmarks' shared start-up and floors
    cpu_seconds,
    floor_js_publish,
    floor_request_reply,
    guests,
    machine,
    pct,
    rss_kib,
    start_profilers,
    start_service,
    summary,
    write_result,
)

from tests.support.leagues import caught_up  # noqa: E402 - every leagues consumer has nothing pending
from tests.support.play import publish_daily  # noqa: E402 - the daily service's contract: this event here

REPLY_TIMEOUT = 120.0  # a start slower than this is an error, not a sample
CLIENT_RETRIES = 8  # as the web client resends a start (web/shell/connection.js RESENDS), with the same id,
RESENDABLE = ("engine_unavailable", "leagues_unavailable")  # when a back-end service did not answer in time


@dataclass
class Arrival:
    """One player of the surge: who he is, when he comes, what he got."""

    account_id: str
    token: str
    offset_s: float
    late_ms: float = 0.0  # how late the load generator sent him in (its own lag)
    connect_to_view_us: float | None = None
    start_us: float | None = None
    acked_at: float | None = None
    game_id: str | None = None
    duplicate: bool | None = None
    daily_id: str | None = None
    retries: int = 0
    error: str | None = None
    socket: Any = field(default=None, repr=False)


async def ask(socket, frame: dict[str, Any], player: Arrival | None = None) -> dict[str, Any]:  # noqa: ANN001
    """Send a command, return its ack or error; pushes and heartbeats meanwhile are skipped. Like the web
    client, a command the game server did not answer in time is sent again with the same id."""
    frame["id"] = uuid.uuid4().hex
    for attempt in range(CLIENT_RETRIES + 1):
        if attempt:
            await asyncio.sleep(min(0.5 * attempt, 5.0))
            if player is not None:
                player.retries += 1
        await socket.send(orjson.dumps(frame).decode())
        while True:
            reply = orjson.loads(await asyncio.wait_for(socket.recv(), REPLY_TIMEOUT))
            if reply.get("id") == frame["id"]:
                break
        if reply.get("code") not in RESENDABLE:
            return reply
    return reply


async def open_session(url: str, token: str):  # noqa: ANN201 - an open, greeted socket
    socket = await websockets.connect(url, ping_interval=None, open_timeout=REPLY_TIMEOUT,
                                      max_size=2**22)
    await socket.send(orjson.dumps({"type": "hello", "v": 1, "token": token}).decode())
    welcome = orjson.loads(await asyncio.wait_for(socket.recv(), REPLY_TIMEOUT))
    if welcome.get("type") != "welcome":
        await socket.close()
        raise RuntimeError(f"hello refused: {welcome.get('code')}")
    return socket


async def arrive(player: Arrival, url: str, t0: float) -> None:
    due = t0 + player.offset_s
    if (delay := due - time.perf_counter()) > 0:
        await asyncio.sleep(delay)
    player.late_ms = (time.perf_counter() - due) * 1000
    connected = time.perf_counter_ns()
    try:
        player.socket = await open_session(url, player.token)
        started = time.perf_counter_ns()
        reply = await ask(player.socket, {"type": "start", "mode": "daily"}, player)
        done = time.perf_counter_ns()
    except Exception as problem:  # noqa: BLE001 - counted and reported by kind, the surge goes on
        player.error = f"{type(problem).__name__}: {str(problem)[:80]}"
        return
    if reply.get("type") != "ack":
        player.error = str(reply.get("code", reply.get("type")))
        return
    player.acked_at = time.perf_counter()
    player.connect_to_view_us = (done - connected) / 1000
    player.start_us = (done - started) / 1000
    player.game_id, player.duplicate = reply["game_id"], reply.get("duplicate")
    player.daily_id = ((reply.get("view") or {}).get("daily") or {}).get("daily_id")


async def clear_of_midnight(needed_s: float, clock: Any = None, sleep: Any = asyncio.sleep) -> None:
    """A run that publishes today's Daily and plays it needs `needed_s` seconds of the same Moscow day: a
    Daily started before 00:00 MSK is closed at it, and one asked for after it is tomorrow's, which nobody
    published. Too close to midnight, wait until just past it."""
    now = (clock or SystemClock()).now()
    left = (next_midnight(now) - now).total_seconds()
    if left < needed_s:
        print(f"{left:.0f} s to 00:00 MSK, the run needs {needed_s:.0f} s of one day: waiting for the new day",
              file=sys.stderr, flush=True)
        await sleep(left + 2)


async def wait_for_daily(base: str, token: str, daily_id: str, limit_s: float = 30.0) -> None:
    """Until the start options, through gateway → leagues → engine, name today's Daily."""
    deadline = time.monotonic() + limit_s
    async with httpx.AsyncClient(base_url=base, headers={"Authorization": f"Bearer {token}"}) as client:
        while True:
            response = await client.get("/api/v1/play/options")
            if response.status_code == 200 and ((response.json().get("daily") or {}).get("daily_id") == daily_id):
                return
            if time.monotonic() > deadline:
                raise RuntimeError(f"the engine never offered the Daily {daily_id}: {response.text[:200]}")
            await asyncio.sleep(0.1)


async def warm_up(url: str, tokens: list[str]) -> None:
    """The start path once per token, on Free games «as the Daily»: not the Daily, not counted."""
    for token in tokens:
        socket = await open_session(url, token)
        reply = await ask(socket, {"type": "start", "mode": "free", "preset": "as-daily"})
        assert reply.get("type") == "ack", reply
        await socket.close()


async def second_starts(url: str, players: list[Arrival]) -> dict[str, int]:
    """Each sampled player starts the Daily again from a new connection: his game, marked duplicate."""
    result = Counter()

    async def again(player: Arrival) -> None:
        try:
            socket = await open_session(url, player.token)
            reply = await ask(socket, {"type": "start", "mode": "daily"})
            await socket.close()
        except Exception:  # noqa: BLE001
            result["failed"] += 1
            return
        if reply.get("type") == "ack" and reply["game_id"] == player.game_id and reply.get("duplicate") is True:
            result["same_game"] += 1
        else:
            result["different"] += 1

    for start in range(0, len(players), 20):
        await asyncio.gather(*(again(p) for p in players[start:start + 20]))
    return {"sampled": len(players), "same_game_duplicate": result["same_game"],
            "different": result["different"], "failed": result["failed"]}


async def consumer_idle(js, stream: str, durable: str, limit_s: float) -> None:  # noqa: ANN001
    deadline = time.monotonic() + limit_s
    while True:
        info = await js.consumer_info(stream, durable)
        if info.num_pending + info.num_ack_pending == 0:
            return
        if time.monotonic() > deadline:
            raise TimeoutError(f"{durable} still has {info.num_pending + info.num_ack_pending} messages")
        await asyncio.sleep(0.05)


async def engine_handling(port: int) -> tuple[float, float]:
    """The engine's own time answering commands so far (its `echo_engine_move_seconds` sum and count)."""
    async with httpx.AsyncClient() as client:
        text = (await client.get(f"http://127.0.0.1:{port}/metrics")).text
    values = dict(line.split()[:2] for line in text.splitlines()
                  if line.startswith(("echo_engine_move_seconds_sum ", "echo_engine_move_seconds_count ")))
    return float(values["echo_engine_move_seconds_sum"]), float(values["echo_engine_move_seconds_count"])


async def sample_rss(pid: int, peak: list[int], stop: asyncio.Event) -> None:
    while not stop.is_set():
        peak[0] = max(peak[0], rss_kib(pid))
        await asyncio.sleep(0.25)


async def surge(players: list[Arrival], url: str, pids: dict[str, int]) -> dict[str, Any]:
    cpu_before = {name: cpu_seconds(pid) for name, pid in pids.items()}
    own_before = time.process_time()
    rss_before = rss_kib(pids["gateway"])
    peak, stop = [rss_before], asyncio.Event()
    sampler = asyncio.create_task(sample_rss(pids["gateway"], peak, stop))
    t0 = time.perf_counter() + 0.2
    await asyncio.gather(*(arrive(p, url, t0) for p in players))
    elapsed = max((p.acked_at for p in players if p.acked_at), default=time.perf_counter()) - t0
    stop.set()
    await sampler
    cpu = {name: cpu_seconds(pid) - cpu_before[name] for name, pid in pids.items()}
    cpu["load generator"] = time.process_time() - own_before
    ok = [p for p in players if p.error is None]
    per_second = Counter(int(p.acked_at - t0) for p in ok)
    return {
        "connect_to_view": summary([p.connect_to_view_us for p in ok]),
        "start": summary([p.start_us for p in ok]),
        "started": len(ok), "seconds": elapsed, "starts_per_s": len(ok) / elapsed if elapsed > 0 else 0.0,
        "acks_per_second": [per_second.get(s, 0) for s in range(int(elapsed) + 1)],
        "errors": len(players) - len(ok),
        "error_codes": dict(Counter(p.error for p in players if p.error is not None)),
        "client_retries": {"players": sum(p.retries > 0 for p in players), "sends": sum(p.retries for p in players)},
        "generator_late_ms": {"median": statistics.median(p.late_ms for p in players),
                              "p99": pct([p.late_ms for p in players], 0.99)},
        "gateway_rss_kib": {"before": rss_before, "peak": peak[0], "after": rss_kib(pids["gateway"])},
        "cpu_seconds": cpu,
    }


async def projections(js, pg_url: str, daily_id: str) -> dict[str, Any]:  # noqa: ANN001
    """How long the projections took to catch up once the surge was over (its last ack), and the games of
    this Daily each table holds."""
    t0 = time.perf_counter()
    await consumer_idle(js, "GAMES", "engine-games", 600)
    await caught_up(js, None, limit_s=600)
    lag = time.perf_counter() - t0
    conn = await asyncpg.connect(pg_url)
    try:
        counts = {
            "engine_daily_games": await conn.fetchval(
                "SELECT count(*) FROM engine_daily_games WHERE daily_id = $1", daily_id),
            "engine_games": await conn.fetchval(
                "SELECT count(*) FROM engine_games WHERE daily_id = $1 AND mode = 'daily'", daily_id),
            "leagues_games": await conn.fetchval("SELECT count(*) FROM leagues_games WHERE daily_id = $1", daily_id),
        }
    finally:
        await conn.close()
    return {"caught_up_after_s": lag, **counts}


async def run(args: argparse.Namespace, nats: EmbeddedNats, pg_url: str) -> dict[str, Any]:
    nats_url = nats.url
    env = {**os.environ, "NATS_URL": nats_url, "DATABASE_URL": pg_url, "ECHO_GATEWAY_DEV_MODE": "true",
           "LOG_FORMAT": "json"}
    processes, ports = {}, {}
    try:
        for name in ("engine", "leagues", "gateway"):
            processes[name], ports[name] = start_service(name, env)
        base = f"http://127.0.0.1:{ports['gateway']}"
        url = base.replace("http", "ws") + "/ws"
        floors = {"nats_request_reply": await floor_request_reply(nats_url, 2000),
                  "jetstream_publish": await floor_js_publish(nats_url, 2000)}

        nc = await connect(nats_url, "bench")
        js = nc.jetstream()
        await clear_of_midnight(args.window + 300)  # the surge, its checks and the projections catching up
        daily = await publish_daily(js, moscow_date(SystemClock().now()), league="bronze", seed=20261130)
        accounts = await guests(base, args.players + 5)
        spare, accounts = [t for _, t in accounts[:5]], accounts[5:]
        await wait_for_daily(base, spare[0], daily.daily_id)
        await warm_up(url, spare)
        await caught_up(js, None, limit_s=600)  # the leagues service has every new account: a quiet start
        await consumer_idle(js, "GAMES", "engine-games", 600)

        spacing = 0.0 if args.burst else args.window / args.players
        players = [Arrival(a, t, i * spacing) for i, (a, t) in enumerate(accounts)]
        pids = {name: p.pid for name, p in processes.items()}
        pids["nats-server"] = nats.pid
        print(f"surge: {args.players} players over {'0 s (burst)' if args.burst else f'{args.window:g} s'} ...",
              file=sys.stderr)
        engine_before = await engine_handling(ports["engine"])
        profilers = start_profilers(pids, args.window if not args.burst else 15, args.profile)
        result = await surge(players, url, pids)
        for profiler in profilers:
            profiler.wait(60)
        engine_after = await engine_handling(ports["engine"])
        handled = engine_after[1] - engine_before[1]
        result["engine_handling_mean_us"] = (engine_after[0] - engine_before[0]) / handled * 1e6 if handled else 0.0

        ok = [p for p in players if p.error is None]
        expected = {p.account_id: daily_game_id(p.account_id, daily.daily_id) for p in players}
        sample = random.Random(1).sample(ok, min(args.sample, len(ok)))
        checks: dict[str, Any] = {
            "distinct_game_ids": len({p.game_id for p in ok}),
            "game_id_as_derived": sum(p.game_id == expected[p.account_id] for p in ok),
            # a new game, not one found: unless the start was resent (then its first sending opened it)
            "first_start_not_duplicate": sum(p.duplicate is False or p.retries > 0 for p in ok),
            "view_names_the_daily": sum(p.daily_id == daily.daily_id for p in ok),
            "projections": await projections(js, pg_url, daily.daily_id),  # right after the last start
            "second_start": await second_starts(url, sample),
        }
        for batch in range(0, len(players), 500):
            await asyncio.gather(*(p.socket.close() for p in players[batch:batch + 500] if p.socket is not None),
                                 return_exceptions=True)
        await nc.drain()
        n = args.players
        checks["ok"] = (result["errors"] == 0 and checks["distinct_game_ids"] == n
                        and checks["game_id_as_derived"] == n and checks["first_start_not_duplicate"] == n
                        and checks["view_names_the_daily"] == n
                        and checks["second_start"]["same_game_duplicate"] == len(sample)
                        and all(checks["projections"][k] == n
                                for k in ("engine_daily_games", "engine_games", "leagues_games")))
        return {"players": n, "window_s": 0.0 if args.burst else args.window, "burst": args.burst,
                "daily_id": daily.daily_id, "floors": floors, "surge": result, "checks": checks}
    finally:
        for process in processes.values():
            process.terminate()
            process.wait(10)


def print_table(r: dict[str, Any]) -> None:
    s, c = r["surge"], r["checks"]
    js_floor = r["floors"]["jetstream_publish"]["median_us"]
    print(f"{'figure':52} {'median µs':>10} {'p99 µs':>10} {'max µs':>10} {'ratio':>8}")
    rows = [("bare NATS request/reply (floor)", r["floors"]["nats_request_reply"], None),
            ("bare JetStream publish (floor)", r["floors"]["jetstream_publish"], None),
            ("connect → start's view (handshake, hello, start)", s["connect_to_view"], js_floor),
            ("Daily start alone (start → ack with view)", s["start"], js_floor)]
    for name, x, floor in rows:
        ratio = f"{x['median_us'] / floor:7.1f}×" if floor else ""
        top = f"{x['max_us']:10.0f}" if "max_us" in x else f"{'':10}"
        print(f"{name:52} {x['median_us']:10.0f} {x['p99_us']:10.0f} {top} {ratio:>8}")
    print(f"{'  of which the engine handling it (mean, its histogram)':52} {s['engine_handling_mean_us']:10.0f}")
    offered = "all at once" if r["burst"] else f"{r['players'] / r['window_s']:.0f}/s offered"
    print(f"{'Daily starts per second achieved':52} {s['starts_per_s']:10.1f}   ({r['players']} players, "
          f"{offered}; last ack after {s['seconds']:.1f} s)")
    codes = ", ".join(f"{k} ×{v}" for k, v in s["error_codes"].items())
    print(f"{'errors (after the client retries)':52} {s['errors']:10d}   {codes}")
    retried = s["client_retries"]
    print(f"{'players whose start was resent (a service was slow)':52} {retried['players']:10d}   "
          f"({retried['sends']} resends; the web client resends a start up to {CLIENT_RETRIES} times)")
    rss = s["gateway_rss_kib"]
    print(f"{'gateway RSS before / peak / after, MiB':52} {rss['before'] / 1024:6.0f} / {rss['peak'] / 1024:.0f} / "
          f"{rss['after'] / 1024:.0f}")
    attempted = s["started"] + s["errors"]  # a start that timed out at the gateway was still made by the engine
    per_start = {k: v * 1000 / max(1, attempted) for k, v in s["cpu_seconds"].items()}
    print(f"{'CPU ms per start (over the surge), per process':52} "
          + ", ".join(f"{k} {v:.1f}" for k, v in per_start.items()))
    print(f"{'load generator lateness, median / p99 ms':52} {s['generator_late_ms']['median']:10.1f} / "
          f"{s['generator_late_ms']['p99']:.1f}")
    n, second, proj = r["players"], c["second_start"], c["projections"]
    print(f"{'distinct game ids / players':52} {c['distinct_game_ids']:10d} / {n}")
    print(f"{'game ids as derived from account and Daily':52} {c['game_id_as_derived']:10d} / {n}")
    print(f"{'second start (new connection): same game, duplicate':52} {second['same_game_duplicate']:10d} / "
          f"{second['sampled']}")
    print(f"{'engine_daily_games / engine_games / leagues_games':52} {proj['engine_daily_games']:10d} / "
          f"{proj['engine_games']} / {proj['leagues_games']}   (projections caught up "
          f"{proj['caught_up_after_s']:.1f} s after the last start)")
    print(f"{'checks':52} {'ok' if c['ok'] else 'FAILED':>10}")


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3000)
    parser.add_argument("--window", type=float, default=60.0, help="seconds over which the players arrive")
    parser.add_argument("--burst", action="store_true", help="every player arrives at second 0")
    parser.add_argument("--sample", type=int, default=100, help="players who start the Daily a second time")
    parser.add_argument("--profile", type=Path, help="folder for py-spy's collapsed stacks of the services")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="echo-bench-") as folder:
        nats = EmbeddedNats(Path(folder) / "nats", sync_always=True)
        postgres = EmbeddedPostgres(Path(folder) / "pg", delete_on_stop=True)
        nats.start()
        pg_url = postgres.start()
        try:
            await apply_migrations(pg_url)
            result = await run(args, nats, pg_url)
        finally:
            nats.stop()
            postgres.stop()
    print_table(result)
    write_result("surge", {**result, "machine": machine()})
    return 0 if result["checks"]["ok"] else 1


if __name__ == "__main__":
    import uvloop  # as the services run (uvicorn picks it)
    from echo_runtime.serve import tune_garbage_collector

    tune_garbage_collector()
    raise SystemExit(uvloop.run(main()))
