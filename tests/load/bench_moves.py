"""Benchmark of a move's round trip and sustained throughput, against floors measured in the same run.

    .venv/bin/python tests/load/bench_moves.py [--seconds 10] [--clients 40] [--rate 1000] [--paced-games 200]
                                               [--games free|tutorial] [--protocol 2|1]

Starts its own NATS (JetStream, file storage) and PostgreSQL, an engine and a gateway as separate
processes (as in production), then measures:
  floors: a bare NATS request/reply, and a bare synchronous JetStream publish (file storage) — with
          the configuration we ship (`sync_interval: always`) and without it; and the bare pipeline: the
          same hops as a move (a WebSocket into a Litestar relay, a NATS request, a JetStream append,
          a move's answer back) with no game in them;
  moves:  one move's round trip through WebSocket → gateway → NATS → engine → JetStream → back
          (median, p99), one client at a time, in rounds alternating with the JetStream-publish and the
          bare-pipeline floors (the box's slower moments weigh on a move and its floors alike);
          the move a person makes: one game moving ten times a second (open loop), in rounds alternating
          with a bare JetStream publish paced the same way (one writer, ten a second) — the idle box's
          wake-ups are what a player feels;
          sustained moves/s with many concurrent games, each moving as soon as its last move is
          answered (closed loop: what the system can take); and the
          latency when moves are offered at a fixed rate (`--rate`, open loop: the latency at that load,
          each move timed from when it was due).
A move is timed as the pipeline's round trips are: from its frame handed to the socket until its answer's
frame came off it (the load generator writing the frame and parsing the answer are its own work, not the
system's; the single client's figure with them is printed too).
The players play long Free games (as real play: ~40-100 moves a start) or, with `--games tutorial`, the
nine-click Tutorial (a start with every 9 moves).
Prints a table and writes `.bench/moves.json`. Timing never fails anything: the figures are printed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator
from datetime import date
from pathlib import Path
from typing import Any

import orjson
import websockets
from echo_challenge.field import sector_name
from echo_challenge.modes import FREE_STARTS_PER_DAY, free_game_id, free_setup
from echo_challenge.prng import SplitMix64
from echo_challenge.tutorial import SCRIPT
from echo_runtime.devstack import EmbeddedNats, EmbeddedPostgres
from echo_runtime.migrate import apply_migrations

sys.path.insert(0, str(Path(__file__).parent))
from stack import (  # noqa: E402 - the benchmarks' shared start-up and floors
    bare_pipeline,
    cpu_seconds,
    floor_js_publish_paced,
    floor_request_reply,
    gc_pauses,
    guests,
    js_publish_samples,
    machine,
    machine_busy_seconds,
    start_profilers,
    start_service,
    summary,
    write_result,
)
from strategy import choose  # noqa: E402 - how the benchmarks play a long game
from summary import pauses  # noqa: E402 - how the table writes collector pauses


class TutorialGame:
    """The Tutorial's nine scripted clicks (unlimited games, but a start every nine moves)."""

    start = {"type": "start", "mode": "tutorial"}
    length = len(SCRIPT)  # moves

    def __init__(self, view: dict[str, Any], moves: int | None = None) -> None:
        self._steps = iter(SCRIPT[:moves])

    def next_move(self, view: dict[str, Any]) -> tuple[str, int] | None:
        step = next(self._steps, None)
        return None if step is None else (step.tool, step.sector)


class FreeGame:
    """A Free game («Стандарт») played long by a player who knows its field — test-side knowledge, derived
    the way the engine derives it (`modes.free_setup`), never sent by the server. Its choices read only
    the view's status, Charge and Contour (a log delta's partial log does not matter)."""

    start = {"type": "start", "mode": "free", "preset": "standard"}
    length = 60  # moves, about (40-100)

    def __init__(self, view: dict[str, Any], account_id: str, moves: int | None = None) -> None:
        day = date.fromisoformat(view["msk_date"])
        slot = next(n for n in range(1, FREE_STARTS_PER_DAY + 1) if free_game_id(account_id, day, n) == view["game_id"])
        setup = free_setup("standard", account_id, day, slot, None)
        self._field = setup.field
        self._hidden = [i for i in range(100) if i not in setup.opened]
        self._rng = SplitMix64(f"bench-moves:{view['game_id']}")
        self._left = moves

    def next_move(self, view: dict[str, Any]) -> tuple[str, int] | None:
        if view["status"] != "live" or not self._hidden or self._left == 0:
            return None
        if self._left is not None:
            self._left -= 1
        sector, tool = choose(self._field, self._hidden, view, self._rng, "probe", "beam")
        self._hidden.remove(sector)
        return tool, sector


class Player:
    """One device playing games back to back over a WebSocket: Tutorial games (one account), or long Free
    games (three a day per account, so it is given several). A refused click (not enough Charge) is not
    a move and is not timed; every accepted one is durable before its ack.

    `run` is a closed loop: the next move leaves as soon as the last one is answered (how many moves a
    second the system can take). `run_paced` is an open loop: moves are due every `interval` seconds
    whatever the server does, and each one's time counts from when it was due — a slow answer also
    delays the moves queued behind it, and that wait is counted (no coordinated omission)."""

    protocol = 2  # as the web client; --protocol 1 plays as the mobile apps still in the field

    def __init__(self, base: str, accounts: list[tuple[str, str]], kind: str = "tutorial") -> None:
        self.base, self.accounts, self.kind = base, accounts, kind
        self.samples: list[float] = []  # µs from a move's frame sent to its answer's frame received
        self.with_client: list[float] = []  # the same with this client's own work (the frame written, the answer read)
        self.ran_out = False  # every game of every account played before the end
        self.last_frame = ""  # the last answer to a command, as sent
        self.sent_ns = self.received_ns = 0  # when the last command left, when its answer came (perf_counter_ns)

    async def run(self, until: float | None, moves: int | None = None) -> None:
        done = 0
        async for socket, game, view in self._games():
            while (move := game.next_move(view)) is not None:
                if (until is not None and time.perf_counter() >= until) or (moves is not None and done >= moves):
                    return
                t0 = time.perf_counter_ns()
                reply = await self._move(socket, view["game_id"], move)
                if reply is not None:
                    self.with_client.append((time.perf_counter_ns() - t0) / 1000)
                    self.samples.append((self.received_ns - self.sent_ns) / 1000)
                    done, view = done + 1, reply
        self.ran_out = True

    async def run_paced(self, until: float, interval: float, first_due: float, first_game_moves: int) -> None:
        """`first_game_moves` < a game's length leaves the first one early (the next start closes it), so
        that the players' new games — a start, and a game's end, cost more than a move — do not all fall
        due at the same instants, as they would not in steady play."""
        due = first_due
        async for socket, game, view in self._games(first_game_moves):
            while (move := game.next_move(view)) is not None:
                if due >= until:
                    return
                await asyncio.sleep(max(0.0, due - time.perf_counter()))
                reply = await self._move(socket, view["game_id"], move)
                if reply is not None:
                    self.samples.append(self.received_ns / 1000 - due * 1e6)
                    due, view = due + interval, reply
        self.ran_out = True

    async def _games(self, first_game_moves: int | None = None) -> AsyncIterator[tuple[Any, Any, dict]]:
        """(socket, game, its first view) for each new game, until the accounts' games run out."""
        for account_id, token in self.accounts:
            async with websockets.connect(self.base.replace("http", "ws") + "/ws", max_size=2**22) as socket:
                hello = {"type": "hello", "v": self.protocol, "token": token, "log_delta": True}  # as the web client
                await socket.send(json.dumps(hello))
                await socket.recv()
                while True:
                    kind = FreeGame if self.kind == "free" else TutorialGame
                    start = dict(kind.start, kind="echo") if self.protocol == 2 else dict(kind.start)
                    reply = await self._ask(socket, start)
                    if reply["type"] != "ack":
                        assert reply.get("code") == "free_limit", reply  # this account's three are used
                        break
                    view = reply["view"]
                    moves, first_game_moves = first_game_moves, None
                    if kind is FreeGame:
                        yield socket, FreeGame(view, account_id, moves), view
                    else:
                        yield socket, TutorialGame(view, moves), view

    async def _move(self, socket, game_id: str, move: tuple[str, int]) -> dict[str, Any] | None:  # noqa: ANN001
        """The game's view after the move (its log only the new entries: log deltas), or None if the rules
        refused it."""
        tool, sector = move
        if self.protocol == 2:
            frame = {"type": "act", "game_id": game_id, "action": {"type": tool, "sector": sector_name(sector)}}
        else:
            frame = {"type": tool, "game_id": game_id, "sector": sector_name(sector)}
        reply = await self._ask(socket, frame)
        if reply["type"] == "ack":
            return reply["view"]
        assert reply["type"] == "error" and self.kind == "free" and reply["code"] not in NOT_A_RULE, reply
        return None

    async def _ask(self, socket, frame: dict[str, Any]) -> dict[str, Any]:  # noqa: ANN001
        frame["id"] = uuid.uuid4().hex
        text = orjson.dumps(frame).decode()
        self.sent_ns = time.perf_counter_ns()
        await socket.send(text)
        while True:
            text = await socket.recv()
            received = time.perf_counter_ns()
            reply = orjson.loads(text)  # a light load generator leaves the CPU to the servers
            if reply.get("id") == frame["id"]:
                self.last_frame, self.received_ns = text, received
                return reply


#: errors that are not the rules refusing a click: the benchmark stops on them
NOT_A_RULE = ("engine_unavailable", "rate_limited", "bad_message", "unknown_game", "internal")


async def players(base: str, n: int, kind: str, moves_each: float) -> list[Player]:
    """n players with enough accounts for `moves_each` moves (Free: three games a day per account)."""
    per_player = 1 if kind == "tutorial" else math.ceil(moves_each / (3 * 40)) + 1  # games last ~40-100 moves
    accounts = await guests(base, n * per_player)
    return [Player(base, accounts[i * per_player:(i + 1) * per_player], kind) for i in range(n)]


async def measure_single(base: str, kind: str, nats_url: str, rounds: int = 5) -> tuple[Player, dict, dict]:
    """One client's moves one at a time (60 a round), in rounds alternating with the bare JetStream publish
    (400 a round) and the bare pipeline (100 a round), so that a slower moment of the box — they come and
    go within seconds — weighs on a move and on its floors alike. The player and the two floors."""
    (single,) = await players(base, 1, kind, 2 * (30 + 60 * rounds))  # each round starts a new game
    await single.run(until=None, moves=30)  # warm-up: caches, connections; its last ack is the pipeline's answer
    single.samples.clear()
    single.with_client.clear()
    publish: list[float] = []
    hops: list[float] = []
    async with bare_pipeline(nats_url, single.last_frame.encode()) as pipeline:
        for _ in range(rounds):
            publish += await js_publish_samples(nats_url, 400)
            await single.run(until=None, moves=60)
            hops += await pipeline(100)
    return single, summary(publish), summary(hops)


async def measure_person(base: str, kind: str, nats_url: str, rounds: int = 5, moves: int = 30,
                         rate: float = 10.0) -> tuple[dict, dict]:
    """A person's pace: one game's moves due ten times a second, timed from when each was due, in rounds
    alternating with one writer's bare JetStream publishes due at the same pace. The move and its floor."""
    (person,) = await players(base, 1, kind, 2 * moves * (rounds + 1))
    await person.run(until=None, moves=10)  # warm-up
    person.samples.clear()
    publish: list[float] = []
    for _ in range(rounds):
        await floor_js_publish_paced(nats_url, rate, 1, moves / rate, samples_out=publish)
        start = time.perf_counter() + 0.2
        await person.run_paced(until=start + moves / rate, interval=1 / rate, first_due=start,
                               first_game_moves=10 ** 6)
    return summary(person.samples), summary(publish)


async def measure_moves(base: str, single: Player, seconds: float, clients: int, pids: dict[str, int], kind: str,
                        profile: Path | None = None) -> dict[str, Any]:
    loaded_players = await players(base, clients, kind, seconds * 3000 / clients)
    pids = {**pids, "load generator": os.getpid()}
    cpu_before = {name: cpu_seconds(pid) for name, pid in pids.items()}
    busy_before = machine_busy_seconds()
    profilers = start_profilers(pids, seconds, profile)
    until = time.perf_counter() + seconds
    t0 = time.perf_counter()
    await asyncio.gather(*(p.run(until=until) for p in loaded_players))
    elapsed = time.perf_counter() - t0
    _check_nobody_ran_out(loaded_players + [single])
    loaded = [s for p in loaded_players for s in p.samples]
    cpu_per_move = {name: (cpu_seconds(pid) - cpu_before[name]) / len(loaded) * 1e6 for name, pid in pids.items()}
    cpu_per_move["whole machine"] = (machine_busy_seconds() - busy_before) / len(loaded) * 1e6
    for profiler in profilers:
        profiler.wait(60)
    return {"games": kind, "single": summary(single.samples), "single_read_by_client": summary(single.with_client),
            "sustained": {**summary(loaded), "clients": clients, "seconds": elapsed,
                          "moves_per_s": len(loaded) / elapsed, "cpu_us_per_move": cpu_per_move}}


async def measure_paced(base: str, seconds: float, rate: float, n: int, kind: str) -> dict[str, Any]:
    """Moves offered at `rate` a second in all, spread evenly over `n` games at a time (open loop)."""
    paced = await players(base, n, kind, seconds * rate / n)
    interval = n / rate
    start = time.perf_counter() + 1.0
    until = start + seconds
    length = FreeGame.length if kind == "free" else TutorialGame.length
    await asyncio.gather(*(p.run_paced(until, interval, start + interval * i / n, 1 + i % length)
                           for i, p in enumerate(paced)))
    _check_nobody_ran_out(paced)
    samples = [s for p in paced for s in p.samples]
    return {**summary(samples), "offered_per_s": rate, "players": n,
            "moves_per_s": len(samples) / (time.perf_counter() - start)}


def _check_nobody_ran_out(group: list[Player]) -> None:
    if any(p.ran_out for p in group):
        raise RuntimeError("a player ran out of games before the end: the figures would undercount the load")


async def run_config(sync_always: bool, seconds: float, clients: int, pg_url: str, engines: int = 1,
                     profile: Path | None = None, rate: float = 1000.0, paced_players: int = 200,
                     kind: str = "free") -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="echo-bench-nats-") as folder:
        nats = EmbeddedNats(Path(folder), sync_always=sync_always)
        nats_url = nats.start()
        env = {**os.environ, "NATS_URL": nats_url, "DATABASE_URL": pg_url, "ECHO_GATEWAY_DEV_MODE": "true",
               "ECHO_GATEWAY_WS_RATE": "100000", "ECHO_GATEWAY_WS_BURST": "100000",
               "LOG_FORMAT": "json"}
        processes = []
        pids = {"nats-server": nats.pid}
        try:
            ports = {}
            for n in range(engines):  # replicas share the queue group; appends stay safe with any number
                engine, ports[f"engine {n + 1}" if engines > 1 else "engine"] = start_service("engine", env)
                processes.append(engine)
                pids[f"engine {n + 1}" if engines > 1 else "engine"] = engine.pid
            gateway, port = start_service("gateway", env)
            ports["gateway"] = port
            processes.append(gateway)
            pids["gateway"] = gateway.pid
            floors = {"nats_request_reply": await floor_request_reply(nats_url, 2000),
                      "jetstream_publish_paced": {
                          **await floor_js_publish_paced(nats_url, rate, paced_players, min(seconds, 5.0)),
                          "offered_per_s": rate}}
            base = f"http://127.0.0.1:{port}"
            single, floors["jetstream_publish"], floors["pipeline"] = await measure_single(base, kind, nats_url)
            person, floors["jetstream_publish_person"] = await measure_person(base, kind, nats_url)
            moves = await measure_moves(base, single, seconds, clients, pids, kind,
                                        profile / ('always' if sync_always else 'default') if profile else None)
            moves["paced"] = await measure_paced(base, seconds, rate, paced_players, kind)
            moves["person"] = person
            moves["gc_pauses"] = {name: gc_pauses(p) for name, p in ports.items()}  # over the whole run
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
        print(f"{label:26} games played: {r['moves']['games']}")
        js_floor = r["floors"]["jetstream_publish"]["median_us"]
        paced = r["moves"]["paced"]
        rows = [("bare NATS request/reply (floor)", r["floors"]["nats_request_reply"], None),
                ("bare JetStream publish (floor)", r["floors"]["jetstream_publish"], None),
                (f"bare JetStream publish at {paced['offered_per_s']:.0f}/s offered (floor)",
                 r["floors"]["jetstream_publish_paced"], None),
                ("bare pipeline, no game: WS→relay→NATS→append→WS (floor)", r["floors"]["pipeline"], js_floor),
                ("move round trip, 1 client (WS→engine→JS→WS)", r["moves"]["single"], js_floor),
                ("  the same until the client had read it", r["moves"]["single_read_by_client"], js_floor),
                ("bare JetStream publish, 10/s, one writer (floor)", r["floors"]["jetstream_publish_person"], None),
                ("move paced like a person: 10/s, one game", r["moves"]["person"],
                 r["floors"]["jetstream_publish_person"]["median_us"]),
                (f"move under load, {r['moves']['sustained']['clients']} clients", r["moves"]["sustained"], js_floor),
                (f"move at {paced['offered_per_s']:.0f}/s offered, {paced['players']} games", paced, js_floor)]
        for name, s, floor in rows:
            ratio = f"{s['median_us'] / floor:6.1f}×" if floor else ""
            print(f"{label:26} {name:44} {s['median_us']:10.0f} {s['p99_us']:10.0f} {ratio:>8}")
        print(f"{label:26} {'sustained durable moves/s':44} {r['moves']['sustained']['moves_per_s']:10.0f}")
        taken = f"moves/s taken when {paced['offered_per_s']:.0f}/s are offered"
        print(f"{label:26} {taken:44} {paced['moves_per_s']:10.0f}")
        paused = "; ".join(f"{name} {pauses(gens)}" for name, gens in r["moves"].get("gc_pauses", {}).items())
        print(f"{label:26} garbage-collector pauses over the run: {paused}")
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
    parser.add_argument("--protocol", type=int, choices=(1, 2), default=2, help="the WebSocket protocol played")
    parser.add_argument("--games", choices=("free", "tutorial"), default="free",
                        help="long Free games (~80 moves a start, as real play) or Tutorials (a start every 9)")
    args = parser.parse_args()
    Player.protocol = args.protocol
    with tempfile.TemporaryDirectory(prefix="echo-bench-pg-") as folder:
        postgres = EmbeddedPostgres(Path(folder) / "data", delete_on_stop=True)
        pg_url = postgres.start()
        await apply_migrations(pg_url)
        try:
            results = [await run_config(sync, args.seconds, args.clients, pg_url, args.engines, args.profile,
                                        args.rate, args.paced_games, args.games) for sync in (True, False)]
        finally:
            postgres.stop()
    print_table(results)
    write_result("moves", {"machine": machine(), "results": results})


if __name__ == "__main__":
    import uvloop  # the services run on uvloop too (uvicorn picks it); a lighter load generator
    from echo_runtime.serve import tune_garbage_collector

    tune_garbage_collector()
    uvloop.run(main())
