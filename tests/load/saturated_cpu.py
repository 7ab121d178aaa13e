"""The server CPU a saturated move costs, on this platform and on the peers: where the capacity benchmark's
saturated moves/s go (tests/load/bench_peers.py).

    .venv/bin/python tests/load/saturated_cpu.py [--systems echo,echo-together,bgio,colyseus] [--rounds 3]
                                                 [--seconds 10] [--players 40]

For each system in turn (alternated, each server started afresh, as `bench_peers` starts it): the saturated
phase of the peers' driver (`--players` players, every pair moving as soon as the last move was seen, a new game
every five moves), and the CPU time (user + system, `/proc/<pid>/stat`) each server process used meanwhile,
divided by the moves made — ours split into the engine, the gateway, nats-server and PostgreSQL (one process
when the engine runs in the gateway's). A CPU time is steadier than a throughput on a shared box, but still a
time figure: compare systems within one run. Prints a line a round and writes `.bench/saturated_cpu.json`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from bench_peers import SYSTEMS, EchoPlatform, NodePeer, drive, node_missing, peers_folder, server  # noqa: E402
from stack import cpu_seconds, machine, write_result  # noqa: E402


def roles(running: EchoPlatform | NodePeer) -> dict[str, list[int]]:
    """The server's processes by what they are."""
    if isinstance(running, NodePeer):
        return {"server": running.pids()}
    named = {"engine": [e.pid for e in running.engines],
             "gateway" if running.engines else "engine+gateway": [running.gateway.pid],
             "nats-server": [running.nats.pid or 0]}
    known = {pid for pids in named.values() for pid in pids}
    return {**named, "postgresql": [pid for pid in running.pids() if pid not in known]}


def used(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        try:
            total += cpu_seconds(pid)
        except OSError:  # a PostgreSQL backend that ended meanwhile
            pass
    return total


def one_round(folder: Path, system: str, players: int, seconds: float) -> dict[str, Any]:
    with server(folder, system) as running:
        time.sleep(2)
        processes = {role: pids for role, pids in roles(running).items() if pids}
        before = {role: used(pids) for role, pids in processes.items()}
        out = drive(folder, system, running.url, "saturate", players=players, seconds=seconds)
        after = {role: used(pids) for role, pids in processes.items()}
    moves = out["moves"]
    per_move = {role: 1000 * (after[role] - before[role]) / moves for role in processes}
    return {"moves": moves, "moves_per_s": out["moves_per_s"], "cpu_ms_per_move": per_move,
            "total_ms_per_move": sum(per_move.values())}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--systems", default=",".join(SYSTEMS))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--players", type=int, default=40)
    args = parser.parse_args()
    if reason := node_missing():
        print(f"saturated_cpu skipped: {reason}")
        return 0
    folder, systems = peers_folder(), args.systems.split(",")
    rounds: dict[str, list[dict[str, Any]]] = {system: [] for system in systems}
    for number in range(args.rounds):
        for system in systems[number % len(systems):] + systems[: number % len(systems)]:
            result = one_round(folder, system, args.players, args.seconds)
            rounds[system].append(result)
            parts = " · ".join(f"{role} {ms:.2f}" for role, ms in result["cpu_ms_per_move"].items())
            print(f"round {number + 1} {system:14} {result['moves_per_s']:7.0f} moves/s  "
                  f"{result['total_ms_per_move']:.2f} ms CPU a move ({parts})", flush=True)
    medians = {system: statistics.median(r["total_ms_per_move"] for r in rounds[system]) for system in systems}
    print("median server CPU a saturated move: " + " · ".join(f"{s} {ms:.2f} ms" for s, ms in medians.items()))
    write_result("saturated_cpu", {"rounds": rounds, "median_ms_per_move": medians, "players": args.players,
                                   "seconds": args.seconds, "machine": machine()})
    return 0


if __name__ == "__main__":
    sys.exit(main())
