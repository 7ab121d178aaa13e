"""Benchmark of Echoes of Time online: one action of a 4-player game against the bare pipeline, and many tables
with bots at once.

    .venv/bin/python tests/load/bench_eot_online.py [--rounds 5] [--actions 30] [--tables 1000]
                                                    [--table-actions 6] [--bot-level balanced]

Starts its own NATS (JetStream, file storage, `sync_interval: always` as shipped) and PostgreSQL, an engine and
a gateway as separate processes, then measures:
  action: one action of a 4-player game, four people at the table over four WebSockets — from the action sent
          until all four views are in (the actor's ack and the other three seats' updates of that version have
          come off their sockets, timed as the pipeline's are: this client's own JSON parsing out; also printed
          with it) — in rounds alternating with the bare pipeline (WebSocket → relay → NATS → JetStream append → back,
          with no game; its answer is a real action's ack), target ≤ 2× the pipeline's median. The actions
          are drawn (seeded) from what the view's `moves` offer, so every one is legal; a finished game is
          followed by a new one;
  tables: `--tables` tables at once through the gateway, each with one person (a WebSocket of his own) and
          three bots of `--bot-level`; every person plays `--table-actions` actions (each is answered once
          the bots have played up to his next turn; `--in-flight` of them awaiting their answers at once, one
          unanswered in the gateway's 5 s sent again with its id, as a client does). Memory per table: the
          engine's and the gateway's RSS once every table is open and played, less before, over the tables
          (the sockets stay open; also less their RSS once the sockets were open, before the tables). The
          bots' think time — what `bot_action` took per bot move — is the engine's own histogram
          (`echo_engine_bot_think_seconds`) over the load: its median and p99 are read from the buckets
          (linear within one; the bucket's upper edge is printed beside). The persons' answers are timed at
          the load generator: their action in, the bots' moves appended after it, the ack out — under a
          closed loop, so mostly the engine's queue (Little's law: in flight ÷ answers a second).
The action's figure also gives the engine's own part of it (`echo_engine_move_seconds`, from its buckets).
Scale down with `--tables` when the box cannot hold a thousand. Prints a table and writes
`.bench/eot_online.json`. Timing never fails anything; a refused command (still refused after being sent
again) stops the run with exit 1.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import orjson

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository: the tests' choice of actions
sys.path.insert(0, str(Path(__file__).parent))
from bench_ghost_online import Socket  # noqa: E402 - one device speaking protocol v2
from stack import (  # noqa: E402 - the benchmarks' shared start-up and floors
    bare_pipeline,
    game_stack,
    gc_pauses,
    guests,
    machine,
    rss_kib,
    summary,
    write_result,
)
from summary import pauses  # noqa: E402 - how the table writes collector pauses

from tests.unit.eot_rules.test_eot_hosting import offered  # noqa: E402 - every action a view's moves offer

KIND = "echoes_of_time"
TARGETS = {"action_vs_pipeline": 2.0}
BOT_THINK = "echo_engine_bot_think_seconds"
MOVE_SECONDS = "echo_engine_move_seconds"
LABELS = f'kind="{KIND}",'


def over(view: dict[str, Any]) -> bool:
    return view.get("table", {}).get("status") == "over"


def accepted(reply: dict[str, Any], what: str) -> dict[str, Any]:
    """The reply, if it is an ack."""
    if reply.get("type") != "ack":
        raise RuntimeError(f"{what} refused: {reply}")
    return reply


async def update_after(socket: Socket, game_id: str, version: int) -> dict[str, Any]:
    """The first update of `game_id` past `version` (kept or arriving); the pushes before it are dropped."""
    while True:
        while socket.pushes:
            frame = socket.pushes.pop(0)
            if frame.get("type") == "update" and frame.get("game_id") == game_id and frame["version"] > version:
                return frame
        _, frame = await socket.receive()  # through the socket's own reading: a log delta extends what it holds
        socket.pushes.append(frame)


async def ask_retrying(socket: Socket, frame: dict[str, Any], tries: int = 5) -> tuple[dict[str, Any], int]:
    """The answer to `frame` and how many times it was sent again: as a client does, with the same id when
    the engine did not answer in the gateway's time (`engine_unavailable`)."""
    frame["id"] = uuid.uuid4().hex
    text = orjson.dumps(frame).decode()
    again = 0
    while True:
        await socket.socket.send(text)
        while (reply := orjson.loads(await socket.socket.recv())).get("id") != frame["id"]:
            socket.pushes.append(reply)
        if reply.get("code") != "engine_unavailable" or again == tries - 1:
            return reply, again
        again += 1


def histogram(text: str, name: str, labels: str = "") -> dict[str, float]:
    """A histogram's cumulative buckets (upper edge → count) from a Prometheus text page; `labels` the ones
    before `le`, as written there (`kind="…",`)."""
    found = re.findall(rf'^{name}_bucket{{{labels}le="([^"]+)"}} (\S+)$', text, re.M)
    return {edge: float(count) for edge, count in found}


def quantile(before: dict[str, float], after: dict[str, float], q: float) -> dict[str, float | str]:
    """The q-quantile of what a histogram counted between two readings, linear within its bucket, and that
    bucket's upper edge (`+Inf`: past the last one)."""
    edges = sorted(after, key=lambda e: float(e))
    counts = [after[e] - before.get(e, 0.0) for e in edges]
    total = counts[-1] if counts else 0.0
    if not total:
        return {"value_ms": 0.0, "bucket_le_ms": "—"}
    wanted, lower, below = q * total, 0.0, 0.0
    for edge, count in zip(edges, counts, strict=True):
        if count >= wanted:
            if edge == "+Inf":
                return {"value_ms": lower * 1000, "bucket_le_ms": "+Inf"}
            upper = float(edge)
            share = (wanted - below) / (count - below) if count > below else 1.0
            return {"value_ms": (lower + share * (upper - lower)) * 1000, "bucket_le_ms": upper * 1000}
        lower, below = float(edge), count
    raise AssertionError("a cumulative histogram ends at its total")


async def page(url: str) -> str:
    async with httpx.AsyncClient(timeout=10) as client:
        return (await client.get(url)).raise_for_status().text


def metric(text: str, pattern: str) -> float:
    found = re.search(rf"^{pattern} (\S+)$", text, re.M)
    return float(found.group(1)) if found else 0.0


class FourAtATable:
    """Four people at one table of four, each on a WebSocket of his own; a new game when one ends."""

    def __init__(self, base: str, tokens: list[str]) -> None:
        self.base, self.tokens = base, tokens
        self.choose = random.Random(23)
        self.views: list[dict[str, Any]] = []
        self.last_ack, self.last_seat = "", 0

    async def start(self) -> None:
        self.seats = [await Socket.open(self.base, token) for token in self.tokens]
        await self.new_game()

    async def new_game(self) -> None:
        opened = accepted(await self.seats[0].ask({"type": "start", "kind": KIND, "seats": 4, "bots": [],
                                                         "settings": {}}), "start")
        self.game_id, invite = opened["game_id"], opened["view"]["table"]["invite"]
        for socket in self.seats[1:]:
            accepted(await socket.ask({"type": "join", "kind": KIND, "invite": invite}), "join")
        self.views = []
        for socket in self.seats:  # each seat's view as it stands; the pushes before it dropped
            reply = accepted(await socket.ask({"type": "resume", "game_id": self.game_id, "version": 0}),
                                  "resume")
            socket.pushes.clear()
            self.views.append(reply["view"])

    async def action(self) -> tuple[float, float]:
        """One action of the seat to act: the µs from it sent until all four seats' frames with its view came off
        their sockets, and until this client had read them too (its own JSON parsing, the load generator's work)."""
        if over(self.views[0]):
            await self.new_game()
        seat = next(n for n, v in enumerate(self.views) if v["game"]["moves"] is not None)
        action = self.choose.choice(offered(self.views[seat]["game"]))
        version = self.views[seat]["version"]
        others = [n for n in range(4) if n != seat]
        t0 = time.perf_counter_ns()
        reply, *updates = await asyncio.gather(
            self.seats[seat].ask({"type": "act", "game_id": self.game_id, "action": action}),
            *(update_after(self.seats[n], self.game_id, version) for n in others))
        with_client = (time.perf_counter_ns() - t0) / 1000
        arrived = (max(socket.received_ns for socket in self.seats) - self.seats[seat].sent_ns) / 1000
        accepted(reply, f"act {action}")
        self.last_ack, self.last_seat = self.seats[seat].last_text, seat
        self.seats[seat].pushes.clear()
        self.views[seat] = reply["view"]
        for n, update in zip(others, updates, strict=True):
            if update["version"] != reply["version"]:
                raise RuntimeError(f"seat {n} got version {update['version']}, the action made {reply['version']}")
            self.views[n] = update["view"]
        return arrived, with_client


async def measure_action(base: str, metrics_url: str, nats_url: str, rounds: int, actions: int) -> dict[str, Any]:
    """The action's round trip and the pipeline's, alternating; and of the action, the engine's own part
    (`echo_engine_move_seconds`: decided, appended, answered — the other seats' updates sent after it)."""
    accounts = await guests(base, 4)
    table = FourAtATable(base, [token for _, token in accounts])
    await table.start()
    for _ in range(20):  # warm-up
        await table.action()
    samples: list[float] = []
    with_client: list[float] = []
    hops: list[float] = []
    engine_before = histogram(await page(metrics_url), MOVE_SECONDS)
    async with bare_pipeline(nats_url, table.last_ack.encode()) as pipeline:
        for _ in range(rounds):
            hops += await pipeline(100)
            for _ in range(actions):
                arrived, read = await table.action()
                samples.append(arrived)
                with_client.append(read)
    engine_after = histogram(await page(metrics_url), MOVE_SECONDS)
    action, floor = summary(samples), summary(hops)
    return {"action": action, "pipeline": floor, "ratio": action["median_us"] / floor["median_us"],
            "action_read_by_client": summary(with_client),
            "engine_ms": {q: quantile(engine_before, engine_after, p) for q, p in (("median", 0.5), ("p99", 0.99))},
            "answer_bytes": len(table.last_ack),
            "update_bytes": [len(orjson.dumps(v)) for n, v in enumerate(table.views) if n != table.last_seat]}


class BotTable:
    """One person and three bots at a table of four; his answers timed."""

    def __init__(self, base: str, token: str, level: str, seed: int) -> None:
        self.base, self.token, self.level = base, token, level
        self.choose = random.Random(seed)
        self.samples: list[float] = []
        self.sent_again = 0

    async def connect(self) -> None:
        self.socket = await Socket.open(self.base, self.token)

    async def open(self) -> None:
        opened = accepted(await self.socket.ask({"type": "start", "kind": KIND, "seats": 4,
                                                      "bots": [self.level] * 3, "settings": {}}), "start")
        self.game_id, self.view = opened["game_id"], opened["view"]
        self.socket.pushes.clear()

    async def play(self, actions: int, limit: asyncio.Semaphore) -> None:
        for _ in range(actions):
            while not over(self.view) and self.view["game"]["moves"] is None:  # the bots' turns still going
                self.view = (await update_after(self.socket, self.game_id, self.view["version"]))["view"]
            if over(self.view):
                return
            action = self.choose.choice(offered(self.view["game"]))
            async with limit:
                t0 = time.perf_counter_ns()
                reply, again = await ask_retrying(self.socket, {"type": "act", "game_id": self.game_id,
                                                                "action": action})
                self.samples.append((time.perf_counter_ns() - t0) / 1000)
            self.sent_again += again
            self.view = accepted(reply, f"act {action}")["view"]
            self.socket.pushes.clear()


async def measure_tables(base: str, engine_port: int, pids: dict[str, int], n: int, actions: int, level: str,
                         in_flight: int) -> dict[str, Any]:
    accounts = await guests(base, n)
    metrics_url = f"http://127.0.0.1:{engine_port}/metrics"
    before_text = await page(metrics_url)
    rss_before = {name: rss_kib(pid) for name, pid in pids.items()}
    tables = [BotTable(base, token, level, seed) for seed, (_, token) in enumerate(accounts)]
    opening = asyncio.Semaphore(50)

    async def one(step: Any) -> None:  # noqa: ANN401 - a table's connect or open
        async with opening:
            await step()

    await asyncio.gather(*(one(t.connect) for t in tables))
    rss_connected = {name: rss_kib(pid) for name, pid in pids.items()}
    t0 = time.perf_counter()
    await asyncio.gather(*(one(t.open) for t in tables))
    opened_s = time.perf_counter() - t0
    limit = asyncio.Semaphore(in_flight)
    await asyncio.gather(*(t.play(actions, limit) for t in tables))
    seconds = time.perf_counter() - t0
    await asyncio.sleep(1.0)  # the last updates delivered
    rss_after = {name: rss_kib(pid) for name, pid in pids.items()}
    after_text = await page(metrics_url)
    for table in tables:
        await table.socket.socket.close()
    think_before, think_after = histogram(before_text, BOT_THINK, LABELS), histogram(after_text, BOT_THINK, LABELS)
    bot_moves = think_after.get("+Inf", 0.0) - think_before.get("+Inf", 0.0)
    think_sum = (metric(after_text, rf'{BOT_THINK}_sum{{kind="{KIND}"}}')
                 - metric(before_text, rf'{BOT_THINK}_sum{{kind="{KIND}"}}'))
    answers = summary([s for t in tables for s in t.samples])
    return {"tables": n, "actions_each": actions, "bot_level": level, "in_flight": in_flight,
            "opened_s": opened_s, "seconds": seconds, "person_actions": answers["n"],
            "games_over": sum(over(t.view) for t in tables),
            "cached_games": metric(after_text, "echo_engine_cached_games"),
            "rss_kib": {"before": rss_before, "connected": rss_connected, "after": rss_after},
            "kib_per_table": {name: (rss_after[name] - rss_before[name]) / n for name in pids},
            "kib_per_table_beyond_its_socket": {name: (rss_after[name] - rss_connected[name]) / n for name in pids},
            "bot_moves": bot_moves, "bot_moves_per_s": bot_moves / seconds,
            "think_ms": {"mean": 1000 * think_sum / bot_moves if bot_moves else 0.0,
                         "median": quantile(think_before, think_after, 0.5),
                         "p99": quantile(think_before, think_after, 0.99)},
            "answer": answers, "sent_again": sum(t.sent_again for t in tables)}


def print_table(result: dict[str, Any]) -> None:
    action, tables = result["action"], result["tables"]
    print(f"{'figure':62} {'median':>10} {'p99':>10} {'ratio':>8}")
    print(f"{'bare pipeline: WS→relay→NATS→append→WS (floor)':62} {action['pipeline']['median_us']:8.0f}µs "
          f"{action['pipeline']['p99_us']:8.0f}µs")
    print(f"{'one action of a 4-player game: command in, four views out':62} {action['action']['median_us']:8.0f}µs "
          f"{action['action']['p99_us']:8.0f}µs {action['ratio']:6.2f}× "
          f"(target ≤ {TARGETS['action_vs_pipeline']:g}×)")
    read = action["action_read_by_client"]
    print(f"{'  the same until this client had read all four (its own work in)':62} {read['median_us']:8.0f}µs "
          f"{read['p99_us']:8.0f}µs {read['median_us'] / action['pipeline']['median_us']:6.2f}×")
    engine = action["engine_ms"]
    print(f"{'  of it the engine: decided, appended, answered (histogram)':62} {engine['median']['value_ms']:8.2f}ms "
          f"{engine['p99']['value_ms']:8.2f}ms")
    think = tables["think_ms"]
    print(f"{tables['tables']} tables of a person and 3 {tables['bot_level']} bots, {tables['person_actions']} "
          f"actions of the persons, {tables['bot_moves']:.0f} bot moves in {tables['seconds']:.0f} s "
          f"(opened in {tables['opened_s']:.1f} s; {tables['cached_games']:.0f} games cached)")
    print(f"{'a bot move: bot_action (engine histogram; bucket edge)':62} {think['median']['value_ms']:8.2f}ms "
          f"{think['p99']['value_ms']:8.2f}ms   (≤ {think['p99']['bucket_le_ms']} ms; mean {think['mean']:.2f} ms)")
    answer = tables["answer"]
    print(f"{'a person’s action answered, the bots’ moves after it included':62} "
          f"{answer['median_us'] / 1000:8.1f}ms {answer['p99_us'] / 1000:8.1f}ms   "
          f"(sent again, unanswered in the gateway's time: {tables['sent_again']})")
    per = ", ".join(f"{name} {kib:.1f} KiB" for name, kib in tables["kib_per_table"].items())
    beyond = ", ".join(f"{name} {kib:.1f} KiB" for name, kib in tables["kib_per_table_beyond_its_socket"].items())
    print(f"memory per table (RSS after − before, ÷ tables): {per}; beyond the person's socket: {beyond}")
    print("garbage-collector pauses over the run: "
          + "; ".join(f"{name} {pauses(gens)}" for name, gens in result["gc_pauses"].items()))


async def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--actions", type=int, default=30, help="timed actions a round")
    parser.add_argument("--tables", type=int, default=1000, help="concurrent tables with bots (fewer: a smaller box)")
    parser.add_argument("--table-actions", type=int, default=6, help="actions each table's person plays")
    parser.add_argument("--bot-level", default="balanced", help="the bots' level: random, greedy, balanced")
    parser.add_argument("--in-flight", type=int, default=32, help="the persons' actions awaiting an answer at once")
    args = parser.parse_args()
    async with game_stack() as system:
        engine_port = system.engine_port
        action = await measure_action(system.base, f"http://127.0.0.1:{engine_port}/metrics", system.nats_url,
                                      args.rounds, args.actions)
        tables = await measure_tables(system.base, engine_port,
                                      {"engine": system.engine.pid, "gateway": system.gateway.pid},
                                      args.tables, args.table_actions, args.bot_level, args.in_flight)
        collected = {"engine": gc_pauses(engine_port), "gateway": gc_pauses(system.port)}  # over the whole run
    result = {"machine": machine(), "targets": TARGETS, "action": action, "tables": tables,
              "gc_pauses": collected}
    print_table(result)
    write_result("eot_online", result)
    return 0


if __name__ == "__main__":
    import uvloop

    sys.exit(uvloop.run(main()))
