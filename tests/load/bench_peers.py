"""Capacity side by side: this platform, boardgame.io 0.50 and Colyseus 0.18 playing the same tic-tac-toe
(examples/tictactoe; tests/load/peers/) under one Node load driver (tests/load/peers/driver.mjs).

    .venv/bin/python tests/load/bench_peers.py [--rounds 3] [--moves 200] [--seconds 10]
                                               [--stages 10,20,50,100,200,400,800,1600,3200] [--saturate-players 40]

Installs the peers' pinned npm packages (tests/load/peers/package-lock.json) into a cache folder
(`$ECHO_BENCH_PEERS_CACHE`, else ~/.cache/echo-bench-peers/<lock hash>), once; without `node`/`npm` it says so
and writes a result marked skipped. The systems: this platform as it is deployed by default (`echo`: the engine
and the gateway each a process of its own), the same with the engine in the gateway's process (`echo-together`:
`python -m echo_runtime.together engine gateway`, a player's commands asked without the NATS server),
boardgame.io and Colyseus. Then, in rounds that alternate the systems (each server started afresh):
  move:       one pair, one move at a time — from sending a move until the opponent's socket has it;
  saturated:  `--saturate-players` players, every pair moving as soon as the last move was seen (new games
              included: a game is five moves); how long a new game took to open (both players seated) there;
  held:       each player one move a second, in stages of `--stages` players: the largest stage with
              p99 ≤ 100 ms, no error and ≥ 95 % of the moves made;
  memory:     the server's resident memory when it is ready (every process: for this platform the engine,
              the gateway, NATS and PostgreSQL) and per player at the largest stage held;
then the midnight surge through the same driver (this platform only, the peers have no Daily): today's Daily
published, `--surge-players` players (default 1 000) arriving evenly over `--surge-window` s (default 60),
each connecting and starting his Daily — the start's median / p99 and errors (target p99 ≤ 100 ms); then, on
the same platform, whole games of that Daily at a human pace — stages of `--whole-stages` fresh players, each
playing the same long game's clicks (`strategy.whole_game`) one a second to its end: the largest stage with
p99 ≤ 100 ms, no error and ≥ 95 % of the clicks made. And
once per system (first round) the kill -9 test: three moves of a game, each acknowledged, then every
server process killed with SIGKILL (for this platform NATS too), restarted on the same data, and asked for
the game — how many of the three moves it still has. Writes `.bench/peers.json`; figures are printed, never
judged here (tests/load/summary.py shows the ratios). On a shared box the figures are noisy: compare rounds.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
from echo_runtime.devstack import EmbeddedNats, EmbeddedPostgres, free_port
from echo_runtime.migrate import apply_migrations

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).parent))
from stack import guests, machine, rss_kib, start_service, start_services, write_result  # noqa: E402

PEERS = Path(__file__).parent / "peers"
#: this platform with its engine and gateway in one process (`echo_runtime.together`), asked without NATS
TOGETHER = "echo-together"
SYSTEMS = ("echo", TOGETHER, "bgio", "colyseus")
SERVER_FILES = {"bgio": "bgio_server.mjs", "colyseus": "colyseus_server.mjs"}


def node_missing() -> str | None:
    missing = [tool for tool in ("node", "npm") if shutil.which(tool) is None]
    return f"the peers need {' and '.join(missing)} (Node.js 20 or newer), not found on PATH" if missing else None


def peers_folder() -> Path:
    """The cache folder with the pinned npm packages installed (npm ci, once per lock file), and the peers'
    own scripts copied in beside them (every run: they resolve their packages from there)."""
    lock = (PEERS / "package-lock.json").read_bytes()
    default = Path.home() / ".cache" / "echo-bench-peers" / hashlib.sha256(lock).hexdigest()[:12]
    folder = Path(os.environ.get("ECHO_BENCH_PEERS_CACHE") or default)
    if not (folder / "node_modules" / ".package-lock.json").exists():
        folder.mkdir(parents=True, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copy(PEERS / name, folder / name)
        print(f"installing the peers' npm packages into {folder}")
        subprocess.run(["npm", "ci", "--omit=peer", "--no-audit", "--no-fund", "--loglevel=error"], cwd=folder,
                       check=True)
    for script in PEERS.glob("*.mjs"):
        shutil.copy(script, folder / script.name)
    return folder


def drive(folder: Path, system: str, url: str, phase: str, **options: Any) -> dict[str, Any]:
    command = ["node", "driver.mjs", "echo" if system == TOGETHER else system, url, phase]
    for key, value in options.items():
        command += [f"--{key}", str(value)]
    done = subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=1800)
    if done.returncode != 0:
        raise RuntimeError(f"driver {system} {phase} failed: {done.stderr.strip()[-600:]}")
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    return {key: value for key, value in figures.items() if key not in ("system", "phase")}


def process_tree(root: int) -> list[int]:
    """`root` and its children (PostgreSQL's postmaster and its backends)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(stat.parent.name))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += children.get(pid, [])
    return found


def resident_kib(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError, RuntimeError):
            total += rss_kib(pid)
    return total


class NodePeer:
    """A peer's server: one Node process."""

    def __init__(self, folder: Path, system: str) -> None:
        self.folder, self.system = folder, system
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.process = subprocess.Popen(["node", SERVER_FILES[self.system], str(self.port)], cwd=self.folder,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(300):
            with contextlib.suppress(httpx.HTTPError):
                httpx.get(self.url + "/", timeout=1)
                return
            time.sleep(0.1)
        raise RuntimeError(f"{self.system} never listened")

    def pids(self) -> list[int]:
        return [self.process.pid]

    def kill9(self) -> None:
        """SIGKILL, then the same server started again on the same port."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self.start()

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


class EchoPlatform:
    """This platform as the game needs it: PostgreSQL (migrated), NATS (file storage, fsync before every
    acknowledgement, as shipped), an engine and a gateway — each its own process."""

    def __init__(self, folder: Path, services: tuple[str, ...] = ("engine", "gateway"), engines: int = 1,
                 together: bool = False) -> None:
        self.folder = folder
        self.services = services  # the Daily needs the leagues service too (a player's league)
        self.replicas = engines  # engine replicas: a game's commands come back to the one that holds it
        self.together = together  # the (one) engine in the gateway's process

    def start(self) -> None:
        self.postgres = EmbeddedPostgres(self.folder / "pg", delete_on_stop=True)
        self.pg_url = self.postgres.start()
        asyncio.run(apply_migrations(self.pg_url))
        self.nats = EmbeddedNats(self.folder / "nats", sync_always=True)
        self.nats_url = self.nats.start()
        self._services()

    def _services(self) -> None:
        env = {**os.environ, "NATS_URL": self.nats_url, "DATABASE_URL": self.pg_url, "ECHO_GATEWAY_DEV_MODE": "true",
               "ECHO_GATEWAY_WS_RATE": "100000", "ECHO_GATEWAY_WS_BURST": "100000", "LOG_FORMAT": "json"}
        self.others = [start_service(name, env)[0] for name in self.services if name not in ("engine", "gateway")]
        if self.together:
            both, ports = start_services(("engine", "gateway"), env)
            self.engines, self.gateway, port = [], both, ports["gateway"]
        else:
            self.engines = [start_service("engine", env)[0] for _ in range(self.replicas)]
            self.gateway, port = start_service("gateway", env)
        self.url = f"http://127.0.0.1:{port}"

    def pids(self) -> list[int]:
        postmaster = int((self.folder / "pg" / "postmaster.pid").read_text().split()[0])
        return [*(e.pid for e in self.engines), self.gateway.pid, self.nats.pid or 0, *process_tree(postmaster)]

    def kill9(self) -> None:
        """SIGKILL to the engine, the gateway and NATS (the store of every game), then all started again on the
        same data. PostgreSQL (projections, accounts) is left running: it holds no move."""
        for process in (*self.engines, self.gateway):
            process.send_signal(signal.SIGKILL)
            process.wait()
        self.nats.stop(kill=True)
        self.nats = EmbeddedNats(self.folder / "nats", port=self.nats.port, sync_always=True)
        self.nats.start()
        self._services()

    def stop(self) -> None:
        for process in (*self.engines, self.gateway, *self.others):
            process.terminate()
            process.wait(10)
        self.nats.stop()
        self.postgres.stop()


@contextlib.contextmanager
def server(folder: Path, system: str, engines: int = 1) -> Iterator[NodePeer | EchoPlatform]:
    with tempfile.TemporaryDirectory(prefix=f"echo-bench-{system}-") as data:
        running = EchoPlatform(Path(data), engines=engines, together=system == TOGETHER) \
            if system in ("echo", TOGETHER) else NodePeer(folder, system)
        running.start()
        try:
            yield running
        finally:
            running.stop()


def one_round(folder: Path, system: str, args: argparse.Namespace, kill_test: bool) -> dict[str, Any]:
    with server(folder, system, args.engines) as running:
        time.sleep(2)  # settled: what a server holds once ready, not while it starts
        start_kib = resident_kib(running.pids())
        out: dict[str, Any] = {"start_kib": start_kib, "processes": len(running.pids())}
        out["move"] = drive(folder, system, running.url, "latency", moves=args.moves)
        out["saturated"] = drive(folder, system, running.url, "saturate", players=args.saturate_players,
                                 seconds=args.seconds)
        out["capacity"] = drive(folder, system, running.url, "capacity", stages=args.stages, seconds=args.seconds,
                                pids=",".join(map(str, running.pids())))
        if kill_test:
            played = drive(folder, system, running.url, "durable")
            running.kill9()
            out["kill9"] = drive(folder, system, running.url, "recall", handle=json.dumps(played))
        return out


async def prepare_daily(platform: EchoPlatform, players: int,
                        needed_s: float) -> tuple[list[str], list[dict[str, str]]]:
    """Today's Bronze Daily published as the daily service would (`tests.support.play.publish_daily`), offered
    through gateway → leagues → engine, and `players` guests the leagues service knows (made beforehand, not
    timed, as at midnight the players exist already), with `needed_s` seconds of the Moscow day left. Also the
    clicks of one whole game of that Daily (`strategy.whole_game`, from the seed — test-side knowledge, never
    sent by the server)."""
    from bench_surge import clear_of_midnight, wait_for_daily
    from echo_challenge.field import sector_name
    from echo_challenge.hosting import daily_setup
    from echo_events.moscow import moscow_date
    from echo_runtime.clock import SystemClock
    from echo_runtime.nats_client import connect
    from strategy import whole_game

    from tests.support.leagues import caught_up
    from tests.support.play import publish_daily

    nc = await connect(platform.nats_url, "bench")
    try:
        js = nc.jetstream()
        await clear_of_midnight(needed_s)
        daily = await publish_daily(js, moscow_date(SystemClock().now()), league="bronze", seed=20261130)
        accounts = await guests(platform.url, players + 1)
        await wait_for_daily(platform.url, accounts[0][1], daily.daily_id)
        await caught_up(js, None, limit_s=600)
    finally:
        await nc.close()
    clicks = whole_game(daily_setup(daily), "bench-peers:daily")
    return [token for _, token in accounts[1:]], [{"type": tool, "sector": sector_name(s)} for tool, s in clicks]


def daily_phases(folder: Path, args: argparse.Namespace) -> dict[str, Any]:
    """This platform's Daily through the same driver (the peers have no Daily), on one platform with the
    leagues service: the midnight surge — every player starting his Daily within `--surge-window` seconds —
    then whole games of that Daily at a human pace — each player one click a second to his game's end, stage by
    stage, a fresh crowd each stage (a Daily is one attempt per player)."""
    stages = [int(n) for n in args.whole_stages.split(",") if n] if args.whole_stages else []
    with tempfile.TemporaryDirectory(prefix="echo-bench-daily-") as data:
        platform = EchoPlatform(Path(data), ("leagues", "engine", "gateway"))
        platform.start()
        try:
            # a Daily of ~90 clicks, and each stage's guests opening their games first
            needed_s = 120 + args.surge_window + len(stages) * (100 * args.whole_interval + 30)
            tokens, clicks = asyncio.run(prepare_daily(platform, args.surge_players + sum(stages), needed_s))
            out: dict[str, Any] = {"surge": None, "whole": None}
            if args.surge_players:
                print(f"midnight surge: {args.surge_players} Daily starts in {args.surge_window:g} s", flush=True)
                listed = Path(data) / "surge.txt"
                listed.write_text("\n".join(tokens[:args.surge_players]))
                out["surge"] = drive(folder, "echo", platform.url, "surge", tokens=listed, window=args.surge_window)
            if stages:
                print(f"whole Daily games ({len(clicks)} clicks each), one click a second: {args.whole_stages} players",
                      flush=True)
                listed, script = Path(data) / "whole.txt", Path(data) / "clicks.json"
                listed.write_text("\n".join(tokens[args.surge_players:]))
                script.write_text(json.dumps(clicks))
                out["whole"] = drive(folder, "echo", platform.url, "whole", tokens=listed, clicks=script,
                                     stages=args.whole_stages, interval=round(args.whole_interval * 1000),
                                     pids=",".join(map(str, platform.pids())))
            return out
        finally:
            platform.stop()


def middle(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


def combined(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """Each figure's median over the rounds, and every round's value (the spread)."""
    def each(pick: Any) -> list[float]:
        return [pick(r) for r in rounds]

    held = each(lambda r: r["capacity"]["held_players"])
    per_player = [r["capacity"]["per_player_kib"] for r in rounds if r["capacity"]["per_player_kib"] is not None]
    return {
        "move_median_ms": middle(each(lambda r: r["move"]["median_ms"])),
        "move_p99_ms": middle(each(lambda r: r["move"]["p99_ms"])),
        "new_game_median_ms": middle(each(lambda r: r["saturated"]["new_game"]["median_ms"])),
        "saturated_moves_per_s": middle(each(lambda r: r["saturated"]["moves_per_s"])),
        "held_players": middle(held),
        "start_mib": middle(each(lambda r: r["start_kib"] / 1024)),
        "per_player_kib": middle(per_player) if per_player else None,
        "kill9": next((r["kill9"] for r in rounds if "kill9" in r), None),
        "spread": {"move_median_ms": each(lambda r: round(r["move"]["median_ms"], 3)),
                   "saturated_moves_per_s": each(lambda r: round(r["saturated"]["moves_per_s"])),
                   "held_players": held},
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--stages", default="10,20,50,100,200,400,800,1600,3200")
    parser.add_argument("--saturate-players", type=int, default=40)
    parser.add_argument("--systems", default=",".join(SYSTEMS),
                        help=f"a subset, comma-separated; {TOGETHER}: this platform in one process")
    parser.add_argument("--engines", type=int, default=1, help="this platform's engine replicas")
    parser.add_argument("--surge-players", type=int, default=1000, help="the midnight surge's players (0: none)")
    parser.add_argument("--surge-window", type=float, default=60, help="seconds over which they arrive")
    parser.add_argument("--whole-stages", default="10,20,50,100,200,400,800",
                        help="players playing whole Daily games at a click a second, a stage each ('': none)")
    parser.add_argument("--whole-interval", type=float, default=1.0,
                        help="seconds between one player's clicks in a whole Daily game (a person's pace: 1)")
    args = parser.parse_args()
    if reason := node_missing():
        print(f"bench_peers skipped: {reason}")
        write_result("peers", {"skipped": reason, "machine": machine()})
        return 0
    folder = peers_folder()
    systems = args.systems.split(",")
    rounds: dict[str, list[dict[str, Any]]] = {s: [] for s in systems}
    for number in range(args.rounds):
        order = systems[number % len(systems):] + systems[: number % len(systems)]  # who goes first alternates
        for system in order:
            print(f"round {number + 1}: {system}", flush=True)
            rounds[system].append(one_round(folder, system, args, kill_test=number == 0))
    daily = {"surge": None, "whole": None}
    if (args.surge_players or args.whole_stages) and "echo" in systems:
        daily = daily_phases(folder, args)
    surge, whole = daily["surge"], daily["whole"]
    systems = [s for s in systems if rounds[s]]  # --rounds 0: the surge alone
    result = {"systems": {s: combined(rounds[s]) for s in systems}, "rounds": rounds, "surge": surge, "whole": whole,
              "workload": {"game": "tic-tac-toe, five moves (X wins), then a new game", "moves": args.moves,
                           "seconds": args.seconds, "stages": args.stages,
                           "saturate_players": args.saturate_players, "rounds": args.rounds},
              "machine": machine()}
    print(f"{'':24}" + "".join(f"{s:>14}" for s in systems))
    for key in ("move_median_ms", "move_p99_ms", "new_game_median_ms", "saturated_moves_per_s", "held_players",
                "start_mib", "per_player_kib"):
        values = [result["systems"][s][key] for s in systems]
        print(f"{key:24}" + "".join(f"{'—' if v is None else f'{v:.2f}':>14}" for v in values))
    for s in systems:
        print(f"kill -9 {s}: {result['systems'][s]['kill9']}")
    if surge:
        print(f"midnight surge: start {surge['start']}, connect → view {surge['connect_to_view']}, "
              f"{surge['starts_per_s']:.1f} starts/s, errors {surge['errors']}")
    if whole:
        print(f"whole Daily games ({whole['clicks']} clicks): {whole['held_players']} players held at a click a "
              f"second; stages {[(s['players'], round(s.get('p99_ms', 0), 1), s['held']) for s in whole['stages']]}")
    write_result("peers", result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
