"""One table of every benchmark's headline figures, read from `.bench/*.json` (what `make bench` ends with).

    .venv/bin/python tests/load/summary.py [--dir .bench]

Columns: the figure, what was measured, the floor it is compared with (measured in the same run), the
ratio — how many times the floor's cost the figure is (a latency ÷ the floor's latency; the floor's
throughput ÷ the throughput) — and the target, with `met` or `MISSED` where one is stated. The first rows
are the capacity side by side (bench_peers): this platform's figure, boardgame.io's and Colyseus's from the
same run, and how many times each peer's cost ours is. The bare pipeline's rows stay as figures with no
target: what a player feels is capacity, measured against the peers. A benchmark
whose file is missing shows `not run`; a file of another shape shows what could not be read. It runs
nothing and never fails on figures: it only reads and prints.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS = ("peers", "rules", "moves", "connections", "leagues", "projection", "refold", "surge", "eot", "ghost_five",
              "ghost_online", "eot_online", "ark_online")
HEADERS = ("figure", "measured", "floor", "ratio", "target")


@dataclass(frozen=True)
class Row:
    figure: str
    measured: str
    floor: str = "—"
    ratio: str = "—"
    target: str = "—"


def number(value: float, decimals: int = 0) -> str:
    """5 000, 1 234.5: a space between thousands, as the performance report writes them."""
    return f"{value:,.{decimals}f}".replace(",", " ")


def duration_us(us: float) -> str:
    if us >= 1_000_000:
        return f"{us / 1_000_000:.1f} s"
    if us >= 100_000:
        return f"{us / 1000:.0f} ms"
    if us >= 1000:
        return f"{us / 1000:.2f} ms"
    return f"{us:.0f} µs" if us >= 100 else f"{us:.1f} µs"


def times(value: float, floor: float) -> str:
    return f"{value / floor:.1f}×" if floor else "—"


def target(text: str, met: bool | None) -> str:
    return text if met is None else f"{text} {'met' if met else 'MISSED'}"


PEER_NAMES = {"bgio": "boardgame.io", "colyseus": "Colyseus"}
#: beside the peers' figures: this platform with its engine in the gateway's process (bench_peers' echo-together)
SHOWN = {"echo-together": "ours in one process", **PEER_NAMES}


def _peer_text(systems: dict[str, Any], key: str, show: Callable[[float], str]) -> str:
    return " · ".join(f"{SHOWN[p]} {show(systems[p][key])}" for p in SHOWN if p in systems)


def _peer_ratio(systems: dict[str, Any], key: str, ours_is_cost: bool) -> str:
    """How many times each peer's cost ours is: a latency or memory ÷ the peer's; the peer's throughput ÷ ours."""
    ours, out = systems["echo"][key], []
    for peer in PEER_NAMES:
        theirs = systems.get(peer, {}).get(key)
        if theirs is None or ours is None:
            continue
        cost, floor = (ours, theirs) if ours_is_cost else (theirs, ours)
        out.append(times(cost, floor) if floor else "—")
    return " / ".join(out) or "—"


def peers_rows(r: dict[str, Any]) -> list[Row]:
    """The same tic-tac-toe on this platform, boardgame.io and Colyseus, one driver, one run (bench_peers)."""
    if "skipped" in r:
        return [Row("peers: capacity beside boardgame.io and Colyseus", f"skipped: {r['skipped']}")]
    systems = r["systems"]
    if "echo" not in systems:  # the Daily's phases alone (`--rounds 0`)
        return surge_row(r.get("surge")) + whole_row(r.get("whole"), systems.get("bgio"))
    ours, bgio = systems["echo"], systems.get("bgio")
    players = r["workload"]["saturate_players"]

    def ms(value: float) -> str:
        return f"{value:.2f} ms"

    def kib(value: float | None) -> str:
        return "—" if value is None else f"{value:.0f} KiB"

    def kept(found: dict[str, Any] | None) -> str:
        return "—" if found is None else f"{found['kept']} of {found['acked']}"

    rows = [Row("peers: one move until the opponent has it, median / p99",
                f"{ms(ours['move_median_ms'])} / {ms(ours['move_p99_ms'])}",
                " · ".join(f"{SHOWN[p]} {ms(systems[p]['move_median_ms'])} / {ms(systems[p]['move_p99_ms'])}"
                           for p in SHOWN if p in systems),
                _peer_ratio(systems, "move_median_ms", True)),
            *([Row(f"peers: a new game opened, both seated, median ({players} players saturating)",
                   ms(ours["new_game_median_ms"]), _peer_text(systems, "new_game_median_ms", ms),
                   _peer_ratio(systems, "new_game_median_ms", True))] if "new_game_median_ms" in ours else []),
            Row(f"peers: saturated moves/s ({players} players, 5-move games)", number(ours["saturated_moves_per_s"]),
                _peer_text(systems, "saturated_moves_per_s", number),
                _peer_ratio(systems, "saturated_moves_per_s", False),
                target("≥ ½ boardgame.io's", None if bgio is None else
                       ours["saturated_moves_per_s"] >= bgio["saturated_moves_per_s"] / 2)),
            Row("peers: players held at a move a second, p99 ≤ 100 ms", number(ours["held_players"]),
                _peer_text(systems, "held_players", number), _peer_ratio(systems, "held_players", False),
                target("≥ boardgame.io's", None if bgio is None else ours["held_players"] >= bgio["held_players"])),
            Row("peers: server memory when ready (every process)", f"{ours['start_mib']:.0f} MiB",
                _peer_text(systems, "start_mib", lambda v: f"{v:.0f} MiB"), _peer_ratio(systems, "start_mib", True)),
            Row("peers: memory per player held", kib(ours["per_player_kib"]),
                _peer_text(systems, "per_player_kib", kib)),
            Row("peers: acknowledged moves still there after kill -9 and a restart", kept(ours["kill9"]),
                " · ".join(f"{SHOWN[p]} {kept(systems[p]['kill9'])}" for p in SHOWN if p in systems),
                target=target("every one", None if ours["kill9"] is None else
                              ours["kill9"]["kept"] == ours["kill9"]["acked"]))]
    return rows + surge_row(r.get("surge")) + whole_row(r.get("whole"), bgio)


def surge_row(surge: dict[str, Any] | None) -> list[Row]:
    """The midnight surge through the peers' driver (this platform only: the peers have no Daily)."""
    if not surge:
        return []
    start, whole = surge["start"], surge["connect_to_view"]
    errors = sum(surge["errors"].values())
    return [Row(f"peers' driver: midnight surge, {number(surge['players'])} Daily starts in {surge['window_s']:g} s, "
                "start median / p99 (connect → view p99)",
                f"{start['median_ms']:.2f} ms / {start['p99_ms']:.2f} ms ({whole['p99_ms']:.2f} ms)",
                target=target("p99 ≤ 100 ms, no error", start["p99_ms"] <= 100 and errors == 0))]


def whole_row(whole: dict[str, Any] | None, bgio: dict[str, Any] | None) -> list[Row]:
    """Whole games of the Daily through the peers' driver, each player one click a second (this platform only),
    beside boardgame.io's players held on the shared game."""
    if not whole:
        return []
    pace = whole.get("interval_ms", 1000) / 1000
    return [Row(f"peers' driver: players held playing whole Daily games ({whole['clicks']} clicks) at a click "
                f"every {pace:g} s, p99 ≤ 100 ms", number(whole["held_players"]),
                "—" if bgio is None else f"boardgame.io {number(bgio['held_players'])} (tic-tac-toe)",
                target=target("≥ boardgame.io's", None if bgio is None else
                              whole["held_players"] >= bgio["held_players"]))]


def rules_rows(r: dict[str, Any]) -> list[Row]:
    goals = {"field_us": 5000.0, "tick_median_us": 50.0, "fold_150_ms": 5.0, **r.get("targets", {})}
    name, worst = max(r["generation"].items(), key=lambda item: item[1]["median_us"])
    cpu_p99 = max(g["cpu_p99_us"] for g in r["generation"].values())
    rows = [Row(f"rules: field generated, slowest preset ({name}) median / any CPU p99",
                f"{duration_us(worst['median_us'])} / {duration_us(cpu_p99)}",
                target=target(f"≤ {goals['field_us'] / 1000:g} ms",
                              worst["median_us"] <= goals["field_us"] and cpu_p99 <= goals["field_us"]))]
    core = r.get("core", {})
    if "error" in core:
        return [*rows, Row("rules: tick and fold", f"failed: {core['error']}")]
    tick, fold = core["tick"], core["fold"]
    return [*rows,
            Row("rules: decide + evolve per tick, median", duration_us(tick["median_us"]),
                target=target(f"≤ {goals['tick_median_us']:g} µs",
                              tick["median_us"] <= goals["tick_median_us"])),
            Row("rules: fold a game, scaled to 150 ticks", f"{fold['scaled_150_ms']:.2f} ms",
                target=target(f"≤ {goals['fold_150_ms']:g} ms", fold["scaled_150_ms"] <= goals["fold_150_ms"]))]


def moves_rows(r: dict[str, Any]) -> list[Row]:
    rows = []
    for run in sorted(r["results"], key=lambda x: not x["sync_always"]):  # the shipped configuration first
        label = "fsync always" if run["sync_always"] else "NATS default sync"
        if "games" in run["moves"]:
            label += f", {run['moves']['games']} games"
        floor = run["floors"]["jetstream_publish"]["median_us"]
        single, sustained = run["moves"]["single"], run["moves"]["sustained"]
        rows += [Row(f"moves ({label}): round trip, 1 client, median", duration_us(single["median_us"]),
                     f"{duration_us(floor)} JetStream publish", times(single["median_us"], floor)),
                 *_pipeline_row(run, label, single["median_us"], floor),
                 *_person_row(run, label),
                 Row(f"moves ({label}): sustained durable moves/s, {sustained['clients']} clients",
                     number(sustained["moves_per_s"]), target=target("≥ 1 000/s", sustained["moves_per_s"] >= 1000))]
        paced = run["moves"].get("paced")
        if paced:
            kept_up = paced["moves_per_s"] >= 0.98 * paced["offered_per_s"]
            bare = run["floors"].get("jetstream_publish_paced")
            bare_text = (f"{duration_us(bare['median_us'])} / {duration_us(bare['p99_us'])} bare JetStream, same rate"
                         if bare else f"{duration_us(floor)} JetStream publish")
            rows += [Row(f"moves ({label}): {number(paced['offered_per_s'])}/s offered, median / p99",
                         f"{duration_us(paced['median_us'])} / {duration_us(paced['p99_us'])}",
                         bare_text, times(paced["median_us"], bare["median_us"] if bare else floor),
                         target("p99 ≤ 50 ms, ≥ 98 % taken", paced["p99_us"] <= 50_000 and kept_up))]
    return rows


def _pipeline_row(run: dict[str, Any], label: str, move_us: float, js_floor_us: float) -> list[Row]:
    """The bare pipeline (the move's hops with no game in them) beside the JetStream floor, and what the
    gateway and the engine add to it."""
    pipeline = run["floors"].get("pipeline")
    if pipeline is None:
        return []
    return [Row(f"moves ({label}): bare pipeline, no game (WS → relay → NATS → append → WS), median",
                duration_us(pipeline["median_us"]), f"{duration_us(js_floor_us)} JetStream publish",
                times(pipeline["median_us"], js_floor_us), f"a move is {times(move_us, pipeline['median_us'])} this")]


def _person_row(run: dict[str, Any], label: str) -> list[Row]:
    """The move a person makes (ten a second, one game) beside a bare JetStream publish paced the same way."""
    person, floor = run["moves"].get("person"), run["floors"].get("jetstream_publish_person")
    if person is None or floor is None:
        return []
    return [Row(f"moves ({label}): paced like a person (10/s, one game), median", duration_us(person["median_us"]),
                f"{duration_us(floor['median_us'])} bare JetStream, 10/s", times(person["median_us"],
                                                                                floor["median_us"]))]


def pauses(by_generation: dict[str, dict[str, float]]) -> str:
    """Collector pauses as `bench_*` recorded them (`stack.gc_pauses`): count × mean, per generation."""
    return ", ".join(f"gen{g} {p['count']:.0f}× {p['mean_ms']:.1f} ms" for g, p in sorted(by_generation.items())) \
        or "none"


def connections_rows(r: dict[str, Any]) -> list[Row]:
    per_kib = r["kib_per_connection"]
    rows = [Row("connections: idle WebSockets held by one gateway", number(r["connections_held"]),
                target=target("≥ 5 000", r["connections_held"] >= 5000)),
            Row("connections: gateway memory per connection", f"{per_kib:.1f} KiB",
                target=target("≤ 50 KB", per_kib * 1.024 <= 50))]
    if "gc_pauses" in r:
        rows.append(Row("connections: gateway collector pauses while opening them", pauses(r["gc_pauses"])))
    return rows


def leagues_rows(r: dict[str, Any]) -> list[Row]:
    res = r["results"]
    floor = res["floor_select1"]["median_ms"]
    floor_text = f"{floor:.2f} ms SELECT 1"
    callers = {k.removeprefix("chart_top100_me_"): v["median_ms"] for k, v in res.items()
               if k.startswith("chart_top100_me_")}
    where, worst = max(callers.items(), key=lambda item: item[1])
    week = res["week_results_all_groups"]
    players = number(r.get("players", 0))
    return [Row(f"leagues ({players} players): chart top 100, median", f"{res['chart_top100']['median_ms']:.2f} ms",
                floor_text, times(res["chart_top100"]["median_ms"], floor)),
            Row(f"leagues: top 100 + caller's place, worst caller ({where}), median", f"{worst:.2f} ms",
                floor_text, times(worst, floor), target("≤ 10 ms", worst <= 10)),
            Row(f"leagues: week results, all groups ({number(week['members'])} members)",
                f"{week['median_ms'] / 1000:.1f} s", target=target("≤ 60 s", week["median_ms"] <= 60_000))]


def projection_rows(r: dict[str, Any]) -> list[Row]:
    floor = r["floor_copy_rows_per_s"]
    lifecycles = r.get("lifecycle_batches_per_s")
    figure = number(r["events_per_s"]) + (f" ({number(lifecycles)} lifecycle batches/s)" if lifecycles else "")
    return [Row(f"projection: GAMES events caught up/s ({number(r['games'])} games)", figure,
                f"{number(floor)} rows/s COPY", times(floor, lifecycles or r["events_per_s"])),
            Row("projection: finished games projected / published",
                f"{number(r['finished_games_projected'])} / {number(r['games'])}",
                target=target("all", r["finished_games_projected"] == r["games"]))]


def refold_rows(r: dict[str, Any]) -> list[Row]:
    games = f"{r['games']} long Free games of {r['messages_median']:.0f} messages"
    return [Row(f"refold: a game read back from JetStream in batches, median ({games})", f"{r['batch_ms']:.2f} ms",
                f"{r['one_at_a_time_ms']:.2f} ms a message at a time", times(r["batch_ms"], r["one_at_a_time_ms"])),
            Row("refold: read back, folded and its log rendered (the engine's refold), median",
                f"{r['refold_ms']:.2f} ms")]


def surge_rows(r: dict[str, Any]) -> list[Row]:
    s, checks = r["surge"], r["checks"]
    floor = r["floors"]["jetstream_publish"]["median_us"]
    floor_text = f"{duration_us(floor)} JetStream publish"
    n, window = r["players"], r["window_s"]
    offered = n / window if window else None
    arrival = f"{number(n)} players in {window:g} s" if window else f"{number(n)} players at once"
    start, whole = s["start"], s["connect_to_view"]
    codes = ", ".join(f"{k} ×{v}" for k, v in s.get("error_codes", {}).items())
    rows = [Row(f"surge ({arrival}): Daily start alone, median (p99)",
                f"{duration_us(start['median_us'])} ({duration_us(start['p99_us'])})",
                floor_text, times(start["median_us"], floor)),
            Row("surge: connect → start's view, median (p99)",
                f"{duration_us(whole['median_us'])} ({duration_us(whole['p99_us'])})",
                floor_text, times(whole["median_us"], floor)),
            Row("surge: Daily starts per second achieved", number(s["starts_per_s"], 1),
                target=f"players arrive at {number(offered, 1)}/s" if offered else "—"),
            Row("surge: errors", f"{s['errors']}" + (f" ({codes})" if codes else ""),
                target=target("0", s["errors"] == 0)),
            Row("surge: distinct Daily games / players", f"{number(checks['distinct_game_ids'])} / {number(n)}",
                target=target("= players, checks ok", checks["distinct_game_ids"] == n and bool(checks.get("ok")))),
            Row("surge: gateway RSS peak", f"{s['gateway_rss_kib']['peak'] / 1024:.0f} MiB")]
    return rows


def eot_rows(r: dict[str, Any]) -> list[Row]:
    """Echoes of Time: the strong bot against random, and the rules' speed (bench_eot)."""
    goals, speed = r["targets"], r["speed"]
    strong = next(b for b in r["bots"] if b["first"] == "strong" and b["second"] == "random")
    return [Row(f"eot: strong bot beats random, {strong['games']} 2-player games", f"{strong['win_pct']:.1f} %",
                target=target(f"≥ {goals['strong_vs_random_pct']:g} %",
                              strong["win_pct"] >= goals["strong_vs_random_pct"])),
            Row("eot: a whole 4-player game folded, median (max)",
                f"{speed['fold']['median_ms']:.2f} ({speed['fold']['max_ms']:.2f}) ms",
                target=target(f"≤ {goals['fold_4p_ms']:g} ms", speed["fold"]["max_ms"] <= goals["fold_4p_ms"])),
            Row("eot: one decision with all four views, median / CPU p99",
                f"{speed['decision']['median_ms']:.2f} / {speed['decision']['cpu_p99_ms']:.2f} ms",
                target=target(f"≤ {goals['decision_4_views_ms']:g} ms",
                              speed["decision"]["cpu_p99_ms"] <= goals["decision_4_views_ms"]))]


def ghost_five_rows(r: dict[str, Any]) -> list[Row]:
    """Ghost Five: a turn resolved, a match folded, the strong bot's matches (bench_ghost_five)."""
    goals = r["targets"]
    rows = [Row(f"ghost five: a turn resolved, {size}, median / p99",
                f"{duration_us(t['median_us'])} / {duration_us(t['p99_us'])}",
                target=target(f"≤ {goals['turn_median_us']:g} µs", t["median_us"] <= goals["turn_median_us"]))
            for size, t in r["turn"].items()]
    rows.append(Row("ghost five: a 60-turn match folded, median", f"{r['fold_60']['median_ms']:.2f} ms",
                    target=target(f"≤ {goals['fold_ms']:g} ms", r["fold_60"]["median_ms"] <= goals["fold_ms"])))
    for name, goal in (("strong_vs_random", goals["vs_random"]), ("strong_vs_greedy", goals["vs_greedy"])):
        bot = r["bot"][name]
        rows.append(Row(f"ghost five: bot {name.replace('_', ' ')}, won / matches, move median",
                        f"{bot['won']}/{bot['matches']}, {bot['move_median_ms']:.0f} ms",
                        target=target(f"≥ {goal:.0%}, ≤ {goals['move_median_ms']:g} ms",
                                      bot["rate"] >= goal and bot["move_median_ms"] <= goals["move_median_ms"])))
    return rows


def ghost_online_rows(r: dict[str, Any]) -> list[Row]:
    """Ghost Five online: a turn's round trip against the bare pipeline, clocks of many matches (bench_ghost_online)."""
    goals, turn, clocks = r["targets"], r["turn"], r["clocks"]
    late = clocks["late_ms"]
    return [Row("ghost online: turn round trip (last reveal in, both results out), median / p99",
                f"{duration_us(turn['turn']['median_us'])} / {duration_us(turn['turn']['p99_us'])}",
                floor=f"pipeline {duration_us(turn['pipeline']['median_us'])}",
                ratio=times(turn["turn"]["median_us"], turn["pipeline"]["median_us"])),
            Row(f"ghost online: {number(clocks['matches'])} matches' clocks, late after the deadline median / p99",
                f"{late['median']:.0f} / {late['p99']:.0f} ms",
                target=target(f"p99 ≤ {goals['timer_p99_ms']:g} ms", late["p99"] <= goals["timer_p99_ms"])),
            Row("ghost online: matches with a lost turn, commands refused",
                f"{clocks['matches_with_a_lost_turn']}, {clocks['refused']}",
                target=target("0", clocks["matches_with_a_lost_turn"] == 0 and clocks["refused"] == 0))]


def eot_online_rows(r: dict[str, Any]) -> list[Row]:
    """Echoes of Time online: one action's four views against the bare pipeline, tables with bots (bench_eot_online)."""
    action, tables = r["action"], r["tables"]
    per, think = tables["kib_per_table"], tables["think_ms"]
    return [Row("eot online: one action, 4 players (command in, four views out), median / p99",
                f"{duration_us(action['action']['median_us'])} / {duration_us(action['action']['p99_us'])}",
                floor=f"pipeline {duration_us(action['pipeline']['median_us'])}",
                ratio=times(action["action"]["median_us"], action["pipeline"]["median_us"])),
            Row(f"eot online: {number(tables['tables'])} tables with 3 {tables['bot_level']} bots, memory per table "
                "(engine / gateway)", f"{per['engine']:.1f} / {per['gateway']:.1f} KiB"),
            Row("eot online: a bot's think time (bot_action), median / p99",
                f"{think['median']['value_ms']:.2f} / {think['p99']['value_ms']:.2f} ms")]


def ark_online_rows(r: dict[str, Any]) -> list[Row]:
    """Ark online: a 16-player vote against the bare pipeline, many rooms' timers, their memory (bench_ark_online)."""
    goals, votes, timers = r["targets"], r["votes"], r["timers"]
    vote, floor, late = votes["vote"], votes["pipeline"], timers["late_ms"]
    rooms = f"{number(timers['rooms'])} rooms of {timers['players']}"
    return [Row(f"ark online: vote of {votes['players']} (last ballot in, all views out), median / p99",
                f"{duration_us(vote['median_us'])} / {duration_us(vote['p99_us'])}",
                floor=f"pipeline {duration_us(floor['median_us'])} / {duration_us(floor['p99_us'])}",
                ratio=times(vote["median_us"], floor["median_us"])),
            Row(f"ark online: timers of {rooms}, late at the devices (lobbies filling too), median / p99",
                f"{late['median']:.0f} / {late['p99']:.0f} ms",
                target=target(f"p99 ≤ {goals['timer_p99_ms']:g} ms, none stuck",
                              late["p99"] <= goals["timer_p99_ms"] and timers["rooms_stuck"] == 0)),
            Row(f"ark online: memory per room ({rooms}), gateway / engine",
                f"{timers['gateway_kib_per_room']:.0f} / {timers['engine_kib_per_room']:.0f} KiB",
                floor=f"gateway {timers['gateway_kib_per_room_with_connections']:.0f} KiB with its connections")]


EXTRACTORS: dict[str, Callable[[dict[str, Any]], list[Row]]] = {
    "peers": peers_rows, "rules": rules_rows, "moves": moves_rows, "connections": connections_rows,
    "leagues": leagues_rows,
    "projection": projection_rows, "refold": refold_rows, "surge": surge_rows, "eot": eot_rows,
    "ghost_five": ghost_five_rows, "ghost_online": ghost_online_rows, "eot_online": eot_online_rows,
    "ark_online": ark_online_rows,
}


def rows_of(results: dict[str, dict[str, Any] | None]) -> list[Row]:
    """Every benchmark's headline rows, in BENCHMARKS order; `not run` for a missing one."""
    rows: list[Row] = []
    for name in BENCHMARKS:
        result = results.get(name)
        if result is None:
            rows.append(Row(name, "not run", "", "", ""))
            continue
        try:
            rows += EXTRACTORS[name](result)
        except (KeyError, TypeError, ValueError, IndexError, ZeroDivisionError) as problem:
            rows.append(Row(f"{name}: unreadable result", f"{type(problem).__name__}: {problem}"))
    return rows


def format_table(rows: list[Row]) -> str:
    cells = [HEADERS, *((r.figure, r.measured, r.floor, r.ratio, r.target) for r in rows)]
    widths = [max(len(c[i]) for c in cells) for i in range(len(HEADERS))]
    lines = []
    for n, c in enumerate(cells):
        lines.append("  ".join(c[0].ljust(widths[0]) if i == 0 else c[i].rjust(widths[i]) if i in (1, 3)
                               else c[i].ljust(widths[i]) for i in range(len(HEADERS))).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def load(folder: Path) -> tuple[dict[str, dict[str, Any] | None], dict[str, str]]:
    """Each benchmark's result (None when its file is missing or not JSON), and when each file was written."""
    results: dict[str, dict[str, Any] | None] = {}
    written: dict[str, str] = {}
    for name in BENCHMARKS:
        path = folder / f"{name}.json"
        try:
            results[name] = json.loads(path.read_text())
        except (OSError, ValueError):
            results[name] = None
            continue
        written[name] = dt.datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
    return results, written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=ROOT / ".bench", help="where the benchmarks wrote their JSON")
    args = parser.parse_args(argv)
    results, written = load(args.dir)
    print(format_table(rows_of(results)))
    if written:
        print("files written: " + ", ".join(f"{name} {when}" for name, when in written.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
