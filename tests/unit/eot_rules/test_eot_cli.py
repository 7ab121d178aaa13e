"""eotctl against its contract: the JSON fields, script replay of random games, rejections, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from echoes_of_time.cli import main

pytestmark = pytest.mark.unit

FIELDS = {"num_players", "seed", "catalogue", "round", "phase", "first_player", "turn", "pending", "players",
          "sources", "sources_out", "deck_size", "discard", "vp_main_left", "vp_extra_used", "flags",
          "end_condition", "scores", "winners", "tie_break", "rejections", "log"}


def _run(capsys, *argv: str) -> tuple[int, dict]:
    code = main(list(argv))
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("policy", ["random", "greedy", "balanced", "balanced,random"])
def test_a_random_game_replays_exactly_from_its_script(tmp_path: Path, capsys, policy: str) -> None:
    script = tmp_path / "game.txt"
    code, played = _run(capsys, "random", "--players", "3", "--seed", "cli", "--policy", policy,
                        "--script-out", str(script))
    assert code == 0 and set(played) == FIELDS and played["phase"] == "over" and played["winners"]
    code, replayed = _run(capsys, "play", "--players", "3", "--seed", "cli", "--script", str(script))
    assert code == 0 and replayed == played


def test_rejections_are_data_with_line_numbers_and_parse_errors(tmp_path: Path, capsys) -> None:
    script = tmp_path / "bad.txt"
    script.write_text("# a comment\np9 draw\np1 fly\np1 draw extra\np1 end\nexpire\n", encoding="utf-8")
    code, shown = _run(capsys, "play", "--players", "2", "--seed", "x", "--script", str(script), "--no-log")
    assert code == 0 and "log" not in shown
    assert [(r["line"], r["code"]) for r in shown["rejections"]][:3] == [(2, "not_a_player"), (3, "parse_error"),
                                                                        (4, "parse_error")]


def test_reveal_adds_the_hidden_object_and_the_public_output_has_no_hand(tmp_path: Path, capsys) -> None:
    script = tmp_path / "empty.txt"
    script.write_text("", encoding="utf-8")
    _, shown = _run(capsys, "play", "--players", "2", "--seed", "x", "--script", str(script), "--reveal")
    assert set(shown["hidden"]) == {"hands", "deck", "pending"} and len(shown["hidden"]["deck"]) == 60
    assert all("hand" not in p for p in shown["players"])
    assert shown["log"][0]["type"] == "GameStarted" and all("order" not in e for e in shown["log"])


def test_a_bad_player_count_exits_2(capsys) -> None:
    assert main(["random", "--players", "5", "--seed", "x"]) == 2


def test_many_games_print_aggregate_figures(capsys) -> None:
    code, stats = _run(capsys, "random", "--players", "2", "--seed", "agg", "--games", "3", "--policy", "greedy")
    assert code == 0 and stats["games"] == 3 and stats["crashes"] == 0 and len(stats["seat_win_pct"]) == 2
