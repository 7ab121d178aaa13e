"""Benchmark of the gateway's work for one game frame, in process (run it directly; pytest does not collect it).

    .venv/bin/python tests/load/bench_gateway_frames.py [--repeats 3000] [--deflate]

A real view each — an Ark room of 16 at its fourth exile vote (seat 0's), a Ghost Five match 20 turns in,
Echo Challenge's Tutorial played through (a move's update as a log delta of one entry, to a device that
holds the base) — written by the engine's own outbox and reply encoding, then handled by a gateway connection
(`echo_gateway.ws.connection`) whose socket and NATS are stand-ins: the time is the gateway's Python alone
for one update (`_on_update`) and for one `act`'s ack (`_command`, its request written, its answer read), the
median over `--repeats`; beside the ack, what it would cost if the engine answered with the `PlayReply` alone
(`ack_as_reply_us`: the reply parsed, the view written again into the ack, in place of the frame's ~6 µs of
splicing) — why the engine also writes frames. With `--deflate` the stand-in socket also compresses each frame as
permessage-deflate does (zlib, the context kept), which the real socket does after these figures.
Writes `.bench/gateway_frames.json`.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
import zlib
from pathlib import Path
from typing import Any

import orjson
from echo_engine.outbox import Outbox, Update
from echo_engine.view_logs import log_of
from echo_engine.wire import encode_frame, encode_reply
from echo_events.play import PlayReply
from echo_gateway.engine_client import Holders
from echo_gateway.ws.connection import Connection
from echo_gateway.ws.log_deltas import LogDeltas
from echo_gateway.ws.protocol import Act
from nats.aio.msg import Msg

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository: the Ark tests' driver
from stack import machine, write_result  # noqa: E402

from tests.unit.ark_rules.ark_helpers import default_move, play_until, started, step_is  # noqa: E402


class Socket:
    def __init__(self, deflate: bool) -> None:
        self._deflate = zlib.compressobj(wbits=-15) if deflate else None

    async def send_text(self, text: str) -> None:
        if self._deflate is not None:
            self._deflate.compress(text.encode())
            self._deflate.flush(zlib.Z_SYNC_FLUSH)


class Nats:
    """Keeps the updates published; answers each request with the next of the answers it was given, handed
    to the gateway's reply subscription (`echo_runtime.replies`) as the client would read it."""

    def __init__(self) -> None:
        self.published: list[Msg] = []
        self.answers: list[Msg] = []
        self.max_payload = 1 << 20
        self._on_reply: Any = None  # the reply mux's callback (`echo_runtime.replies`)

    def new_inbox(self) -> str:
        return "_INBOX.bench"

    async def publish(self, subject: str, data: bytes = b"", reply: str = "",
                      headers: dict[str, str] | None = None) -> None:
        if subject.startswith("echo.updates."):  # (not the device's presence)
            self.published.append(Msg(_client=None, subject=subject, data=data, headers=headers))  # type: ignore[arg-type]
        elif reply:
            answer = self.answers.pop()
            asyncio.get_running_loop().create_task(self._on_reply(
                Msg(_client=None, subject=reply, data=answer.data, headers=answer.headers)))  # type: ignore[arg-type]

    async def subscribe(self, subject: str, *_: Any, cb: Any = None, **__: Any) -> Any:
        if subject.startswith("_INBOX"):
            self._on_reply = cb
        return self

    async def unsubscribe(self) -> None:
        return None

    def answer(self, replies: list[PlayReply]) -> None:
        """What the engine writes for each, ready before the timing (as the gateway asks: frames)."""
        self.answers = []
        for reply in reversed(replies):
            framed = encode_frame(reply, "replica-1")
            assert framed is not None
            self.answers.append(Msg(_client=None, subject="_INBOX.x", data=framed[0], headers=framed[1]))  # type: ignore[arg-type]


def table(game: dict[str, Any], seats: int) -> dict[str, Any]:
    return {"game_id": "g1", "kind": "bench", "mode": "table", "version": 1,
            "table": {"seats": seats, "taken": seats, "you": 0, "status": "playing", "settings": {}}, "game": game}


def ark_view() -> dict[str, Any]:
    room = started(16)
    for _ in range(3):
        play_until(room, step_is("exile_vote"))
        default_move(room)
    play_until(room, step_is("exile_vote"))
    return table(room.view("p1"), 16)


def ghost_view() -> dict[str, Any]:
    from ghost_five.bot import choose
    from ghost_five.driver import Driver
    from ghost_five.script import Token
    from ghost_five.settings import Settings
    from ghost_five.view import view

    driver, seed = Driver(Settings(board=15)), 1
    while not (driver.state.live and driver.state.board.turn >= 20):
        if not driver.state.live:  # a match that ended first: the next seed's
            driver, seed = Driver(Settings(board=15)), seed + 1
        actions = [choose(driver.state, seat, "easy", seed) for seat in (0, 1)]
        driver.play((Token(actions[0], None), Token(actions[1], None)))
    return table(view(driver.state, 0), 2)


def echo_view() -> dict[str, Any]:
    from echo_challenge import game
    from echo_challenge.commands import Beam, Probe
    from echo_challenge.tutorial import SCRIPT, tutorial_setup
    from echo_challenge.view import client_view

    state, _ = game.start(tutorial_setup())
    for step in SCRIPT:
        state, _ = game.play(state, (Probe if step.tool == "probe" else Beam)(sector=step.sector))
    return {**client_view(state), "game_id": "g1", "mode": "tutorial", "version": len(SCRIPT)}


def connection(nc: Nats, deflate: bool) -> Connection:
    device = Connection(Socket(deflate), nc, None, None, Holders(), None)  # type: ignore[arg-type]
    device._account = "a"
    return device


async def time_updates(view: dict[str, Any], repeats: int, deflate: bool, delta: bool) -> float:
    """Each update a new version; with `delta`, each a move's: one log entry onto what the device holds."""
    nc = Nats()
    outbox = Outbox(nc)  # type: ignore[arg-type]
    for n in range(repeats + 1):
        version = 10 + n
        if delta:
            log = view["log"] + [view["log"][-1]] * (n + 1)
            await outbox.publish(Update("a", "g1", version, {**view, "log": log}, (version - 1, len(log) - 1)))
        else:
            await outbox.publish(Update("a", "g1", version, view))
    device = connection(nc, deflate)
    if delta:
        device._logs = LogDeltas()
        device._logs.whole("g1", 9, len(view["log"]))
    timings = []
    for msg in nc.published:
        start = time.perf_counter_ns()
        await device._on_update(msg)
        timings.append((time.perf_counter_ns() - start) / 1000)
    return statistics.median(timings[1:])  # the first one seats the device (presence)


async def time_acks(view: dict[str, Any], repeats: int, deflate: bool) -> float:
    nc = Nats()
    nc.answer([PlayReply(ok=True, game_id="g1", version=10 + i, view=view) for i in range(repeats)])
    device = connection(nc, deflate)
    account = type("Identity", (), {"account_id": "a"})()
    timings = []
    for i in range(repeats):
        command = Act(type="act", id=f"c{i}", game_id="g1", action={"type": "vote", "target": "p2"})
        start = time.perf_counter_ns()
        await device._command(account, command)  # type: ignore[arg-type]
        timings.append((time.perf_counter_ns() - start) / 1000)
    return statistics.median(timings[1:])


def time_acks_as_replies(view: dict[str, Any], repeats: int) -> float:
    """The gateway's JSON work for one ack were the engine's answer a `PlayReply`: parsed, what the gateway decides
    on read from the view (its log's length), the ack written with the view in it."""
    answer = encode_reply(PlayReply(ok=True, game_id="g1", version=10, view=view), "replica-1")
    timings = []
    for i in range(repeats):
        start = time.perf_counter_ns()
        reply = orjson.loads(answer)
        log_of(reply["view"])
        orjson.dumps({"type": "ack", "id": f"c{i}", "duplicate": reply.get("duplicate", False),
                      "game_id": reply["game_id"], "version": reply["version"], "view": reply["view"]}).decode()
        timings.append((time.perf_counter_ns() - start) / 1000)
    return statistics.median(timings)


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=3000)
    parser.add_argument("--deflate", action="store_true", help="the stand-in socket compresses each frame too")
    args = parser.parse_args()
    results: dict[str, Any] = {}
    for name, view in (("ark 16 seats, a vote", ark_view()), ("ghost five, 20 turns", ghost_view())):
        results[name] = {"view_bytes": len(orjson.dumps(view)),
                         "update_us": await time_updates(view, args.repeats, args.deflate, delta=False),
                         "ack_us": await time_acks(view, args.repeats, args.deflate),
                         "ack_as_reply_us": time_acks_as_replies(view, args.repeats)}
    echo = echo_view()
    results["echo tutorial, a move's delta"] = {"view_bytes": len(orjson.dumps(echo)),
                                                 "update_us": await time_updates(echo, args.repeats, args.deflate,
                                                                                 delta=True)}
    for name, figures in results.items():
        ack = (f", ack {figures['ack_us']:.1f} µs (as a parsed reply: "
               f"{figures['ack_as_reply_us']:.1f} µs of JSON)" if "ack_us" in figures else "")
        print(f"{name} ({figures['view_bytes']} B a view): update {figures['update_us']:.1f} µs{ack}"
              + (" (with deflate)" if args.deflate else ""))
    write_result("gateway_frames", {"machine": machine(), "deflate": args.deflate, "repeats": args.repeats,
                                    "frames": results})


if __name__ == "__main__":
    asyncio.run(main())
