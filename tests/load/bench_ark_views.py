"""In-process cost of one Ark exile vote's sixteen views: what the engine renders and what each socket compresses.

    .venv/bin/python tests/load/bench_ark_views.py [--repeat 30]

Plays the game of `bench_ark_online.py` (16 players, timers off, Rescue, Incubator on; every exile vote first a
tie, then decisive) with the rules alone, and after each last ballot measures, over `--repeat` copies of that
state (each a new state, as the engine gets one per change): the room's public part once (`hosting.public`) and
the sixteen seats' `hosting.view` of it, and their update
frames' JSON (orjson, as the engine writes them), and each frame's permessage-deflate as the gateway's
WebSocket does it (window 2^12, memLevel 5, one compressor per socket for the whole game). Prints medians over
the votes; timing fails nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import zlib
from datetime import timedelta
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ark import hosting  # noqa: E402
from echo_events.game_rules import is_rejection  # noqa: E402

from tests.unit.ark_rules.test_hosting import Hosted, auto_action  # noqa: E402 - how a player plays along

VOTE_ROOM = {"timers": False, "mode": "rescue", "incubator": True, "format": "separate"}
SEATS = 16


def frame(room: Any, seat: int, version: int, public: Any) -> bytes:
    """An update as a device receives it (the table's part is the engine's and the same in every seat's; the
    room's public part, `hosting.public`, rendered once for all sixteen, as the engine does)."""
    view = {"game_id": "r0123456789abcdef", "kind": "ark", "mode": "table", "version": version,
            "table": {"seats": SEATS, "taken": SEATS, "you": seat, "status": "playing", "settings": VOTE_ROOM,
                      "invite": "r0123456789abcdef.0123456789abcdef"},
            "game": hosting.view(room, seat, public)}
    return orjson.dumps({"type": "update", "game_id": "r0123456789abcdef", "version": version, "view": view})


def last_ballots() -> list[Any]:
    """The room after each exile vote's last ballot, in the order of the game."""
    table = Hosted(VOTE_ROOM).started(SEATS)
    after: list[Any] = []
    while table.room.phase != "finished":
        table.now += timedelta(seconds=1)
        step = table.room.step
        if step is not None and step.kind == "exile_vote":
            targets, tie = step.targets, step.attempt == 1
            for n, voter in enumerate(step.voters):
                target = targets[n % 2] if tie else targets[0]
                assert not is_rejection(table.act(hosting.seat_of(voter), type="CastExileVote", target=target))
            after.append(table.room)
            continue
        seat, action = next((s, a) for s in range(SEATS) if (a := auto_action(table.view(s))) is not None)
        assert not is_rejection(table.act(seat, **action))
    return after


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    rooms = last_ballots()
    sockets = [zlib.compressobj(wbits=-12, memLevel=5) for _ in range(SEATS)]
    render_us, bytes_out, deflate_us, deflated = [], [], [], []
    for version, room in enumerate(rooms, start=1):
        took = []
        for _ in range(args.repeat):
            state = room._replace()  # a new state of the same content
            begin = time.perf_counter()
            public = hosting.public(state)
            frames = [frame(state, seat, version, public) for seat in range(SEATS)]
            took.append((time.perf_counter() - begin) * 1e6)
        render_us.append(min(took))
        bytes_out.append(statistics.mean(len(f) for f in frames))
        took = []
        for _ in range(args.repeat):  # each socket's compressor as it stands before this frame
            copies = [c.copy() for c in sockets]
            begin = time.perf_counter()
            for c, f in zip(copies, frames, strict=True):
                c.compress(f) + c.flush(zlib.Z_SYNC_FLUSH)
            took.append((time.perf_counter() - begin) * 1e6)
        deflate_us.append(min(took))
        deflated.append(statistics.mean(len(c.compress(f) + c.flush(zlib.Z_SYNC_FLUSH))
                                        for c, f in zip(sockets, frames, strict=True)))
    print(f"{len(rooms)} exile votes of a 16-player game (median over them; the last vote's in brackets)")
    for name, values, unit in (("16 views + their frames' JSON (engine)", render_us, "µs"), ("a frame", bytes_out, "B"),
                               ("16 frames' permessage-deflate (gateway)", deflate_us, "µs"),
                               ("a frame compressed", deflated, "B")):
        print(f"{name:44} {statistics.median(values):8.0f} {unit}  [{values[-1]:.0f} {unit}]")


if __name__ == "__main__":
    main()
