"""The gateway's CPU per shared-game move and per new game (run it directly; pytest does not collect it).

    .venv/bin/python tests/load/gateway_cpu.py [--pairs 20] [--games 10] [--rounds 3] [--profile FILE]

The gateway runs in this process (its app, uvicorn, its settings from a benchmark's environment), the rest as
in production beside it: PostgreSQL, NATS (fsync on), an engine process, and the players in a process of
their own (websockets' client, permessage-deflate offered as browsers and the peers' driver offer it). The
players play examples/tictactoe in `--pairs` pairs at once, in rounds: first each pair opens `--games` games
(a start, then the other's join), then plays each through (X 0, O 3, X 1, O 4, X 2: five moves, the last
ends it) — the mover's frame in, its ack out and the opponent's update out. Between the phases this process
reads its own CPU time (`getrusage`, user and system): the gateway's Python, uvicorn's and the websockets library's
framing and deflate, nats-py — and nothing of the engine, NATS or the players. Per round it prints µs of
gateway CPU per move and per new game; a CPU count is steady where wall time on a shared box is not.
`--compare deflate`: a second crowd of players whose sockets do not offer permessage-deflate, the crowds'
rounds alternated (ab, ba, …) in the one gateway, so that the box's drift falls on both; per figure, the
median of b/a over the rounds. `--compare module:flag` does the same with one crowd's sockets each, the flag
set True for b's rounds (an experiment's switch in the code, for the time of the experiment).
`--profile FILE` writes the moves' cProfile statistics to FILE and the new games' to FILE.open, of one more
round (call counts, and CPU time inflated by the profiler: read it as shares).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import uvicorn
from echo_runtime.devstack import EmbeddedNats, EmbeddedPostgres, free_port
from echo_runtime.migrate import apply_migrations
from echo_runtime.serve import _config, configure_process

sys.path.insert(0, str(Path(__file__).parent))
from stack import BENCH_ENV, start_service  # noqa: E402

SCRIPT = (0, 3, 1, 4, 2)


# ---- the players' process ----
async def _player(url: str, token: str, deflate: bool) -> tuple[Any, asyncio.Queue[dict[str, Any]]]:
    import websockets

    ws = await websockets.connect(url.replace("http", "ws") + "/ws", compression="deflate" if deflate else None,
                                  max_size=None)
    frames: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    async def read() -> None:
        async for text in ws:
            frames.put_nowait(json.loads(text))

    await ws.send(json.dumps({"type": "hello", "v": 2, "token": token}))
    welcome = json.loads(await ws.recv())
    assert welcome["type"] == "welcome", welcome
    asyncio.get_running_loop().create_task(read())
    return ws, frames


async def _answer(frames: asyncio.Queue[dict[str, Any]], command_id: str) -> dict[str, Any]:
    while True:
        frame = await frames.get()
        if frame.get("id") == command_id:
            if frame["type"] != "ack":
                raise RuntimeError(json.dumps(frame))
            return frame


async def _seen(frames: asyncio.Queue[dict[str, Any]], game_id: str, cell: int) -> None:
    while True:
        frame = await frames.get()
        if frame.get("type") == "update" and frame.get("game_id") == game_id and \
                frame["view"]["game"]["board"][cell] is not None:
            return


class Pair:
    def __init__(self, players: list[tuple[Any, asyncio.Queue[dict[str, Any]]]]) -> None:
        self.players = players
        self.games: list[str] = []
        self._ids = 0

    async def ask(self, seat: int, frame: dict[str, Any]) -> dict[str, Any]:
        self._ids += 1
        frame["id"] = f"c{self._ids}"
        await self.players[seat][0].send(json.dumps(frame))
        return await _answer(self.players[seat][1], frame["id"])

    async def open(self, games: int) -> None:
        self.games = []
        for _ in range(games):
            opened = await self.ask(0, {"type": "start", "kind": "tictactoe", "seats": 2, "settings": {}})
            await self.ask(1, {"type": "join", "kind": "tictactoe", "invite": opened["view"]["table"]["invite"]})
            self.games.append(opened["game_id"])

    async def play(self) -> int:
        moves = 0
        for game_id in self.games:
            for turn, cell in enumerate(SCRIPT):
                seat = turn % 2
                seen = asyncio.create_task(_seen(self.players[1 - seat][1], game_id, cell))
                await self.ask(seat, {"type": "act", "game_id": game_id, "action": {"type": "place", "cell": cell}})
                await seen
                moves += 1
        return moves


async def players_main(url: str, pairs: int, games: int, crowds: list[str]) -> None:
    """Guests and sockets for each crowd (`deflate`: its sockets offer permessage-deflate; `plain`: not); then
    what stdin says: `open <crowd>` (each of its pairs opens its games) or `play <crowd>` (plays them)."""
    import httpx

    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        tokens = [(await http.post("/api/v1/guest")).json()["token"] for _ in range(2 * pairs * len(crowds))]
    every: list[list[Pair]] = []
    for offer in crowds:
        every.append([Pair([await _player(url, tokens.pop(), offer == "deflate"),
                            await _player(url, tokens.pop(), offer == "deflate")]) for _ in range(pairs)])
    loop = asyncio.get_running_loop()
    print("ready", flush=True)
    while line := (await loop.run_in_executor(None, sys.stdin.readline)).strip():
        command, crowd = line.split()
        if command == "open":
            await asyncio.gather(*(pair.open(games) for pair in every[int(crowd)]))
            print("opened", pairs * games, flush=True)
        elif command == "play":
            moves = await asyncio.gather(*(pair.play() for pair in every[int(crowd)]))
            print("played", sum(moves), flush=True)


# ---- the gateway's process (this one) ----
async def gateway_main(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="echo-gateway-cpu-") as data:
        postgres = EmbeddedPostgres(Path(data) / "pg", delete_on_stop=True)
        pg_url = postgres.start()
        await apply_migrations(pg_url)
        nats = EmbeddedNats(Path(data) / "nats", sync_always=True)
        nats_url = nats.start()
        env = {"NATS_URL": nats_url, "DATABASE_URL": pg_url, "ECHO_GATEWAY_DEV_MODE": "true",
               "ECHO_GATEWAY_WS_RATE": "100000", "ECHO_GATEWAY_WS_BURST": "100000", "LOG_FORMAT": "json",
               "LOG_LEVEL": "warning", **BENCH_ENV}
        engine, _ = await asyncio.to_thread(start_service, "engine", env)
        port = free_port()
        os.environ.update({**env, "ECHO_GATEWAY_HTTP_PORT": str(port)})
        try:
            from echo_gateway.__main__ import build

            settings, app = build()
            configure_process("gateway", settings)
            server = uvicorn.Server(_config(settings, app))
            serving = asyncio.create_task(server.serve())
            for _ in range(600):
                if server.started:
                    break
                await asyncio.sleep(0.05)
            try:
                return await _measure(args, f"http://127.0.0.1:{port}")
            finally:
                server.should_exit = True
                await serving
        finally:
            engine.terminate()
            engine.wait(10)
            nats.stop()
            postgres.stop()


async def _measure(args: argparse.Namespace, url: str) -> dict[str, Any]:
    crowds = ["deflate", "plain" if args.compare == "deflate" else "deflate"] if args.compare else ["deflate"]
    players = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--players-of", url, "--pairs", str(args.pairs), "--games", str(args.games),
        "--crowds", ",".join(crowds), stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
    assert players.stdin is not None and players.stdout is not None
    toggle = _toggle(args.compare) if args.compare and args.compare != "deflate" else None

    async def step(command: str) -> tuple[int, float, float]:
        """How many the players did, and this process's user and system CPU seconds meanwhile."""
        players.stdin.write(f"{command}\n".encode())  # type: ignore[union-attr]
        before = resource.getrusage(resource.RUSAGE_SELF)
        answer = (await players.stdout.readline()).decode().split()  # type: ignore[union-attr]
        after = resource.getrusage(resource.RUSAGE_SELF)
        return int(answer[1]), after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime

    if (await players.stdout.readline()).strip() != b"ready":
        raise RuntimeError("the players did not start")
    for crowd in range(len(crowds)):  # a warm-up round: imports, caches, the first of everything
        await step(f"open {crowd}")
        await step(f"play {crowd}")
    rounds: list[list[dict[str, float]]] = [[] for _ in crowds]
    profile = cProfile.Profile(time.process_time) if args.profile else None  # CPU time, not wall time
    for index in range(args.rounds + (1 if profile else 0)):
        order = range(len(crowds)) if index % 2 == 0 else reversed(range(len(crowds)))  # drift cancels out
        for crowd in order:
            if toggle is not None:
                toggle(crowd == 1)
            if profile is not None and index == args.rounds:  # the profiled round: its figures are not the CPU's
                for phase, name in ((f"open {crowd}", f"{args.profile}.open"), (f"play {crowd}", args.profile)):
                    profile.enable()
                    await step(phase)
                    profile.disable()
                    profile.dump_stats(name)
                    profile = cProfile.Profile(time.process_time)
                break
            opened, open_user, open_system = await step(f"open {crowd}")
            moves, play_user, play_system = await step(f"play {crowd}")
            rounds[crowd].append({"move_us": (play_user + play_system) / moves * 1e6,
                                  "move_system_us": play_system / moves * 1e6,
                                  "new_game_us": (open_user + open_system) / opened * 1e6,
                                  "new_game_system_us": open_system / opened * 1e6})
            last = rounds[crowd][-1]
            print(f"round {index + 1}{'ab'[crowd] if args.compare else ''}: {last['move_us']:.0f} µs a move "
                  f"({last['move_system_us']:.0f} of it the kernel's; {moves}), {last['new_game_us']:.0f} µs a "
                  f"new game ({last['new_game_system_us']:.0f}; {opened})", flush=True)
    players.stdin.close()
    await players.wait()
    medians = [{key: statistics.median(r[key] for r in each) for key in each[0]} for each in rounds]
    if not args.compare:
        return medians[0]
    return {"a": medians[0], "b": medians[1],
            "b_over_a": {key: statistics.median(b[key] / a[key] for a, b in zip(*rounds, strict=True))
                         for key in ("move_us", "new_game_us")}}


def _toggle(where: str) -> Any:
    """`module:attribute`: a flag of an experiment, set True for crowd b's rounds and False for a's."""
    import importlib

    module, attribute = where.split(":")
    target = importlib.import_module(module)
    return lambda on: setattr(target, attribute, on)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, default=20)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--compare", help="two crowds of players, their rounds alternated: `deflate` (b's sockets "
                                          "do not offer permessage-deflate) or `module:flag` (set for b's rounds)")
    parser.add_argument("--profile", help="write the moves' cProfile statistics here, the new games' to "
                                          "FILE.open (one more round)")
    parser.add_argument("--players-of", help=argparse.SUPPRESS)  # the players' process, given the gateway's URL
    parser.add_argument("--crowds", default="deflate", help=argparse.SUPPRESS)  # and its crowds' sockets
    args = parser.parse_args()
    if args.players_of:
        asyncio.run(players_main(args.players_of, args.pairs, args.games, args.crowds.split(",")))
        return
    import uvloop  # as uvicorn runs the gateway in production (its loop "auto")

    result = uvloop.run(gateway_main(args))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
