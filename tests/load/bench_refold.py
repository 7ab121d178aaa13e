"""Benchmark of reading a game back: what an engine replica does with a game it does not hold (after a
restart, a game another replica held, a cache eviction) — the game's subjects read from JetStream and
folded.

    .venv/bin/python tests/load/bench_refold.py [--games 20]

Starts its own NATS (JetStream, file storage, fsync as shipped) and writes long Free games through the
engine's own store (the batches a real game stores: its creation, ~90 moves, its end), then reads each
back three ways: in batches of direct gets (what the engine does), a message at a time (one direct get
per message: the way it did before, kept here as the comparison), and the store's whole refold (read,
fold, render the log). Prints medians and writes `.bench/refold.json`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from echo_challenge import game as rules
from echo_challenge.commands import Beam, Probe
from echo_challenge.generator import generate
from echo_challenge.prng import SplitMix64
from echo_challenge.start_settings import start_settings
from echo_challenge.view import client_view
from echo_engine import games as hosted_games
from echo_engine.store import GameStore, LoadedGame
from echo_events.play import GameCreated
from echo_events.solo_start import SoloStart
from echo_events.streams import GAMES, game_events
from echo_runtime.devstack import EmbeddedNats
from echo_runtime.direct_read import read_subject
from echo_runtime.nats_client import connect, ensure_streams
from nats.js.errors import NotFoundError

sys.path.insert(0, str(Path(__file__).parent))
from stack import machine, write_result  # noqa: E402 - the benchmarks' shared helpers
from strategy import choose  # noqa: E402 - how the benchmarks play a long game


async def write_game(store: GameStore, n: int) -> tuple[str, int]:
    """A long Free game stored as the engine stores it; its id and how many messages it took."""
    meta = GameCreated(game_id=f"bench-refold-{n}", account_id="bench", mode="free", kind="echo",
                       settings=start_settings(SoloStart("standard", "bronze", free_slot=1)),
                       msk_date="2026-11-30")
    state, events = rules.start(generate("standard", 1000 + n))
    game: LoadedGame = await store.create(meta, events, "start", datetime.now(UTC))
    rng, hidden = SplitMix64(f"bench-refold-{n}"), [i for i in range(100) if state.is_hidden(i)]
    messages = 1
    while hidden and game.state.live:
        sector, tool = choose(game.state.field, hidden, client_view(game.state), rng, Probe, Beam)
        hidden.remove(sector)
        outcome = rules.decide(game.state, tool(sector=sector))
        if not isinstance(outcome, rules.Rejection):
            game = await store.append(game, outcome, f"move-{len(hidden)}", datetime.now(UTC))
            messages += 1
    return meta.game_id, messages


async def one_at_a_time(js, subject: str) -> int:  # noqa: ANN001
    """A direct get per message, each asking for the next one after the last: the floor."""
    sequence, count = 0, 0
    while True:
        try:
            raw = await js.get_msg(GAMES.name, seq=sequence + 1, subject=subject, next=True, direct=True)
        except NotFoundError:
            return count
        sequence, count = int((raw.headers or {}).get("Nats-Sequence", raw.seq or 0)), count + 1


async def timed(run, repeats: int = 5) -> float:  # noqa: ANN001
    """The median of `repeats` runs, in ms."""
    samples = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        await run()
        samples.append((time.perf_counter() - t0) * 1000)
    return statistics.median(samples)


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    hosted_games.load_installed()
    with tempfile.TemporaryDirectory(prefix="echo-bench-refold-") as folder:
        nats = EmbeddedNats(Path(folder), sync_always=True)
        url = nats.start()
        nc = await connect(url, "bench-refold")
        js = nc.jetstream()
        await ensure_streams(js)
        store = GameStore(js, nc, capacity=100)
        try:
            games = [await write_game(store, n) for n in range(args.games)]
            rows = []
            for game_id, messages in games:
                subject = game_events(game_id)
                batch = await timed(lambda s=subject: read_subject(nc, GAMES.name, s))
                single = await timed(lambda s=subject: one_at_a_time(js, s))
                refold = await timed(lambda g=game_id: store.refold(g))
                rows.append({"messages": messages, "batch_ms": batch, "one_at_a_time_ms": single, "refold_ms": refold})
        finally:
            await nc.drain()
            nats.stop()
    result = {"machine": machine(), "games": len(rows),
              "messages_median": statistics.median(r["messages"] for r in rows),
              "batch_ms": statistics.median(r["batch_ms"] for r in rows),
              "one_at_a_time_ms": statistics.median(r["one_at_a_time_ms"] for r in rows),
              "refold_ms": statistics.median(r["refold_ms"] for r in rows), "rows": rows}
    print(f"a game read back from JetStream, {result['games']} long Free games of "
          f"{result['messages_median']:.0f} messages (median):")
    print(f"  in batches of direct gets (the engine)     {result['batch_ms']:8.2f} ms")
    print(f"  a direct get per message (the floor)       {result['one_at_a_time_ms']:8.2f} ms"
          f"   {result['one_at_a_time_ms'] / result['batch_ms']:.1f}× the batch")
    print(f"  the store's refold: read, fold, render log {result['refold_ms']:8.2f} ms")
    write_result("refold", result)


if __name__ == "__main__":
    import uvloop

    uvloop.run(main())
