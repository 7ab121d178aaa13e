"""`tests/load/summary.py`: one table of every benchmark's headline figures from `.bench/*.json`, whatever
is missing. The samples have the shapes the benchmark scripts write (figures from docs/performance.md)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tests.load import summary

pytestmark = pytest.mark.unit

FLOORS = {"nats_request_reply": {"n": 2000, "median_us": 441.0, "p99_us": 770.0},
          "jetstream_publish": {"n": 2000, "median_us": 358.0, "p99_us": 748.0}}
PEER = {"move_median_ms": 0.66, "move_p99_ms": 5.1, "saturated_moves_per_s": 4214.0, "held_players": 800,
        "start_mib": 60.0, "per_player_kib": 12.0, "kill9": {"answer": "HTTP 404", "acked": 3, "kept": 0}}
SAMPLES = {
    "peers": {"workload": {"saturate_players": 40}, "systems": {
        "echo": {"move_median_ms": 3.05, "move_p99_ms": 18.8, "saturated_moves_per_s": 335.0, "held_players": 100,
                 "start_mib": 600.0, "per_player_kib": 150.0, "kill9": {"answer": "ack", "acked": 3, "kept": 3}},
        "bgio": PEER,
        "colyseus": {**PEER, "move_median_ms": 0.12, "move_p99_ms": 0.37, "saturated_moves_per_s": 27204.0,
                     "held_players": 3200, "start_mib": 77.0}}},
    "rules": {
        "targets": {"field_us": 5000.0, "tick_median_us": 50.0, "fold_150_ms": 5.0},
        "generation": {
            "standard": {"n": 500, "median_us": 461.0, "p99_us": 700.0, "max_us": 900.0,
                         "cpu_median_us": 450.0, "cpu_p99_us": 612.0, "cpu_max_us": 800.0},
            "nine-small": {"n": 500, "median_us": 510.0, "p99_us": 2000.0, "max_us": 2500.0,
                           "cpu_median_us": 500.0, "cpu_p99_us": 1884.0, "cpu_max_us": 2400.0},
        },
        "core": {"tick": {"n": 5487, "median_us": 40.8, "p99_us": 91.7, "cpu_median_us": 40.0, "cpu_p99_us": 90.0},
                 "fold": {"games": 60, "mean_ticks": 80, "longest_ticks": 96, "longest_ms": 0.85,
                          "per_tick_ms": 0.0088, "scaled_150_ms": 1.32}},
        "ok": True,
    },
    "moves": {"machine": {}, "results": [
        {"sync_always": False, "floors": FLOORS,
         "moves": {"single": {"n": 300, "median_us": 3690.0, "p99_us": 4950.0},
                   "sustained": {"n": 5930, "median_us": 55000.0, "p99_us": 203000.0, "clients": 40,
                                 "seconds": 10.0, "moves_per_s": 593.0}}},
        {"sync_always": True, "floors": {**FLOORS, "jetstream_publish_paced": {
            "n": 5000, "median_us": 900.0, "p99_us": 12500.0, "offered_per_s": 1000.0}},
         "moves": {"single": {"n": 300, "median_us": 3460.0, "p99_us": 5720.0},
                   "sustained": {"n": 5790, "median_us": 57000.0, "p99_us": 190000.0, "clients": 40,
                                 "seconds": 10.0, "moves_per_s": 579.0},
                   "paced": {"n": 9900, "median_us": 2900.0, "p99_us": 41000.0, "offered_per_s": 1000.0,
                             "players": 200, "moves_per_s": 990.0}}},
    ]},
    "connections": {"connections_held": 5000, "opened_in_s": 8.1, "rss_before_kib": 74752,
                    "rss_after_kib": 234496, "kib_per_connection": 32.4, "machine": {}},
    "leagues": {"players": 1_000_000, "runs": 30, "python": "3.11.7", "results": {
        "load_s": 54.5,
        "floor_select1": {"n": 120, "median_ms": 0.19, "p95_ms": 0.22, "max_ms": 0.5},
        "chart_top100": {"n": 30, "median_ms": 2.23, "p95_ms": 2.51, "max_ms": 3.0},
        "chart_top100_me_top": {"n": 30, "median_ms": 4.16, "p95_ms": 5.0, "max_ms": 6.0},
        "chart_top100_me_middle": {"n": 30, "median_ms": 7.07, "p95_ms": 8.0, "max_ms": 9.0},
        "chart_top100_me_bottom": {"n": 30, "median_ms": 6.95, "p95_ms": 8.0, "max_ms": 9.0},
        "chart_top100_me_out_of_chart": {"n": 30, "median_ms": 5.01, "p95_ms": 6.0, "max_ms": 7.0},
        "week_results_all_groups": {"n": 2, "median_ms": 24_600.0, "p95_ms": 25_000.0, "max_ms": 25_000.0,
                                    "members": 950_030, "moved": 335_009},
    }},
    "projection": {"games": 3000, "moves_per_game": 20, "events": 72000, "messages": 66000, "seconds": 17.3,
                   "events_per_s": 4153.0, "messages_per_s": 3807.0, "finished_games_projected": 3000,
                   "floor_copy_rows_per_s": 703_748.0, "machine": {}},
    "refold": {"games": 20, "messages_median": 90.0, "batch_ms": 2.88, "one_at_a_time_ms": 12.43, "refold_ms": 5.35,
               "rows": [], "machine": {}},
    "surge": {"players": 3000, "window_s": 60.0, "burst": False, "daily_id": "2026-11-30:bronze", "floors": FLOORS,
              "surge": {"connect_to_view": {"n": 3000, "median_us": 30_000.0, "p99_us": 120_000.0, "max_us": 2e5},
                        "start": {"n": 3000, "median_us": 20_000.0, "p99_us": 90_000.0, "max_us": 1.5e5},
                        "started": 3000, "seconds": 60.1, "starts_per_s": 49.9, "errors": 0, "error_codes": {},
                        "gateway_rss_kib": {"before": 75_000, "peak": 180_000, "after": 179_000}},
              "checks": {"distinct_game_ids": 3000, "ok": True}},
    "eot": {"targets": {"fold_4p_ms": 50.0, "decision_4_views_ms": 5.0, "strong_vs_random_pct": 90.0},
            "bots": [{"first": "strong", "second": "random", "games": 300, "win_pct": 98.67}],
            "speed": {"fold": {"games": 6, "median_ms": 0.84, "max_ms": 1.12},
                      "decision": {"n": 1558, "median_ms": 0.21, "cpu_p99_ms": 0.48}}},
    "ghost_five": {"targets": {"turn_median_us": 200.0, "fold_ms": 15.0, "vs_random": 0.95, "vs_greedy": 0.70,
                               "move_median_ms": 300.0},
                   "turn": {"15x15": {"median_us": 206.0, "p99_us": 900.0}, "19x19": {"median_us": 150.0,
                                                                                   "p99_us": 700.0}},
                   "fold_60": {"median_ms": 6.1},
                   "bot": {"strong_vs_random": {"won": 20, "matches": 20, "rate": 1.0, "move_median_ms": 43.0},
                           "strong_vs_greedy": {"won": 20, "matches": 20, "rate": 1.0, "move_median_ms": 43.0}}},
    "ghost_online": {"targets": {"turn_vs_pipeline": 2.0, "timer_p99_ms": 100.0},
                     "turn": {"turn": {"n": 150, "median_us": 4200.0, "p99_us": 9000.0, "max_us": 12000.0},
                              "pipeline": {"n": 500, "median_us": 1400.0, "p99_us": 3000.0, "max_us": 5000.0},
                              "ratio": 3.0},
                     "clocks": {"matches": 1000, "turns_each": 6, "late_ms": {"median": 20.0, "p99": 80.0,
                                                                              "max": 120.0},
                                "matches_with_a_lost_turn": 0, "refused": 0}},
    "eot_online": {"targets": {"action_vs_pipeline": 2.0},
                   "action": {"action": {"n": 150, "median_us": 4100.0, "p99_us": 12600.0},
                              "pipeline": {"n": 500, "median_us": 1250.0, "p99_us": 5000.0}, "ratio": 3.28},
                   "tables": {"tables": 1000, "bot_level": "balanced",
                              "kib_per_table": {"engine": 17.7, "gateway": 91.9},
                              "think_ms": {"mean": 1.17, "median": {"value_ms": 0.96, "bucket_le_ms": 1.0},
                                           "p99": {"value_ms": 7.22, "bucket_le_ms": 10.0}}}},
    "ark_online": {"targets": {"vote_vs_pipeline": 3.0, "timer_p99_ms": 100.0},
                   "votes": {"players": 16, "vote": {"n": 128, "median_us": 8800.0, "p99_us": 23000.0},
                             "pipeline": {"n": 900, "median_us": 1400.0, "p99_us": 18000.0}, "ratio": 6.29},
                   "timers": {"rooms": 500, "players": 8, "late_ms": {"median": 6.0, "p99": 25.0, "max": 40.0},
                              "rooms_stuck": 0, "gateway_kib_per_room": 127.0,
                              "gateway_kib_per_room_with_connections": 514.0, "engine_kib_per_room": 117.0}},
}


def table(results: dict) -> str:
    return summary.format_table(summary.rows_of(results))


def line(text: str, figure: str) -> str:
    return next(row for row in text.splitlines() if row.startswith(figure))


def test_nothing_run_is_one_not_run_row_per_benchmark() -> None:
    text = table({})
    lines = text.splitlines()
    assert lines[0].split() == ["figure", "measured", "floor", "ratio", "target"]
    assert set(lines[1]) == {"-", " "}
    assert [row.split() for row in lines[2:]] == [[name, "not", "run"] for name in summary.BENCHMARKS]


def test_every_benchmark_has_its_headline_figures_floors_ratios_and_targets() -> None:
    text = table(SAMPLES)
    assert "not run" not in text and "unreadable" not in text
    moves = line(text, "moves (fsync always): round trip")
    assert "3.46 ms" in moves and "358 µs JetStream publish" in moves and "9.7×" in moves  # the old 3× is retired
    assert text.index("moves (fsync always)") < text.index("moves (NATS default sync)")  # the shipped one first
    assert "579" in line(text, "moves (fsync always): sustained") and "≥ 1 000/s MISSED" in text
    paced = line(text, "moves (fsync always): 1 000/s offered")
    assert "2.90 ms / 41.00 ms" in paced and "p99 ≤ 50 ms, ≥ 98 % taken met" in paced
    assert "900 µs / 12.50 ms bare JetStream, same rate" in paced and "3.2×" in paced
    assert "moves (NATS default sync): 1 000/s offered" not in text  # an older run without it: no row
    assert "bare pipeline" not in text  # nor without the bare pipeline
    piped = {**SAMPLES, "moves": {"machine": {}, "results": [
        {**SAMPLES["moves"]["results"][1], "floors": {**FLOORS, "pipeline": {"n": 500, "median_us": 865.0}}}]}}
    pipeline = line(table(piped), "moves (fsync always): bare pipeline")
    assert "865 µs" in pipeline and "2.4×" in pipeline and "a move is 4.0× this" in pipeline  # 3460/865
    assert "MISSED" not in pipeline and " met" not in pipeline  # the "× the bare pipeline" targets are retired
    person = {**SAMPLES, "moves": {"machine": {}, "results": [
        {**SAMPLES["moves"]["results"][1],
         "floors": {**FLOORS, "jetstream_publish_person": {"n": 150, "median_us": 1200.0}},
         "moves": {**SAMPLES["moves"]["results"][1]["moves"], "person": {"n": 150, "median_us": 3600.0}}}]}}
    paced_person = line(table(person), "moves (fsync always): paced like a person")
    assert "3.60 ms" in paced_person and "1.20 ms bare JetStream, 10/s" in paced_person and "3.0×" in paced_person
    assert "met" not in paced_person and "MISSED" not in paced_person
    eot = table(SAMPLES)
    assert "98.7 %" in line(eot, "eot: strong bot") and "≥ 90 % met" in line(eot, "eot: strong bot")
    assert "≤ 50 ms met" in line(eot, "eot: a whole 4-player game") and "0.21 / 0.48 ms" in eot
    assert "≤ 200 µs MISSED" in line(eot, "ghost five: a turn resolved, 15x15") and "met" in line(
        eot, "ghost five: a turn resolved, 19x19")
    assert "20/20, 43 ms" in line(eot, "ghost five: bot strong vs greedy") and "≥ 70%, ≤ 300 ms met" in eot
    online = line(eot, "ghost online: turn round trip")
    assert "4.20 ms / 9.00 ms" in online and "pipeline 1.40 ms" in online and "3.0×" in online
    assert "MISSED" not in online
    assert "20 / 80 ms" in line(eot, "ghost online: 1 000 matches' clocks") and "p99 ≤ 100 ms met" in eot
    assert "0, 0" in line(eot, "ghost online: matches with a lost turn")
    four = line(eot, "eot online: one action, 4 players")
    assert "4.10 ms / 12.60 ms" in four and "pipeline 1.25 ms" in four and "3.3×" in four and "MISSED" not in four
    assert "17.7 / 91.9 KiB" in line(eot, "eot online: 1 000 tables with 3 balanced bots, memory per table")
    assert "0.96 / 7.22 ms" in line(eot, "eot online: a bot's think time")
    vote = line(eot, "ark online: vote of 16")
    assert "8.80 ms / 23.00 ms" in vote and "pipeline 1.40 ms / 18.00 ms" in vote and "6.3×" in vote
    assert "MISSED" not in vote
    assert "6 / 25 ms" in line(eot, "ark online: timers of 500 rooms of 8") and "none stuck met" in eot
    memory = line(eot, "ark online: memory per room")
    assert "127 / 117 KiB" in memory and "gateway 514 KiB with its connections" in memory
    free = {**SAMPLES, "moves": {"machine": {}, "results": [
        {**SAMPLES["moves"]["results"][1], "moves": {**SAMPLES["moves"]["results"][1]["moves"], "games": "free"}}]}}
    assert "41.00 ms" in line(table(free), "moves (fsync always, free games): 1 000/s offered")  # which games
    assert "5 000" in line(text, "connections: idle") and "≤ 50 KB met" in line(text, "connections: gateway memory")
    assert "connections: gateway collector pauses" not in text  # an older run without them: no row
    paused = {**SAMPLES, "connections": {**SAMPLES["connections"], "gc_pauses": {
        "1": {"count": 23.0, "mean_ms": 10.7, "over_10ms": 12.0},
        "0": {"count": 70.0, "mean_ms": 2.3, "over_10ms": 0.0}}}}
    assert "gen0 70× 2.3 ms, gen1 23× 10.7 ms" in line(table(paused), "connections: gateway collector pauses")
    quiet = {**SAMPLES, "connections": {**SAMPLES["connections"], "gc_pauses": {}}}
    assert "none" in line(table(quiet), "connections: gateway collector pauses")
    assert "nine-small" in line(text, "rules: field generated") and "1.88 ms" in text
    assert "40.8 µs" in line(text, "rules: decide") and "≤ 50 µs met" in text
    caller = line(text, "leagues: top 100 + caller's place")
    assert "(middle)" in caller and "7.07 ms" in caller and "37.2×" in caller and "≤ 10 ms met" in caller
    assert "24.6 s" in line(text, "leagues: week results") and "950 030 members" in text
    projection = line(text, "projection: GAMES events")
    assert "4 153" in projection and "703 748 rows/s COPY" in projection and "169.5×" in projection
    lifecycles = {**SAMPLES, "projection": {**SAMPLES["projection"], "lifecycle_batches_per_s": 636.0}}
    projection = line(table(lifecycles), "projection: GAMES events")  # what the service reads now: the ratio's base
    assert "4 153 (636 lifecycle batches/s)" in projection and "1106.5×" in projection
    read_back = line(text, "refold: a game read back")
    assert "20 long Free games of 90 messages" in read_back and "2.88 ms" in read_back
    assert "12.43 ms a message at a time" in read_back and "0.2×" in read_back
    assert "5.35 ms" in line(text, "refold: read back, folded")
    start = line(text, "surge (3 000 players in 60 s): Daily start alone")
    assert "20.00 ms (90.00 ms)" in start and "55.9×" in start
    assert "players arrive at 50.0/s" in line(text, "surge: Daily starts per second")
    assert "0 met" in line(text, "surge: errors") and "3 000 / 3 000" in text and "176 MiB" in text


def test_the_peers_rows_show_each_peer_beside_ours_and_the_ratios_to_each() -> None:
    text = table(SAMPLES)
    move = line(text, "peers: one move until the opponent has it")
    assert "3.05 ms / 18.80 ms" in move and "boardgame.io 0.66 ms / 5.10 ms" in move
    assert "Colyseus 0.12 ms / 0.37 ms" in move and "4.6× / 25.4×" in move  # 3.05 ÷ 0.66, 3.05 ÷ 0.12
    saturated = line(text, "peers: saturated moves/s (40 players")
    assert "335" in saturated and "boardgame.io 4 214" in saturated and "12.6× / 81.2×" in saturated
    assert "≥ ½ boardgame.io's MISSED" in saturated
    assert "peers: a new game opened" not in text  # an older run without it: no row
    systems = copy.deepcopy(SAMPLES["peers"]["systems"])
    for name, opened in (("echo", 8.0), ("bgio", 50.0), ("colyseus", 40.0)):
        systems[name]["new_game_median_ms"] = opened
    opened = line(table({"peers": {**SAMPLES["peers"], "systems": systems}}), "peers: a new game opened")
    assert "8.00 ms" in opened and "boardgame.io 50.00 ms · Colyseus 40.00 ms" in opened and "0.2× / 0.2×" in opened
    held = line(text, "peers: players held")
    assert "boardgame.io 800 · Colyseus 3 200" in held and "8.0× / 32.0×" in held and "MISSED" in held
    assert "600 MiB" in line(text, "peers: server memory") and "10.0× / 7.8×" in text
    kill = line(text, "peers: acknowledged moves still there after kill -9")
    assert "3 of 3" in kill and "boardgame.io 0 of 3 · Colyseus 0 of 3" in kill and "every one met" in kill
    assert "midnight surge" not in text  # a run without it: no row
    surged = {**SAMPLES["peers"], "surge": {"players": 1000, "window_s": 60.0, "errors": {},
                                            "start": {"median_ms": 12.5, "p99_ms": 140.0},
                                            "connect_to_view": {"median_ms": 20.0, "p99_ms": 180.0}}}
    surge = line(table({"peers": surged}), "peers' driver: midnight surge, 1 000 Daily starts in 60 s")
    assert "12.50 ms / 140.00 ms (180.00 ms)" in surge and "p99 ≤ 100 ms, no error MISSED" in surge
    assert "whole Daily games" not in text
    played = {**SAMPLES["peers"], "whole": {"clicks": 87, "held_players": 400, "stages": []}}
    whole = line(table({"peers": played}), "peers' driver: players held playing whole Daily games (87 clicks)")
    assert "400" in whole and "boardgame.io 800 (tic-tac-toe)" in whole and "≥ boardgame.io's MISSED" in whole
    skipped = table({"peers": {"skipped": "the peers need node and npm (Node.js 20 or newer), not found on PATH"}})
    assert "skipped: the peers need node and npm" in line(skipped, "peers: capacity beside")


def test_columns_line_up() -> None:
    lines = table(SAMPLES).splitlines()
    separator = lines[1]
    starts = [i for i in range(len(separator)) if separator[i] == "-" and (i == 0 or separator[i - 1] == " ")]
    assert len(starts) == 5
    for row in lines[2:]:
        for start in starts[1:]:
            assert row[start - 2:start] == "  ", row  # two spaces before every column


def test_errors_of_the_surge_show_their_codes_and_a_failed_check() -> None:
    failed = copy.deepcopy(SAMPLES["surge"])
    failed["surge"].update(errors=3, error_codes={"engine_unavailable": 2, "TimeoutError: ": 1})
    failed["checks"].update(distinct_game_ids=2997, ok=False)
    text = table({"surge": failed})
    assert "3 (engine_unavailable ×2, TimeoutError:  ×1)" in line(text, "surge: errors")
    assert "0 MISSED" in text and "2 997 / 3 000" in text and "checks ok MISSED" in text


def test_a_burst_has_no_arrival_rate_and_a_failed_rules_core_is_said() -> None:
    burst = copy.deepcopy(SAMPLES["surge"])
    burst.update(window_s=0.0, burst=True)
    rules = copy.deepcopy(SAMPLES["rules"])
    rules["core"] = {"error": "No module named 'game'"}
    text = table({"surge": burst, "rules": rules})
    assert "3 000 players at once" in text and "arrive at" not in text
    assert "failed: No module named 'game'" in line(text, "rules: tick and fold")


def test_a_result_of_another_shape_is_reported_not_fatal() -> None:
    text = table({**SAMPLES, "connections": {"connections": 10}, "leagues": {"results": []}})
    assert "KeyError" in line(text, "connections: unreadable result")
    assert "TypeError" in line(text, "leagues: unreadable result")
    assert "579" in text  # the others are still there


def test_main_reads_the_folder_and_tolerates_missing_and_broken_files(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    (tmp_path / "moves.json").write_text(json.dumps(SAMPLES["moves"]))
    (tmp_path / "surge.json").write_text("{not json")
    assert summary.main(["--dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "9.7×" in out
    assert [row.split()[0] for row in out.splitlines() if row.endswith("not run")] == [
        "peers", "rules", "connections", "leagues", "projection", "refold", "surge", "eot", "ghost_five",
        "ghost_online", "eot_online", "ark_online"]
    assert out.splitlines()[-1].startswith("files written: moves ")
