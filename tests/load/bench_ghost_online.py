"""Benchmark of Ghost Five online: a turn's round trip against the bare pipeline, and many matches whose clocks
run out at once.

    .venv/bin/python tests/load/bench_ghost_online.py [--rounds 5] [--turns 30] [--matches 1000] [--clock-turns 6]

Starts its own NATS (JetStream, file storage, `sync_interval: always` as shipped) and PostgreSQL, an engine and
a gateway as separate processes, then measures:
  turn:   the turn's round trip over real WebSockets — from the last reveal sent (B's) until both players' frames
          with the turn's result (B's ack and A's update carrying the resolved turn) have come off their sockets,
          timed as the pipeline's are (this client's own JSON parsing out; also printed with it) — one match, one
          turn at a time, in rounds alternating with the bare pipeline (WebSocket → relay → NATS → JetStream append →
          back, with no game; its answer is a real reveal's ack), target ≤ 2× the pipeline's median;
  clocks: `--matches` matches at once through the engine (NATS requests, as the gateway sends them), move
          time 10 s and no reserve: in every turn A commits at once and B never does, so B's clock runs out
          (a deadline 12 s after the turn opened), A reveals and the turn resolves; `--clock-turns` 6 turns
          make B lose both rounds by three skips. The matches open evenly over one turn's 12 s (`--spread`),
          so their clocks run out spread over it, as in matches that did not all start together. How late
          each B clock fired — from its deadline (the view's `deadlines.clocks.B`) until A's update saying B is
          out reached the load generator — median, p99,
          max, target p99 ≤ 100 ms; and no turn lost: every match must end finished, won by A, after exactly
          that many turns, each with A's action and B's `no_commit`.
The CPU time the engine (and, over the turns, the gateway) used in each part is printed too: on a shared box
it moves less than wall time. Prints a table and writes `.bench/ghost_online.json`. Timing never fails
anything: the figures are printed
(exit 1 only when a turn was lost or a command refused).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import secrets
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import orjson
import websockets
from echo_events.play import ENGINE_SUBJECT
from echo_runtime.nats_client import connect
from ghost_five.commitment import commit_hash

sys.path.insert(0, str(Path(__file__).parent))
from stack import bare_pipeline, cpu_seconds, game_stack, guests, machine, summary, write_result  # noqa: E402

TARGETS = {"turn_vs_pipeline": 2.0, "timer_p99_ms": 100.0}
COLUMNS = "ABCDEFGHJKLMNOP"
MOVE_TIME, LAG = 10, 2.0


def cells() -> list[str]:
    """The cells of 15×15 in reading order from A1: A takes them from the front (a row, now and then), B from
    the middle."""
    return [f"{COLUMNS[c]}{r}" for r in range(1, 16) for c in range(15)]


class Socket:
    """One device speaking protocol v2 with log deltas, as the web client does: it keeps each match's whole
    log, every frame's new turns merged in as it arrives (`log_from`, extending `base_version`). Pushes that
    arrive while waiting for an answer are kept."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket
        self.pushes: list[dict[str, Any]] = []
        self.last_text = ""
        self.last_update_text = ""
        self.logs: dict[str, tuple[int, list[Any]]] = {}  # game id -> the version held and its whole log
        self.sent_ns = 0  # when the last command left (perf_counter_ns)
        self.received_ns = 0  # when the last frame came off the socket, before this client read it

    @classmethod
    async def open(cls, base: str, token: str) -> Socket:
        socket = await websockets.connect(base.replace("http", "ws") + "/ws", max_size=2**22)
        await socket.send(json.dumps({"type": "hello", "v": 2, "token": token, "log_delta": True}))
        await socket.recv()
        return cls(socket)

    def log(self, game_id: str) -> list[Any]:
        return self.logs.get(game_id, (0, []))[1]

    async def receive(self) -> tuple[str, dict[str, Any]]:
        text = await self.socket.recv()
        self.received_ns = time.perf_counter_ns()
        frame = orjson.loads(text)
        game = (frame.get("view") or {}).get("game")
        if frame.get("type") in ("ack", "update") and game is not None and "log" in game:  # a game with a log
            log = game["log"]
            if "log_from" in frame:  # one socket drops nothing: a delta extends what it holds
                version, held = self.logs[frame["game_id"]]
                assert frame["base_version"] == version and len(held) >= frame["log_from"], frame
                log = held[: frame["log_from"]] + log
            self.logs[frame["game_id"]] = (frame["version"], log)
        return text, frame

    async def ask(self, frame: dict[str, Any]) -> dict[str, Any]:
        frame["id"] = uuid.uuid4().hex
        text = orjson.dumps(frame).decode()
        self.sent_ns = time.perf_counter_ns()
        await self.socket.send(text)
        while True:
            text, reply = await self.receive()
            if reply.get("id") == frame["id"]:
                self.last_text = text
                return reply
            self.pushes.append(reply)

    async def update_with_log(self, game_id: str, turns: int) -> dict[str, Any]:
        """The first update of the game once its whole log holds more than `turns` entries (kept or arriving)."""
        while True:
            for frame in self.pushes:
                if frame.get("type") == "update" and frame.get("game_id") == game_id and \
                        len(self.log(game_id)) > turns:
                    self.pushes.clear()
                    return frame
            text, frame = await self.receive()
            if frame.get("type") == "update":
                self.last_update_text = text
            self.pushes.append(frame)


class TurnPair:
    """Two players of one match over the gateway; a new match when one ends."""

    def __init__(self, base: str, tokens: list[str]) -> None:
        self.base, self.tokens = base, tokens
        self.views: list[dict[str, Any]] = [{}, {}]

    async def start(self) -> None:
        self.a, self.b = await Socket.open(self.base, self.tokens[0]), await Socket.open(self.base, self.tokens[1])
        await self.new_match()

    async def new_match(self) -> None:
        opened = await self.a.ask({"type": "start", "kind": "ghost_five", "seats": 2, "settings": {}})
        assert opened["type"] == "ack", opened
        self.game_id = opened["game_id"]
        joined = await self.b.ask({"type": "join", "kind": "ghost_five", "invite": opened["view"]["table"]["invite"]})
        assert joined["type"] == "ack", joined
        self.views = [joined["view"]["game"], joined["view"]["game"]]
        self.a.pushes.clear()
        self.free = cells()

    async def _act(self, socket: Socket, action: dict[str, Any]) -> dict[str, Any]:
        reply = await socket.ask({"type": "act", "game_id": self.game_id, "action": action})
        assert reply["type"] == "ack", reply
        return reply

    async def turn(self) -> tuple[float, float]:
        """One turn: the µs from B's reveal sent until both players' results came off their sockets, and until
        this client had read them too (its own JSON parsing and log merging, the load generator's work)."""
        game = self.views[1]
        if game["status"] != "live" or len(self.free) < 2:
            await self.new_match()
            game = self.views[1]
        round_number, turn = game["round"], game["turn"] + 1
        moves = [f"P:{self.free.pop(0)}", f"P:{self.free.pop(len(self.free) // 2)}"]
        salts = [secrets.token_hex(32), secrets.token_hex(32)]
        for seat, socket in enumerate((self.a, self.b)):
            digest = commit_hash(game["match_id"], round_number, turn, seat, moves[seat], salts[seat])
            await self._act(socket, {"type": "commit", "commit": digest})
        await self._act(self.a, {"type": "reveal", "action": moves[0], "salt": salts[0]})
        logged = len(self.b.log(self.game_id))
        t0 = time.perf_counter_ns()
        reply, update = await asyncio.gather(
            self._act(self.b, {"type": "reveal", "action": moves[1], "salt": salts[1]}),
            self.a.update_with_log(self.game_id, logged))
        with_client = (time.perf_counter_ns() - t0) / 1000
        self.views = [update["view"]["game"], reply["view"]["game"]]
        return (max(self.a.received_ns, self.b.received_ns) - self.b.sent_ns) / 1000, with_client


async def measure_turns(base: str, nats_url: str, rounds: int, turns: int) -> dict[str, Any]:
    accounts = await guests(base, 2)
    pair = TurnPair(base, [token for _, token in accounts])
    await pair.start()
    for _ in range(10):  # warm-up
        await pair.turn()
    samples: list[float] = []
    with_client: list[float] = []
    hops: list[float] = []
    async with bare_pipeline(nats_url, pair.b.last_text.encode()) as pipeline:
        for _ in range(rounds):
            hops += await pipeline(100)
            for _ in range(turns):
                arrived, read = await pair.turn()
                samples.append(arrived)
                with_client.append(read)
    turn, floor = summary(samples), summary(hops)
    answer, update = len(pair.b.last_text), len(pair.a.last_update_text)
    whole = await pair.b.ask({"type": "resume", "game_id": pair.game_id, "version": 0})  # the same view, whole
    return {"turn": turn, "pipeline": floor, "ratio": turn["median_us"] / floor["median_us"],
            "turn_read_by_client": summary(with_client),
            "answer_bytes": answer, "update_bytes": update, "whole_view_bytes": len(pair.b.last_text),
            "log_entries": len(whole["view"]["game"]["log"])}


class ClockMatch:
    """One match of the clock load: A commits as each turn opens and reveals once B is out; B never moves."""

    def __init__(self, a: str, b: str) -> None:
        self.a, self.b = a, b
        self.game_id = ""
        self.version = 0
        self.game: dict[str, Any] = {}
        self.logged = 0  # the whole log's length (an update's view carries only the turns after `log_from`)
        self.acted: set[tuple[str, int, int]] = set()  # (what, round, turn) sent already
        self.late_ms: list[float] = []
        self.refused: list[dict[str, Any]] = []
        self.salts: dict[tuple[int, int], tuple[str, str]] = {}
        self.due_b: dict[tuple[int, int], float] = {}  # B's deadline of each (round, turn)
        self.measured: set[tuple[int, int]] = set()


class ClockLoad:
    def __init__(self, nc: Any, matches: int, turns: int) -> None:
        self.nc = nc
        self.turns = turns
        self.matches = [ClockMatch(uuid.uuid4().hex, uuid.uuid4().hex) for _ in range(matches)]
        self.by_account = {m.a: m for m in self.matches}
        self.limit = asyncio.Semaphore(100)
        self.tasks: set[asyncio.Task[None]] = set()
        self.done = asyncio.Event()

    async def ask(self, **request: Any) -> dict[str, Any]:
        if request["type"] != "get":
            request.setdefault("command_id", uuid.uuid4().hex)
        async with self.limit:
            reply = await self.nc.request(ENGINE_SUBJECT, orjson.dumps(request), timeout=30)
        return orjson.loads(reply.data)

    async def on_update(self, msg: Any) -> None:
        arrived = time.time()
        account = msg.subject.rsplit(".", 1)[1]
        match = self.by_account.get(account)
        if match is None:
            return
        update = orjson.loads(msg.data)
        if update["game_id"] != match.game_id and match.game_id:
            return
        if update["version"] <= match.version or "game" not in update["view"]:
            return
        match.version, match.game = update["version"], update["view"]["game"]
        game = match.game
        match.logged = update.get("log_from", 0) + len(game["log"])
        if game["status"] == "live":
            key = (game["round"], game["turn"] + 1)
            due = game["deadlines"]["clocks"]["B"]
            if due is not None:
                match.due_b[key] = due
            elif key in match.due_b and key not in match.measured and game["reveal_since"] is not None:
                match.measured.add(key)  # B is out: its clock fired
                match.late_ms.append((arrived - match.due_b[key]) * 1000)
        self.react(match)

    def react(self, match: ClockMatch) -> None:
        game = match.game
        if game.get("status") != "live":
            if all(m.game.get("status") not in (None, "live") for m in self.matches):
                self.done.set()
            return
        if match.logged >= self.turns:
            return
        key = (game["round"], game["turn"] + 1)
        if not game["open_turn"]["A"]["committed"] and ("commit", *key) not in match.acted:
            match.acted.add(("commit", *key))
            action, salt = f"P:{COLUMNS[2 * (key[1] - 1)]}{key[0] + 1}", secrets.token_hex(32)
            match.salts[key] = (action, salt)
            digest = commit_hash(game["match_id"], key[0], key[1], 0, action, salt)
            self.spawn(match, {"type": "commit", "commit": digest})
        elif game.get("reveal_since") is not None and ("reveal", *key) not in match.acted and key in match.salts:
            match.acted.add(("reveal", *key))
            action, salt = match.salts[key]
            self.spawn(match, {"type": "reveal", "action": action, "salt": salt})

    def spawn(self, match: ClockMatch, action: dict[str, Any]) -> None:
        async def act() -> None:
            reply = await self.ask(type="act", account_id=match.a, game_id=match.game_id, action=action)
            if not reply.get("ok"):
                match.refused.append(reply)

        task = asyncio.create_task(act())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def open_all(self, spread: float) -> None:
        """Every match opened, evenly over `spread` seconds: their clocks then run out spread over a turn, as
        matches that did not all start at once do (0: all at once, a burst every turn)."""
        start = time.perf_counter()

        async def one(n: int, match: ClockMatch) -> None:
            await asyncio.sleep(max(0.0, start + spread * n / len(self.matches) - time.perf_counter()))
            opened = await self.ask(type="open", account_id=match.a, kind="ghost_five", seats=2,
                                    settings={"move_time": MOVE_TIME, "reserve": 0})
            assert opened["ok"], opened
            match.game_id = opened["game_id"]
            joined = await self.ask(type="join", account_id=match.b, invite=opened["view"]["table"]["invite"])
            assert joined["ok"], joined
            if joined["version"] > match.version:
                match.version, match.game = joined["version"], joined["view"]["game"]
                match.logged = len(match.game["log"])
            self.react(match)

        await asyncio.gather(*(one(n, m) for n, m in enumerate(self.matches)))


async def measure_clocks(nats_url: str, matches: int, turns: int, spread: float) -> dict[str, Any]:
    nc = await connect(nats_url, "bench")
    load = ClockLoad(nc, matches, turns)
    await nc.subscribe("echo.updates.*", cb=load.on_update, pending_msgs_limit=10**6, pending_bytes_limit=2**31)
    t0 = time.perf_counter()
    await load.open_all(spread)
    opened_s = time.perf_counter() - t0
    expected = turns * (MOVE_TIME + LAG) + 60
    try:
        await asyncio.wait_for(load.done.wait(), expected)
    except TimeoutError:
        pass
    elapsed = time.perf_counter() - t0
    lost = 0
    for match in load.matches:
        reply = await load.ask(type="get", account_id=match.a, game_id=match.game_id)
        if not reply.get("ok"):
            print("get refused", reply)
            lost += 1
            continue
        view = reply["view"]["game"]
        log = view["log"]
        fine = (view["status"] == "finished" and view["winner"] == "A" and len(log) == turns
                and all(e["void"] == {"A": None, "B": "no_commit"} and e["actions"]["A"] for e in log))
        lost += not fine
    await nc.drain()
    late = [ms for m in load.matches for ms in m.late_ms]
    stats = summary([ms * 1000 for ms in late])  # in µs, as every summary
    return {"matches": matches, "turns_each": turns, "spread_s": spread, "opened_s": opened_s, "seconds": elapsed,
            "timers_measured": len(late), "late_ms": {"median": stats["median_us"] / 1000,
                                                      "p99": stats["p99_us"] / 1000, "max": stats["max_us"] / 1000,
                                                      "min": min(late, default=0.0)},
            "matches_with_a_lost_turn": lost, "refused": sum(len(m.refused) for m in load.matches)}


def print_table(result: dict[str, Any]) -> None:
    turn, clocks = result["turn"], result["clocks"]
    print(f"{'figure':62} {'median':>10} {'p99':>10} {'ratio':>8}")
    print(f"{'bare pipeline: WS→relay→NATS→append→WS (floor)':62} {turn['pipeline']['median_us']:8.0f}µs "
          f"{turn['pipeline']['p99_us']:8.0f}µs")
    print(f"{'turn round trip: last reveal in, both results out':62} {turn['turn']['median_us']:8.0f}µs "
          f"{turn['turn']['p99_us']:8.0f}µs {turn['ratio']:6.2f}× (target ≤ {TARGETS['turn_vs_pipeline']:g}×)")
    read = turn["turn_read_by_client"]
    print(f"{'  the same until this client had read both (its own work in)':62} {read['median_us']:8.0f}µs "
          f"{read['p99_us']:8.0f}µs {read['median_us'] / turn['pipeline']['median_us']:6.2f}×")
    late = clocks["late_ms"]
    print(f"{clocks['matches']} matches, {clocks['turns_each']} turns each, {clocks['timers_measured']} B clocks "
          f"measured over {clocks['seconds']:.0f} s (opened over {clocks['opened_s']:.1f} s)")
    print(f"{'clock fired after its deadline (to the player)':62} {late['median']:8.1f}ms {late['p99']:8.1f}ms "
          f"  max {late['max']:.1f} ms (target p99 ≤ {TARGETS['timer_p99_ms']:g} ms)")
    print(f"matches with a lost turn: {clocks['matches_with_a_lost_turn']}; commands refused: {clocks['refused']}")
    print(f"CPU over the turns (warm-up, new matches and the pipeline's rounds included): engine "
          f"{turn['engine_cpu_s']:.2f} s, gateway {turn['gateway_cpu_s']:.2f} s; engine over the clock load "
          f"{clocks['engine_cpu_s']:.1f} s")


async def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--turns", type=int, default=30, help="timed turns a round")
    parser.add_argument("--matches", type=int, default=1000, help="concurrent matches with running clocks")
    parser.add_argument("--clock-turns", type=int, default=6, help="turns each clock match plays (6: B loses)")
    parser.add_argument("--spread", type=float, default=MOVE_TIME + LAG,
                        help="seconds over which the clock matches open (0: all at once)")
    args = parser.parse_args()
    async with game_stack() as system:
        engine, gateway = system.engine, system.gateway
        started = cpu_seconds(engine.pid), cpu_seconds(gateway.pid)
        turn = await measure_turns(system.base, system.nats_url, args.rounds, args.turns)
        turned = cpu_seconds(engine.pid)
        turn["engine_cpu_s"], turn["gateway_cpu_s"] = turned - started[0], cpu_seconds(gateway.pid) - started[1]
        clocks = await measure_clocks(system.nats_url, args.matches, args.clock_turns, args.spread)
        clocks["engine_cpu_s"] = cpu_seconds(engine.pid) - turned
    result = {"machine": machine(), "targets": TARGETS, "turn": turn, "clocks": clocks}
    print_table(result)
    write_result("ghost_online", result)
    return 1 if clocks["matches_with_a_lost_turn"] or clocks["refused"] else 0


if __name__ == "__main__":
    import uvloop

    sys.exit(uvloop.run(main()))
