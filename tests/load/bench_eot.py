"""Benchmark of the Echoes of Time rules: the balance run beside the design table, the bots' strength, speed.

    .venv/bin/python tests/load/bench_eot.py [--games 300] [--duel-games 300] [--budget 180] [--workers N]

Prints three sections and writes `.bench/eot.json`:
- balance: `eotctl random`'s aggregate (`echoes_of_time.bots.selfplay.aggregate`) for `greedy` and
  `balanced` at 2, 3 and 4 players, beside the card set's design table (docs/games/echoes-of-time.md,
  "Balance as designed", 600 games a row); a row
  with a percentage more than 5 points from the table is flagged with the cells that moved. The first
  games of every row time the run; when `--games` per row would not fit in `--budget` seconds, the largest
  count that fits is played and printed (sampling error of one 2-player rate at 300 games: about ±2.9 points);
- bots: the `strong` level against `random`, `casual` against `random` and `strong` against `casual`
  (a third as many games each), in 2-player games with the seats
  swapped every game; target ≥ 90 % for strong vs random (judged on the measured rate, with its 95 % interval);
- speed: a whole 4-player game folded from its events (target ≤ 50 ms) and one decision as the engine makes
  it — the command decided and applied, its events' public log entries added to those kept (`hosting.compact`),
  then all four seats' views rendered from one public state and the kept log (target ≤ 5 ms), wall and thread
  CPU time.
Timing is measured, not asserted: a figure over its target is printed as such; the exit code is 1 only when
a game crashed, stalled or had a command refused.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from echo_events.game_rules import Refused
from echoes_of_time import fold, hosting
from echoes_of_time.bots import LEVELS
from echoes_of_time.bots.selfplay import SelfPlay, aggregate, self_play
from echoes_of_time.game import play
from echoes_of_time.script import parse_line

sys.path.insert(0, str(Path(__file__).parent))
from stack import results_path  # noqa: E402 - where every benchmark writes its figures

TARGETS = {"fold_4p_ms": 50.0, "decision_4_views_ms": 5.0, "strong_vs_random_pct": 90.0}
MOVED_POINTS = 5.0
CALIBRATION_GAMES = 6
POLICIES = ("greedy", "balanced")

# The design table ("Balance as designed" in docs/games/echoes-of-time.md, 600 games per row): rounds mean
# (p10, p90), first flag A/B/C % (2+ flags %), seat wins % (round-1 order), win % by main faction W/F/S/E,
# ★ VP per card, shared wins %.
PUBLISHED: dict[tuple[int, str], dict[str, Any]] = {
    (2, "greedy"): {"rounds": (11.6, 10, 13), "flags": (40, 14, 47, 15), "seats": (51.8, 48.2),
                    "factions": (55.7, 57.1, 48.9, 47.1), "star": 4.61, "shared": 3.0},
    (3, "greedy"): {"rounds": (11.2, 10, 13), "flags": (37, 11, 52, 16), "seats": (34.6, 33.4, 32.0),
                    "factions": (36.0, 35.5, 33.0, 31.6), "star": 4.37, "shared": 3.8},
    (4, "greedy"): {"rounds": (11.0, 10, 12), "flags": (31, 15, 54, 22), "seats": (26.4, 23.5, 24.0, 26.1),
                    "factions": (26.1, 29.1, 25.8, 23.1), "star": 4.31, "shared": 4.2},
    (2, "balanced"): {"rounds": (11.7, 10, 13), "flags": (43, 16, 41, 18), "seats": (53.4, 46.6),
                      "factions": (50.6, 48.9, 48.4, 53.2), "star": 4.64, "shared": 3.2},
    (3, "balanced"): {"rounds": (11.2, 10, 13), "flags": (37, 11, 51, 20), "seats": (34.2, 34.7, 31.1),
                      "factions": (33.6, 36.4, 31.8, 33.0), "star": 4.36, "shared": 3.7},
    (4, "balanced"): {"rounds": (10.9, 10, 12), "flags": (40, 16, 45, 15), "seats": (25.4, 23.6, 27.1, 23.9),
                      "factions": (30.7, 27.3, 20.1, 22.7), "star": 4.31, "shared": 2.5},
}


# --- games, played in worker processes ---
def _game(job: tuple[Any, int, str, int]) -> tuple[SelfPlay | None, float]:
    """One self-play game, slimmed to what `aggregate` reads; None when it crashed. Returns its CPU seconds."""
    policy, players, seed, rotation = job
    c0 = time.thread_time()
    try:
        game = self_play(policy, players, seed, rotation)
    except Exception:  # noqa: BLE001 - a crash is a figure of the run
        return None, time.thread_time() - c0
    game.events = [e for e in game.events if type(e).__name__ in ("GameStarted", "EndFlagRaised")]
    game.lines = []
    return game, time.thread_time() - c0


def _play_all(pool: ProcessPoolExecutor, jobs: list[tuple[Any, int, str, int]]) -> list[tuple[SelfPlay | None, float]]:
    return list(pool.map(_game, jobs))


def _jobs(policy: Any, players: int, prefix: str, first: int, last: int) -> list[tuple[Any, int, str, int]]:
    return [(policy, players, f"{prefix}-{k}", k) for k in range(first, last)]


# --- balance ---
def _cells(row: dict[str, Any]) -> dict[str, float]:
    """The percentage cells of a row, named, in the published table's shape."""
    cells = {f"flag {f}": row["flags"][i] for i, f in enumerate(("A", "B", "C"))}
    cells["2+ flags"] = row["flags"][3]
    cells |= {f"seat {i + 1}": v for i, v in enumerate(row["seats"])}
    cells |= {f"faction {f}": v for f, v in zip("WFSE", row["factions"], strict=True)}
    cells["shared"] = row["shared"]
    return cells


def _measured_row(stats: dict[str, Any]) -> dict[str, Any]:
    flags = stats["first_flag_pct"]
    return {"rounds": (stats["rounds"]["mean"], stats["rounds"]["p10"], stats["rounds"]["p90"]),
            "flags": (flags["A"], flags["B"], flags["C"], stats["multi_flag_pct"]),
            "seats": tuple(stats["seat_win_pct"]), "factions": tuple(stats["faction_win_pct"].values()),
            "star": stats["star_vp_per_card"], "shared": stats["shared_win_pct"]}


def _moved(measured: dict[str, Any], published: dict[str, Any]) -> list[str]:
    now, then = _cells(measured), _cells(published)
    return [f"{name} {then[name]:g}→{now[name]:g}" for name in then if abs(now[name] - then[name]) > MOVED_POINTS]


def _row_text(row: dict[str, Any]) -> str:
    mean, p10, p90 = row["rounds"]
    a, b, c, multi = row["flags"]
    return (f"{mean:5.1f} ({p10}–{p90})  {a:4.0f} /{b:4.0f} /{c:4.0f} ({multi:.0f})  "
            f"{' / '.join(f'{s:.1f}' for s in row['seats']):<26}"
            f"{'/'.join(f'{f:.1f}' for f in row['factions']):<22}{row['star']:6.2f}{row['shared']:7.1f}")


def bench_balance(pool: ProcessPoolExecutor, games: int, budget_s: float, workers: int) -> dict[str, Any]:
    rows = [(n, policy) for policy in POLICIES for n in (2, 3, 4)]
    started = time.perf_counter()
    played: dict[tuple[int, str], list[tuple[SelfPlay | None, float]]] = {}
    wall_per_game: dict[tuple[int, str], float] = {}
    calibration = min(games, CALIBRATION_GAMES)
    for row in rows:
        t0 = time.perf_counter()
        played[row] = _play_all(pool, _jobs(row[1], row[0], "balance", 0, calibration))
        wall_per_game[row] = (time.perf_counter() - t0) / calibration
    full_s = sum(wall_per_game.values()) * games
    left_s = budget_s - (time.perf_counter() - started)
    count = games if full_s <= budget_s else max(calibration, calibration + int(left_s / sum(wall_per_game.values())))
    count = min(games, count)
    for n, policy in rows:
        played[(n, policy)] += _play_all(pool, _jobs(policy, n, "balance", calibration, count))
    report: dict[str, Any] = {"games_per_row": count, "asked_per_row": games, "projected_full_s": full_s,
                              "wall_s": time.perf_counter() - started, "rows": []}
    for n, policy in rows:
        results = played[(n, policy)]
        stats = aggregate([g for g, _ in results if g is not None], sum(g is None for g, _ in results))
        measured = _measured_row(stats)
        report["rows"].append({"players": n, "policy": policy, "stats": stats,
                               "moved": _moved(measured, PUBLISHED[(n, policy)]),
                               "wall_s_per_game": wall_per_game[(n, policy)],
                               "cpu_s_per_game": statistics.mean(cpu for _, cpu in results)})
    return report


def print_balance(report: dict[str, Any]) -> None:
    print(f"balance run: {report['games_per_row']} games per row (asked {report['asked_per_row']}; all of them "
          f"would take ≈ {report['projected_full_s']:.0f} s on this machine now), played in {report['wall_s']:.0f} s")
    print(f"{'N':>2} {'policy':<9}{'':<5}{'rounds':<13}{'first flag A/B/C (2+)':<23}{'seat wins %':<26}"
          f"{'faction W/F/S/E %':<22}{'★/card':>6}{'shared':>7}")
    for row in report["rows"]:
        n, policy = row["players"], row["policy"]
        print(f"{n:>2} {policy:<9}{'spec':<5}{_row_text(PUBLISHED[(n, policy)])}")
        print(f"{'':>2} {'':<9}{'now':<5}{_row_text(_measured_row(row['stats']))}")
        stats = row["stats"]
        health = f"crashes {stats['crashes']}, stalls {stats['stalls']}, refused {stats['agent_rejections']}"
        moved = "; ".join(row["moved"]) if row["moved"] else "none"
        print(f"{'':>17}{health}; moved > {MOVED_POINTS:g} points: {moved}")


# --- bots ---
def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return 100 * (centre - half), 100 * (centre + half)


def bench_duel(pool: ProcessPoolExecutor, first: str, second: str, games: int) -> dict[str, Any]:
    """`first` against `second` in 2-player games, seats swapped every game (a shared win counts half)."""
    policies = (LEVELS.get(first, first), LEVELS.get(second, second))
    results = _play_all(pool, _jobs(list(policies), 2, f"duel-{first}-{second}", 0, games))
    wins, done = 0.0, 0
    for game, _ in results:
        if game is None or game.stalled or game.table.result is None:
            continue
        done += 1
        winners = game.table.result["winners"]
        wins += sum(1 / len(winners) for p in winners if game.policies[p] == policies[0])
    low, high = wilson(wins, done)
    return {"first": first, "second": second, "policies": list(policies), "games": games, "finished": done,
            "win_pct": 100 * wins / done if done else 0.0, "ci95": [low, high],
            "failed": games - done}


# --- speed ---
def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench_speed(games: int) -> dict[str, Any]:
    folds: list[tuple[int, float]] = []
    wall, cpu = [], []
    for k in range(games):
        policy = ("random", "greedy", "balanced")[k % 3]
        game = self_play(policy, 4, f"speed-{k}")
        if fold(game.events) != game.table:
            raise AssertionError(f"the fold of speed-{k} differs from the played table")
        best = math.inf
        for _ in range(5):
            t0 = time.perf_counter()
            fold(game.events)
            best = min(best, time.perf_counter() - t0)
        folds.append((len(game.events), best * 1000))
        table, log = hosting.compact(fold(game.events[:_first_turn(game)]))
        for line_command in _commands_of(game):
            c0, t0 = time.thread_time(), time.perf_counter()
            outcome = play(table, line_command)
            if isinstance(outcome, Refused):
                raise AssertionError(f"speed-{k}: a replayed command was refused: {outcome.code}")
            table, entries = hosting.compact(outcome[0])  # as the engine keeps a game (its store's `advanced`)
            log += entries
            public = hosting.public(table)
            for seat in range(4):
                hosting.view(table, seat, public, log)
            wall.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.thread_time() - c0) * 1000)
    fold_ms = [ms for _, ms in folds]
    return {
        "fold": {"games": len(folds), "mean_events": statistics.mean(n for n, _ in folds),
                 "max_events": max(n for n, _ in folds), "median_ms": statistics.median(fold_ms),
                 "max_ms": max(fold_ms)},
        "decision": {"n": len(wall), "median_ms": statistics.median(wall), "p99_ms": pct(wall, 0.99),
                     "max_ms": max(wall), "cpu_median_ms": statistics.median(cpu), "cpu_p99_ms": pct(cpu, 0.99)},
    }


def _first_turn(game: SelfPlay) -> int:
    """The events of setup: up to and including the first TurnStarted."""
    return next(i for i, e in enumerate(game.events) if type(e).__name__ == "TurnStarted") + 1


def _commands_of(game: SelfPlay) -> list[Any]:
    """The game's script lines back as commands (a command's parse depends on the table it meets)."""
    table = fold(game.events[:_first_turn(game)])
    commands = []
    for text in game.lines:
        command = parse_line(table, text)
        commands.append(command)
        table = play(table, command)[0]
    return commands


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="balance games per player count and policy")
    parser.add_argument("--duel-games", type=int, default=300, help="2-player games of strong vs random")
    parser.add_argument("--budget", type=float, default=180.0, help="seconds the balance run may take")
    parser.add_argument("--speed-games", type=int, default=6, help="4-player games timed for fold and decisions")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    report: dict[str, Any] = {"python": sys.version.split()[0], "platform": platform.platform(),
                              "machine": platform.machine(), "targets": TARGETS, "loadavg": list(os.getloadavg()),
                              "workers": args.workers}
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        t0 = time.perf_counter()
        duels = [bench_duel(pool, "strong", "random", args.duel_games),
                 bench_duel(pool, "casual", "random", args.duel_games // 3),
                 bench_duel(pool, "strong", "casual", args.duel_games // 3)]
        duel_s = time.perf_counter() - t0
        report["bots"] = duels
        print(f"bots (2 players, seats swapped every game; {duel_s:.0f} s)")
        for duel in duels:
            line = (f"  {duel['first']} ({duel['policies'][0]}) vs {duel['second']} ({duel['policies'][1]}): "
                    f"{duel['win_pct']:.1f} % of {duel['finished']} (95 % interval {duel['ci95'][0]:.1f}–"
                    f"{duel['ci95'][1]:.1f})")
            if (duel["first"], duel["second"]) == ("strong", "random"):
                line += f"  target ≥ {TARGETS['strong_vs_random_pct']:.0f} %  "
                line += "met" if duel["win_pct"] >= TARGETS["strong_vs_random_pct"] else "MISSED"
            print(line)
        print()
        report["balance"] = balance = bench_balance(pool, args.games, args.budget, args.workers)
        print_balance(balance)
    report["speed"] = speed = bench_speed(args.speed_games)
    fold_row, decision = speed["fold"], speed["decision"]
    fold_ok = fold_row["max_ms"] <= TARGETS["fold_4p_ms"]
    decision_ok = decision["median_ms"] <= TARGETS["decision_4_views_ms"] and \
        decision["cpu_p99_ms"] <= TARGETS["decision_4_views_ms"]
    print(f"\nfold of a whole 4-player game: {fold_row['games']} games, {fold_row['mean_events']:.0f} events on "
          f"average (longest {fold_row['max_events']}); median {fold_row['median_ms']:.2f} ms, max "
          f"{fold_row['max_ms']:.2f} ms  target ≤ {TARGETS['fold_4p_ms']:.0f} ms  {_mark(fold_ok)}")
    print(f"one decision + four views: n={decision['n']}, median {decision['median_ms']:.3f} ms, p99 "
          f"{decision['p99_ms']:.3f} ms, max {decision['max_ms']:.2f} ms (CPU median {decision['cpu_median_ms']:.3f},"
          f" p99 {decision['cpu_p99_ms']:.3f})  target ≤ {TARGETS['decision_4_views_ms']:.0f} ms  "
          f"{_mark(decision_ok)}")
    failed = any(d["failed"] for d in duels) or any(
        r["stats"]["crashes"] or r["stats"]["stalls"] or r["stats"]["agent_rejections"] for r in balance["rows"])
    report["ok"] = fold_ok and decision_ok and not failed and duels[0]["win_pct"] >= TARGETS["strong_vs_random_pct"]
    out = results_path("eot")
    out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"\nwritten {out}")
    return 1 if failed else 0


def _mark(good: bool) -> str:
    return "ok" if good else "OVER TARGET"


if __name__ == "__main__":
    raise SystemExit(main())
