"""ghostctl against its contract: the example, the keys, exit codes, hash and elo."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys

import pytest

from tests.unit.ghost_rules.ghost_support import ghostctl, play, refused, row

pytestmark = pytest.mark.unit

EXAMPLE = "P:H8 P:H8; A:J9 X:P15; M:J9:SW -"
TOP_LEVEL = {"settings", "round", "turn", "status", "winner", "score", "rounds", "board", "stones", "walls", "marks",
             "reserve", "pairs", "skips", "cooldown", "magnet_ready", "clock", "log"}


def test_the_contract_example() -> None:
    state = play(EXAMPLE, "--no-log")
    assert "log" not in state
    assert (state["round"], state["turn"], state["status"]) == (1, 3, "live")
    assert row(state, 8) == ".......#......."
    assert row(state, 9) == "........A......"
    assert state["skips"] == {"A": 0, "B": 1}
    assert state["reserve"] == {"A": 1, "B": 2}
    assert state["clock"]["B"]["reserve"] == 0


def test_the_example_log() -> None:
    log = play(EXAMPLE)["log"]
    assert [e["outcomes"] for e in log] == [
        {"A": [{"type": "burnt", "cell": "H8"}], "B": [{"type": "burnt", "cell": "H8"}]},
        {"A": [{"type": "anchored", "cell": "J9"}], "B": [{"type": "miss", "cell": "P15"}]},
        {"A": [{"type": "silenced", "cell": "J9", "direction": "SW"}], "B": []},
    ]
    assert log[2]["actions"] == {"A": "M:J9:SW", "B": None}
    assert log[2]["void"] == {"A": None, "B": "no_commit"}
    assert "round_end" not in log[2]


def test_every_key_and_the_defaults() -> None:
    state = play("P:H8 P:J9")
    assert set(state) == TOP_LEVEL
    assert state["settings"] == {"board": 15, "row": 5, "capture": "off", "memory": 7, "walls": "permanent",
                                 "move_time": 30, "reserve": 120, "clock": True}
    assert state["stones"] == [
        {"cell": "H8", "seat": "A", "anchor": False, "age": 1, "shielded": False, "digit": 7, "frame": False},
        {"cell": "J9", "seat": "B", "anchor": False, "age": 1, "shielded": False, "digit": 7, "frame": False},
    ]
    assert state["cooldown"] == {"A": 0, "B": 0} and state["magnet_ready"] == {"A": True, "B": True}
    assert state["clock"] == {"A": {"reserve": 120, "streak": 1}, "B": {"reserve": 120, "streak": 1}}


def test_settings_are_reported_as_given() -> None:
    state = play("-  -", "--board", "19", "--row", "4", "--capture", "on", "--memory", "9", "--walls", "5",
                 "--move-time", "60", "--reserve", "300", "--no-clock")
    assert state["settings"] == {"board": 19, "row": 4, "capture": "on", "memory": 9, "walls": 5, "move_time": 60,
                                 "reserve": 300, "clock": False}
    assert len(state["board"]) == 19 and all(len(r) == 19 for r in state["board"])


@pytest.mark.parametrize("option", [("--board", "17"), ("--row", "6"), ("--memory", "4"), ("--memory", "10"),
                                    ("--walls", "4"), ("--move-time", "15"), ("--reserve", "100"),
                                    ("--capture", "yes"), ("--ratings", "1500"), ("--ratings", "a,b")])
def test_a_setting_out_of_range_is_refused(option: tuple[str, str]) -> None:
    refused("P:H8 P:J9", *option)


@pytest.mark.parametrize("script", ["P:H8", "P:H8 P:J9 P:K10", "P:H08 P:J9", "Q:H8 P:J9", "P:H8;T:K10 -",
                                    "M:H8:NN -", "S:H8 -", "P:H8+T:K10+T:K11 -", "P:H8@ -", "P:H8@1. -",
                                    "resign C", "resign", "Resign A", "P:h8 -", "P:H8@-1 -"])
def test_a_script_that_does_not_parse_is_refused(script: str) -> None:
    refused(script)


def test_segments_are_trimmed_and_empty_ones_ignored() -> None:
    assert play(" ;; P:H8   P:J9 ;  ; ")["turn"] == 1


def test_a_cell_off_the_board_is_an_illegal_action_not_a_parse_error() -> None:
    state = play("P:Q1 P:I5; P:A16 P:P15")
    assert [e["void"] for e in state["log"]] == [{"A": "illegal_action", "B": "illegal_action"},
                                                 {"A": "illegal_action", "B": None}]
    assert state["log"][0]["actions"] == {"A": "P:Q1", "B": "P:I5"}
    assert state["skips"] == {"A": 2, "B": 0}


def test_the_take_back_add_on_is_canonical_in_the_log() -> None:
    state = play("A:H8 P:N1; " + "; ".join(f"P:A{i} P:N{i + 1}" for i in range(1, 6)) + "; P:C3+T:H8 P:N8")
    assert state["log"][-1]["actions"]["A"] == "P:C3;T:H8"


def test_turns_after_the_end_and_bad_controls_are_refused() -> None:
    won = "P:A1 -; P:C1 -; P:E1 -; P:G1 -; P:J1 -; P:L1 -"
    assert play(won)["status"] == "finished"
    refused(won + "; P:B1 P:B2")
    refused(won + "; resign B")
    refused(won + "; cancel A")


def test_the_same_script_gives_the_same_json_through_the_installed_command() -> None:
    script = "P:H8 P:J9; A:H9 X:J9; S:H9:H10 P:J9@35; M:H10:S -@3"
    runs = [subprocess.run([sys.executable, "-c", "import sys; from ghost_five.cli import main; sys.exit(main())",
                            "play", "--turns", script], capture_output=True, text=True, check=True)
            for _ in range(2)]
    assert runs[0].stdout == runs[1].stdout
    assert json.loads(runs[0].stdout) == play(script)


def test_hash_is_sha256_of_the_context() -> None:
    salt = "0f" * 32
    code, digest = ghostctl("hash", "m-1", "2", "7", "B", "P:H8;T:K10", salt)
    assert code == 0
    expected = hashlib.sha256(f"ghost-five/1|m-1|2|7|B|P:H8;T:K10|{salt}".encode()).hexdigest()
    assert digest == expected


@pytest.mark.parametrize("argv", [
    ("m", "1", "1", "C", "P:H8", "0f" * 32), ("m", "x", "1", "A", "P:H8", "0f" * 32),
    ("m", "1", "1", "A", "P:H8+T:K10", "0f" * 32), ("m", "1", "1", "A", "P:H8", "0F" * 32),
    ("m", "1", "1", "A", "P:H8", "0f" * 31),
])
def test_hash_refuses_what_is_not_canonical(argv: tuple[str, ...]) -> None:
    code, answer = ghostctl("hash", *argv)
    assert code == 2 and "error" in answer


@pytest.mark.parametrize(("winner", "loser", "delta"), [(1500, 1500, 16), (1500, 1900, 29), (1900, 1500, 3),
                                                         (2400, 1000, 1), (1000, 2400, 32), (1613, 1500, 11)])
def test_elo(winner: int, loser: int, delta: int) -> None:
    assert ghostctl("elo", str(winner), str(loser)) == (0, {"delta": delta, "winner": winner + delta,
                                                             "loser": loser - delta})


def test_elo_refuses_a_non_number() -> None:
    assert ghostctl("elo", "x", "1500")[0] == 2
