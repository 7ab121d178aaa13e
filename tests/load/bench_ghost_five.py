"""Benchmark of the Ghost Five rules and bot (run it directly; pytest does not collect it).

    .venv/bin/python tests/load/bench_ghost_five.py [--matches 10] [--turns 2000]

Speed: one turn resolved (the decide that settles it + evolve of its events), median and p99, on 15×15
and 19×19 mid-game boards; a 60-turn match folded from its events. Targets ≤ 200 µs median per turn,
≤ 15 ms per fold. Bot: matches of the strong level against a random legal player and a greedy one-ply
player (and the easy level against random), each replayed through `ghostctl play` to check the winner;
targets ≥ 95 % and ≥ 70 % of matches won at ≤ 300 ms median per move. Writes `.bench/ghost_five.json`.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ghost_five.bot import choose
from ghost_five.cli import main as ghostctl
from ghost_five.commands import Commit, Reveal
from ghost_five.commitment import commit_hash
from ghost_five.decide import decide
from ghost_five.driver import Driver
from ghost_five.evolve import evolve, fold
from ghost_five.script import Token
from ghost_five.settings import Settings
from ghost_five.state import MatchState

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository: the tests' players
from tests.unit.ghost_rules.ghost_players import greedy_player, random_player  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
from stack import results_path  # noqa: E402 - where every benchmark writes its figures

TARGETS = {"turn_median_us": 200.0, "fold_ms": 15.0, "vs_random": 0.95, "vs_greedy": 0.70, "move_median_ms": 300.0}
Player = Callable[[MatchState, int, int], str]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def mid_game(board: int, turns: int, seed: int) -> Driver:
    """A game between two easy bots, `turns` turns into a round (a new match when one ends first)."""
    driver = Driver(Settings(board=board))
    while not (driver.state.live and driver.state.board.turn >= turns):
        if not driver.state.live:
            seed += 1
            driver = Driver(Settings(board=board))
        actions = [choose(driver.state, seat, "easy", seed) for seat in (0, 1)]
        driver.play((Token(actions[0], None), Token(actions[1], None)))
    return driver


def bench_turn(board: int, samples: int) -> dict[str, float]:
    """Time of the command that settles a turn (the second reveal: hash check + §9 + events) + evolve.

    Wall time and this thread's CPU time: on a loaded machine the wall-time tail is the scheduler's."""
    timings, cpu = [], []
    salt = "5a" * 32
    for i in range(samples):
        driver = mid_game(board, 14 + i % 10, i)
        state = driver.state
        actions = [choose(state, seat, "easy", i + 1000) for seat in (0, 1)]
        for seat in (0, 1):
            digest = commit_hash(state.match_id, state.board.round, state.open_turn, seat, actions[seat], salt)
            for event in decide(state, Commit(seat=seat, commit=digest, now=driver.now + 1)):  # type: ignore[union-attr]
                state = evolve(state, event)
        for event in decide(state, Reveal(seat=0, action=actions[0], salt=salt, now=driver.now + 2)):  # type: ignore[union-attr]
            state = evolve(state, event)
        start, cpu_start = time.perf_counter_ns(), time.thread_time_ns()
        events = decide(state, Reveal(seat=1, action=actions[1], salt=salt, now=driver.now + 2))
        for event in events:  # type: ignore[union-attr]
            state = evolve(state, event)
        timings.append((time.perf_counter_ns() - start) / 1000)
        cpu.append((time.thread_time_ns() - cpu_start) / 1000)
        assert len(state.log) == len(driver.state.log) + 1
    return {"median_us": statistics.median(timings), "p99_us": pct(timings, 0.99),
            "cpu_median_us": statistics.median(cpu), "cpu_p99_us": pct(cpu, 0.99), "samples": samples}


def bench_fold(repeats: int) -> dict[str, float]:
    driver = Driver(Settings(memory=9))
    seed = 0
    while len(driver.state.log) < 60:
        if not driver.state.live:
            seed += 1
            driver = Driver(Settings(memory=9))
        actions = [choose(driver.state, seat, "easy", seed) for seat in (0, 1)]
        driver.play((Token(actions[0], None), Token(actions[1], None)))
    events = driver.events
    timings = []
    for _ in range(repeats):
        start = time.perf_counter_ns()
        fold(events)
        timings.append((time.perf_counter_ns() - start) / 1e6)
    return {"median_ms": statistics.median(timings), "turns": len(driver.state.log), "events": len(events)}


def play_match(players: tuple[Player, Player], seed: int, moves_ms: list[float], timed_seat: int) -> str | None:
    """A whole match between two players; returns the winner ("A"/"B") or None, checked by ghostctl."""
    driver = Driver(Settings(), match_id=f"bench-{seed}")
    script = []
    while driver.state.live and len(driver.state.log) < 400:
        actions = []
        for seat in (0, 1):
            start = time.perf_counter_ns()
            actions.append(players[seat](driver.state, seat, seed))
            if seat == timed_seat:
                moves_ms.append((time.perf_counter_ns() - start) / 1e6)
        driver.play((Token(actions[0], None), Token(actions[1], None)))
        script.append(" ".join(a.replace(";T:", "+T:") for a in actions))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = ghostctl(["play", "--no-log", "--turns", "; ".join(script)])
    replayed = json.loads(out.getvalue())
    assert code == 0 and replayed["winner"] == (None if driver.state.winner is None else "AB"[driver.state.winner])
    return replayed["winner"]


def bench_bot(matches: int) -> dict[str, Any]:
    strong: Player = lambda state, seat, seed: choose(state, seat, "strong", seed)  # noqa: E731
    easy: Player = lambda state, seat, seed: choose(state, seat, "easy", seed)  # noqa: E731
    results = {}
    pairings = (("strong_vs_random", strong, random_player), ("strong_vs_greedy", strong, greedy_player),
                ("easy_vs_random", easy, random_player), ("easy_vs_greedy", easy, greedy_player))
    for name, bot, opponent in pairings:
        wins, moves_ms = 0, []
        for i in range(matches):
            bot_seat = i % 2  # alternate seats
            players = (bot, opponent) if bot_seat == 0 else (opponent, bot)
            wins += play_match(players, i, moves_ms, bot_seat) == "AB"[bot_seat]
        results[name] = {"matches": matches, "won": wins, "rate": wins / matches,
                         "move_median_ms": statistics.median(moves_ms), "move_p99_ms": pct(moves_ms, 0.99)}
    return results


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=10, help="matches per pairing (make bench: ~3 min)")
    parser.add_argument("--turns", type=int, default=300, help="samples per board size for the turn timing")
    args = parser.parse_args()
    report = {"turn": {f"{n}x{n}": bench_turn(n, args.turns) for n in (15, 19)}, "fold_60": bench_fold(50),
              "bot": bench_bot(args.matches), "targets": TARGETS}
    print(f"{'figure':58} {'measured':>22}  target")
    for size, t in report["turn"].items():
        met = "met" if t["median_us"] <= TARGETS["turn_median_us"] else "MISSED"
        print(f"{'turn resolved (decide + evolve), ' + size + ', median / p99':58} "
              f"{t['median_us']:9.0f} / {t['p99_us']:6.0f} µs  ≤ 200 µs median {met}")
        print(f"{'  the same, CPU time of the thread, median / p99':58} "
              f"{t['cpu_median_us']:9.0f} / {t['cpu_p99_us']:6.0f} µs")
    fold_ms = report["fold_60"]["median_ms"]
    print(f"{'60-turn match folded from its events, median':58} {fold_ms:19.2f} ms  ≤ 15 ms "
          f"{'met' if fold_ms <= TARGETS['fold_ms'] else 'MISSED'}")
    goals = {"strong_vs_random": TARGETS["vs_random"], "strong_vs_greedy": TARGETS["vs_greedy"]}
    for name, r in report["bot"].items():
        goal = goals.get(name)
        verdict = "" if goal is None else f"≥ {goal:.0%} {'met' if r['rate'] >= goal else 'MISSED'}"
        print(f"{'bot ' + name + ': won / matches, move median / p99':58} "
              f"{r['won']:3}/{r['matches']:<3} {r['move_median_ms']:5.0f} / {r['move_p99_ms']:4.0f} ms  {verdict}")
    results_path("ghost_five").write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
