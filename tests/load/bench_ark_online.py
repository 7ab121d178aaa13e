"""Benchmark of Ark online: one vote of a 16-player room against the bare pipeline, and many 8-player rooms
whose phase timers run at once.

    .venv/bin/python tests/load/bench_ark_online.py [--games 8] [--rooms 500] [--players 8] [--seconds 60]

Starts its own NATS (JetStream, file storage, `sync_interval: always` as shipped) and PostgreSQL, an engine and
a gateway as separate processes, then measures over real WebSockets (protocol v2, every device its own guest):
  vote:   a room of 16 (timers off, Rescue, Incubator on) played through by its sixteen devices; every exile
          vote is voted twice — a tie first (8 against 8: the revote opens), then decisively (an exile, and the
          next vote or round) — and each time the fifteen first ballots are in and seen by every device before
          the last one leaves. Timed: from the last ballot sent until all sixteen devices have the view that
          follows it (its voter's ack, the fifteen others' updates; the voter's ack alone is printed too).
          `--games` rooms, one after another, in rounds alternating with the bare pipeline (WebSocket → relay →
          NATS → JetStream append → back, with no game; its answer is a real last ballot's ack), target ≤ 3×
          the pipeline's median; and the CPU the engine, the gateway and nats-server used per game played
          through (its votes and every other step: a steadier figure than round trips on a shared box);
  timers: `--rooms` rooms of `--players` at once (timers on at the shortest: card 10 s, discussion 15 s,
          separate discussions), opened evenly over `--spread` seconds (or as fast as 25 rooms at a time can
          be), each through its lobby (join by the invite, ready, the owner's start) and preparation; then
          nobody acts: every reveal and every discussion ends by its timer, for `--seconds` once all rooms are
          open. How late each timer was at each device — from the step's `deadline` in the view until the
          view of the next step reached that device — median, p99, max, target p99 ≤ 100 ms (also apart: the
          timers due once every room was open, without the lobbies' load); the CPU each process and the whole
          (shared) box used meanwhile; no timer stuck (a room past its deadline and still on that step 15 s
          later); and the memory (RSS) per room of the gateway — before the rooms' devices connect, once they
          have (hello only) and with the rooms running — and of the engine, before and with them.
On a smaller box, `--rooms` and `--players` scale the second part down (the table says what ran).
Prints a table and writes `.bench/ark_online.json`. Timing never fails anything: the figures are printed
(exit 1 only when a command was refused or a timer stuck).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import orjson
import websockets

sys.path.insert(0, str(Path(__file__).parent))
from stack import (  # noqa: E402 - the benchmarks' shared start-up and floors
    ROOT,
    bare_pipeline,
    cpu_seconds,
    game_stack,
    gc_pauses,
    guests,
    machine,
    machine_busy_seconds,
    rss_kib,
    summary,
    write_result,
)

sys.path.insert(0, str(ROOT))
from summary import pauses  # noqa: E402 - how the table writes collector pauses

from tests.unit.ark_rules.test_hosting import auto_action  # noqa: E402 - how a player plays along

TARGETS = {"vote_vs_pipeline": 3.0, "timer_p99_ms": 100.0}
VOTE_ROOM = {"timers": False, "mode": "rescue", "incubator": True, "format": "separate"}
TIMER_ROOM = {"mode": "rescue", "format": "separate", "card": 10, "discussion": 15, "voting": 15}
TIMED_STEPS = ("reveal", "discussion")  # the steps nobody acts in while the timers run
PING_EVERY = 30.0


class CommandRefused(Exception):
    pass


class Device:
    """One player's device speaking protocol v2. A reader keeps the newest view of the current room and when
    each version of it arrived; and, for the steps nobody acts in, how late the view of the next step came
    after the step's deadline."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket
        self.answers: dict[str, asyncio.Future[tuple[dict[str, Any], str]]] = {}
        self.game_id = ""
        self.version = 0
        self.view: dict[str, Any] = {}
        self.arrived: list[tuple[int, int]] = []  # (version, perf_counter_ns) of each newer view
        self.changed = asyncio.Event()
        self.late_ms: list[tuple[float, float]] = []  # (deadline, ms late) of each timed step
        self.reader = asyncio.create_task(self._read())
        self.pinger = asyncio.create_task(self._ping())

    @classmethod
    async def open(cls, base: str, token: str) -> Device:
        socket = await websockets.connect(base.replace("http", "ws") + "/ws", max_size=2**22, open_timeout=120,
                                          ping_interval=None)  # it pings as the web client does (_ping)
        await socket.send(orjson.dumps({"type": "hello", "v": 2, "token": token}).decode())
        welcome = orjson.loads(await socket.recv())
        assert welcome["type"] == "welcome", welcome
        return cls(socket)

    def enter(self, game_id: str) -> None:
        self.game_id, self.version, self.view, self.arrived = game_id, 0, {}, []

    async def _ping(self) -> None:
        """A `ping` every 30 s, as the web client (shell/connection.js): the gateway drops a client silent for 90 s."""
        await asyncio.sleep(random.uniform(0, PING_EVERY))
        with contextlib.suppress(websockets.ConnectionClosed):
            while True:
                await self.socket.send(orjson.dumps({"type": "ping", "id": uuid.uuid4().hex}).decode())
                await asyncio.sleep(PING_EVERY)

    async def _read(self) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            await self._read_frames()

    async def _read_frames(self) -> None:
        async for text in self.socket:
            at, wall = time.perf_counter_ns(), time.time()
            frame = orjson.loads(text)
            answer = self.answers.pop(frame.get("id") or "", None)
            if answer is not None and not answer.done():
                answer.set_result((frame, text))
            if frame.get("type") in ("ack", "update") and frame.get("game_id") == self.game_id and frame["view"]:
                self.seen(frame, at, wall)

    def seen(self, frame: dict[str, Any], at: int, wall: float) -> None:
        if frame["version"] <= self.version:
            return
        before = (self.view.get("game") or {}).get("step")
        self.version, self.view = frame["version"], frame["view"]
        self.arrived.append((self.version, at))
        self.changed.set()
        after = (self.view.get("game") or {}).get("step")
        if before and before["kind"] in TIMED_STEPS and before["deadline"] is not None \
                and (after is None or after["id"] != before["id"]):
            self.late_ms.append((before["deadline"], (wall - before["deadline"]) * 1000))

    async def ask(self, **frame: Any) -> tuple[dict[str, Any], str]:
        """The ack (and its text) of a command; CommandRefused with its error."""
        frame["id"] = uuid.uuid4().hex
        answer = self.answers[frame["id"]] = asyncio.get_running_loop().create_future()
        await self.socket.send(orjson.dumps(frame).decode())
        reply, text = await asyncio.wait_for(answer, 60)
        if reply["type"] != "ack":
            raise CommandRefused(f"{frame} → {reply}")
        return reply, text

    async def act(self, **action: Any) -> tuple[dict[str, Any], str]:
        return await self.ask(type="act", game_id=self.game_id, action=action)

    async def reached(self, version: int) -> None:
        while self.version < version:
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), 60)

    def arrival(self, version: int) -> int:
        """When the first view at least this new arrived."""
        return next(at for v, at in self.arrived if v >= version)

    @property
    def game(self) -> dict[str, Any]:
        return self.view.get("game") or {}

    async def close(self) -> None:
        self.pinger.cancel()
        await self.socket.close()
        self.reader.cancel()


async def open_devices(base: str, tokens: list[str], at_once: int = 200) -> list[Device]:
    devices: list[Device] = []
    for start in range(0, len(tokens), at_once):
        devices += await asyncio.gather(*(Device.open(base, t) for t in tokens[start:start + at_once]))
    return devices


class Room:
    """The devices of one Ark room, seat by seat (seat 0 the owner)."""

    def __init__(self, devices: list[Device]) -> None:
        self.devices = devices
        self.own_answer_us: list[float] = []  # of each timed vote: the last voter's own ack alone

    async def gather(self, settings: dict[str, Any]) -> None:
        """Opened, every seat joined by the invite and ready, the owner's start, everyone prepared."""
        owner = self.devices[0]
        opened, _ = await owner.ask(type="start", kind="ark", seats=len(self.devices), settings=settings)
        for device in self.devices:
            device.enter(opened["game_id"])
        owner.seen(opened, time.perf_counter_ns(), time.time())  # it came before the room was known
        for device in self.devices[1:]:
            await device.ask(type="join", kind="ark", invite=opened["view"]["table"]["invite"])
        for device in self.devices[1:]:
            await device.act(type="SetReady", ready=True)
        await self.settle(*await owner.act(type="StartGame"))
        for device in self.devices:
            ack, _ = await device.act(type="ConfirmPrepared")
        await self.settle(ack)

    async def settle(self, ack: dict[str, Any], _text: str = "") -> None:
        """Until every device has the view of this ack (or a newer one)."""
        await asyncio.gather(*(d.reached(ack["version"]) for d in self.devices))

    async def play_through(self) -> list[tuple[str, float, str]]:
        """The game played to its end; each exile vote voted as a tie and then decisively. The samples:
        (tie | exile, µs from the last ballot sent until all the devices had its view, that ballot's ack)."""
        samples = []
        while self.devices[0].game.get("phase") != "finished":
            step = self.devices[0].game["step"]
            if step and step["kind"] == "exile_vote":
                samples.append(await self.vote(step))
                continue
            device, action = next((d, a) for d in self.devices if (a := auto_action(d.game)) is not None)
            await self.settle(*await device.act(**action))
        return samples

    async def vote(self, step: dict[str, Any]) -> tuple[str, float, str]:
        by_id = {d.game["me"]["id"]: d for d in self.devices}
        voters, targets = step["voters"], step["targets"]
        tie = step["attempt"] == 1
        choices = [targets[n % 2] if tie else targets[0] for n in range(len(voters))]
        for voter, target in zip(voters[:-1], choices, strict=False):
            ack, _ = await by_id[voter].act(type="CastExileVote", target=target)
        await self.settle(ack)  # every device has seen the fifteen ballots: only the last one is timed
        t0 = time.perf_counter_ns()
        ack, text = await by_id[voters[-1]].act(type="CastExileVote", target=choices[-1])
        await self.settle(ack)
        done = max(d.arrival(ack["version"]) for d in self.devices)
        self.own_answer_us.append((by_id[voters[-1]].arrival(ack["version"]) - t0) / 1000)
        return ("tie" if tie else "exile"), (done - t0) / 1000, text


async def measure_votes(base: str, nats_url: str, games: int, pids: dict[str, int],
                        players: int = 16) -> dict[str, Any]:
    accounts = await guests(base, players)
    room = Room(await open_devices(base, [token for _, token in accounts]))
    await room.gather(VOTE_ROOM)  # warm-up: a whole game
    warm = await room.play_through()
    votes: list[tuple[str, float, str]] = []
    hops: list[float] = []
    room.own_answer_us.clear()
    async with bare_pipeline(nats_url, warm[-1][2].encode()) as pipeline:
        cpu = dict.fromkeys(pids, 0.0)
        for _ in range(games):
            hops += await pipeline(100)
            before = {name: cpu_seconds(pid) for name, pid in pids.items()}
            await room.gather(VOTE_ROOM)
            votes += await room.play_through()
            for name, pid in pids.items():
                cpu[name] += cpu_seconds(pid) - before[name]
    for device in room.devices:
        await device.close()
    vote, floor = summary([us for _, us, _ in votes]), summary(hops)
    by_kind = {kind: summary([us for k, us, _ in votes if k == kind]) for kind in ("tie", "exile")}
    return {"players": players, "games": games, "vote": vote, **by_kind, "voter_ack": summary(room.own_answer_us),
            "pipeline": floor,
            "ratio": vote["median_us"] / floor["median_us"], "p99_ratio": vote["p99_us"] / floor["p99_us"],
            "answer_bytes": len(warm[-1][2]),
            "cpu_ms_per_game": {name: seconds * 1000 / games for name, seconds in cpu.items()}}


async def measure_timers(base: str, rooms: int, players: int, seconds: float, spread: float,
                         pids: dict[str, int]) -> dict[str, Any]:
    accounts = await guests(base, rooms * players)
    rss = {"gateway_before_kib": rss_kib(pids["gateway"]), "engine_before_kib": rss_kib(pids["engine"])}
    devices = await open_devices(base, [token for _, token in accounts])
    await asyncio.sleep(2)
    rss["gateway_connected_kib"] = rss_kib(pids["gateway"])
    tables = [Room(devices[n * players:(n + 1) * players]) for n in range(rooms)]
    limit = asyncio.Semaphore(25)
    start = time.perf_counter()

    async def gather(n: int, room: Room) -> None:
        await asyncio.sleep(max(0.0, start + spread * n / rooms - time.perf_counter()))
        async with limit:
            await room.gather(TIMER_ROOM)

    await asyncio.gather(*(gather(n, room) for n, room in enumerate(tables)))
    opened_s, all_open = time.perf_counter() - start, time.time()
    cpu, busy = {name: cpu_seconds(pid) for name, pid in pids.items()}, machine_busy_seconds()
    await asyncio.sleep(seconds)
    cpu = {name: (cpu_seconds(pid) - cpu[name]) / seconds for name, pid in pids.items()}
    cpu["whole machine"] = (machine_busy_seconds() - busy) / seconds  # every process of the box: it is shared
    rss["gateway_running_kib"], rss["engine_running_kib"] = rss_kib(pids["gateway"]), rss_kib(pids["engine"])
    overdue = await overdue_rooms(tables)
    late = [(due, ms) for d in devices for due, ms in d.late_ms]
    for device in devices:
        await device.close()
    return {"rooms": rooms, "players": players, "spread_s": spread, "opened_s": opened_s, "seconds": seconds,
            "timers_seen": len(late), "late_ms": lateness([ms for _, ms in late]),
            "late_ms_all_open": lateness([ms for due, ms in late if due >= all_open]),
            "late_ms_by_second": by_second([(due - all_open, ms) for due, ms in late if due >= all_open]),
            "rooms_stuck": overdue, "rss": rss, "cpu_share_all_open": cpu,
            "gateway_kib_per_room": (rss["gateway_running_kib"] - rss["gateway_connected_kib"]) / rooms,
            "gateway_kib_per_room_with_connections": (rss["gateway_running_kib"] - rss["gateway_before_kib"]) / rooms,
            "engine_kib_per_room": (rss["engine_running_kib"] - rss["engine_before_kib"]) / rooms}


async def overdue_rooms(tables: list[Room], grace: float = 15.0) -> int:
    """Rooms whose step is past its deadline and still the same step `grace` seconds later: a timer lost
    (a timer merely late under load has moved its room on by then)."""
    def overdue() -> dict[int, str]:
        now = time.time()
        return {n: step["id"] for n, room in enumerate(tables)
                if (step := room.devices[0].game.get("step")) is None or step["deadline"] is None
                or step["deadline"] < now - 1}

    suspects = overdue()
    await asyncio.sleep(grace)
    return sum(1 for n, step_id in overdue().items() if suspects.get(n) == step_id)


def by_second(late: list[tuple[float, float]]) -> list[tuple[int, int, float]]:
    """(second after all rooms were open, timers due in it, the latest of them in ms): when the tail came."""
    bins: dict[int, list[float]] = {}
    for offset, ms in late:
        bins.setdefault(int(offset), []).append(ms)
    return [(second, len(bins[second]), max(bins[second])) for second in sorted(bins)]


def lateness(late: list[float]) -> dict[str, float]:
    stats = summary([ms * 1000 for ms in late])  # in µs, as every summary
    return {"n": len(late), "median": stats["median_us"] / 1000, "p99": stats["p99_us"] / 1000,
            "max": stats["max_us"] / 1000, "min": min(late, default=0.0)}


def print_table(result: dict[str, Any]) -> None:
    votes, timers = result["votes"], result["timers"]
    print(f"{'figure':64} {'median':>10} {'p99':>10} {'ratio':>8}")
    print(f"{'bare pipeline: WS→relay→NATS→append→WS (floor)':64} {votes['pipeline']['median_us']:8.0f}µs "
          f"{votes['pipeline']['p99_us']:8.0f}µs")
    n = votes["players"]
    for key, figure in (("vote", f"vote of {n}: last ballot in, all {n} views out"),
                        ("tie", "  of which ties (the revote opens)"), ("exile", "  of which decisive (an exile)"),
                        ("voter_ack", "  the last voter's own ack alone")):
        print(f"{figure:64} {votes[key]['median_us']:8.0f}µs {votes[key]['p99_us']:8.0f}µs "
              f"{votes[key]['median_us'] / votes['pipeline']['median_us']:6.2f}×"
              + (f" (target ≤ {TARGETS['vote_vs_pipeline']:g}×, n = {votes['vote']['n']})" if key == "vote" else ""))
    print(f"CPU per {n}-player game played through: "
          + ", ".join(f"{name} {ms:.0f} ms" for name, ms in votes["cpu_ms_per_game"].items())
          + f"; the last ballot's ack {votes['answer_bytes']} bytes")
    print(f"{timers['rooms']} rooms of {timers['players']}, {timers['timers_seen']} timers seen at the devices "
          f"(rooms opened over {timers['opened_s']:.1f} s, then {timers['seconds']:.0f} s with all of them open)")
    for key, name in (("late_ms", "all"), ("late_ms_all_open", "all rooms open")):
        late = timers[key]
        figure = f"timer: next step's view at a device after the deadline — {name}"
        print(f"{figure:64} {late['median']:8.1f}ms {late['p99']:8.1f}ms   max {late['max']:.1f} ms, n = {late['n']}"
              + (f" (target p99 ≤ {TARGETS['timer_p99_ms']:g} ms)" if key == "late_ms" else ""))
    worst = sorted(timers["late_ms_by_second"], key=lambda b: -b[2])[:8]
    print("the worst seconds after all rooms were open (second: latest ms): "
          + ", ".join(f"{second}: {ms:.0f}" for second, _, ms in sorted(worst)))
    shares = ", ".join(f"{name} {share:.0%}" for name, share in timers["cpu_share_all_open"].items())
    print(f"CPU of one core once all rooms were open: {shares}")
    print("collector pauses over the whole run: "
          + "; ".join(f"{name} {pauses(gens)}" for name, gens in timers["gc_pauses"].items()))
    print(f"memory per room: gateway {timers['gateway_kib_per_room']:.0f} KiB "
          f"({timers['gateway_kib_per_room_with_connections']:.0f} KiB with its {timers['players']} connections), "
          f"engine {timers['engine_kib_per_room']:.0f} KiB; rooms stuck: {timers['rooms_stuck']}")


async def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=8, help="16-player games played through (16 votes timed each)")
    parser.add_argument("--rooms", type=int, default=500, help="rooms with running timers at once")
    parser.add_argument("--players", type=int, default=8, help="players in each of those rooms (4-16)")
    parser.add_argument("--seconds", type=float, default=60, help="how long their timers run with nobody acting")
    parser.add_argument("--spread", type=float, default=25, help="seconds over which those rooms open")
    args = parser.parse_args()
    async with game_stack() as system:
        pids = {"engine": system.engine.pid, "gateway": system.gateway.pid, "nats-server": system.nats_pid,
                "load generator": os.getpid()}
        votes = await measure_votes(system.base, system.nats_url, args.games,
                                    {name: pids[name] for name in ("engine", "gateway", "nats-server")})
        timers = await measure_timers(system.base, args.rooms, args.players, args.seconds, args.spread, pids)
        timers["gc_pauses"] = {"engine": gc_pauses(system.engine_port), "gateway": gc_pauses(system.port)}
    result = {"machine": machine(), "targets": TARGETS, "votes": votes, "timers": timers}
    print_table(result)
    write_result("ark_online", result)
    return 1 if timers["rooms_stuck"] else 0


if __name__ == "__main__":
    import uvloop

    sys.exit(uvloop.run(main()))
