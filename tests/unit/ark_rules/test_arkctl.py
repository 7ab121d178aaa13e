"""arkctl against its contract (docs/games/ark.md §3): invocation, output fields, script language, rejections."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from ark.catalogue import CATEGORIES, check, shipped_json
from ark.cli import main

pytestmark = pytest.mark.unit

ARKCTL = Path(sys.executable).with_name("arkctl")
GAME = """
# four players and a round
join a name=Аня
join b
join c
join d

settings incubator=off
ready b
ready c
ready d
start a
prepared a
prepared b
prepared c
prepared d
"""
FIELDS = {"phase", "round", "owner", "room", "settings", "catalogue_version", "clock", "catastrophe", "years",
          "turn_order", "ark_cards", "players", "step", "exiled", "alive", "dead", "votes", "kind", "winners",
          "results", "ending", "rejections", "log"}


def play(script: str, *options: str, seed: str = "seed", capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="arkctl-") as folder:
        path = Path(folder) / "script.txt"
        path.write_text(script, encoding="utf-8")
        assert main(["play", "--seed", seed, "--script", str(path), *options]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_installed_command_plays_a_script_from_stdin() -> None:
    done = subprocess.run([str(ARKCTL), "play", "--seed", "seed", "--script", "-"], input=GAME,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert FIELDS <= set(out) and "me" not in out and "internal_log" not in out
    assert "Аня" in done.stdout  # ensure_ascii=False
    assert list(out) == sorted(out)
    assert (out["phase"], out["round"], out["room"], out["owner"]) == ("round", 1, "main", "a")
    assert out["settings"]["incubator"] == "off"
    assert out["step"]["kind"] == "reveal" and out["step"]["player"] == out["turn_order"][0]


def test_the_same_seed_and_script_give_the_same_output(capsys: pytest.CaptureFixture[str]) -> None:
    first = play(GAME, capsys=capsys)
    assert play(GAME, capsys=capsys) == first
    others = [play(GAME, seed=f"other{i}", capsys=capsys) for i in range(4)]
    assert any(o["turn_order"] != first["turn_order"] or o["catastrophe"] != first["catastrophe"] for o in others)


def test_rejections_carry_line_room_command_and_code_and_change_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    out = play(GAME + "reveal a hobby\nfly a\nvote a\n@x start q\ntimeout\n", capsys=capsys)
    rejections = out["rejections"]
    assert rejections[0] == {"line": len(GAME.splitlines()) + 1, "room": "main", "command": "RevealCard",
                             "code": "not_your_turn" if out["turn_order"][0] != "a" else "profession_first"}
    assert [r["code"] for r in rejections[1:]] == ["bad_command", "bad_command", "not_in_room"]
    assert "detail" in rejections[1] and rejections[3]["room"] == "x"
    assert out["step"]["kind"] == "discussion" and out["clock"] == 30  # the last `timeout` was accepted


def test_as_a_player_adds_his_seven_cards_and_his_own_ballots(capsys: pytest.CaptureFixture[str]) -> None:
    out = play(GAME, "--as", "b", capsys=capsys)
    assert set(out["me"]) == {"id", "cards", "votes"}
    assert list(out["me"]["cards"]) == sorted(CATEGORIES) and out["me"]["votes"] == []
    others = [p for p in out["players"] if p["id"] != "b"]
    assert all(p["cards"] == {} for p in others)


def test_internal_adds_the_internal_events_the_log_never_shows(capsys: pytest.CaptureFixture[str]) -> None:
    out = play(GAME, "--internal", capsys=capsys)
    internal = [e["type"] for e in out["internal_log"]]
    assert {"RoomCreated", "CharactersDealt", "ArkCardsDrawn"} <= set(internal)
    assert not {"RoomCreated", "CharactersDealt", "ArkCardsDrawn"} & {e["type"] for e in out["log"]}
    assert "seed" not in json.dumps(out["log"])


def test_other_rooms_are_listed_when_used(capsys: pytest.CaptureFixture[str]) -> None:
    out = play("join a\n@r2 join b\n@r2 join a\n", capsys=capsys)
    assert out["other_rooms"] == {"r2": {"phase": "lobby", "owner": "b", "players": ["b"]}}
    assert out["rejections"] == [{"line": 3, "room": "r2", "command": "JoinRoom", "code": "already_in_game"}]


def test_nick_takes_the_rest_of_the_line_and_settings_default_to_the_owner(
        capsys: pytest.CaptureFixture[str]) -> None:
    out = play("join a\njoin b\nnick b   Тёмный рыцарь  \nsettings mode=survival\nsettings b mode=rescue\n",
               capsys=capsys)
    assert out["players"][1]["nick"] == "Тёмный рыцарь"
    assert out["settings"]["mode"] == "survival"
    assert out["rejections"][0]["code"] == "not_owner"


def test_waits_move_the_shared_clock_and_timeout_jumps_to_the_deadline(capsys: pytest.CaptureFixture[str]) -> None:
    out = play(GAME + "wait 12.5\ntimeout\nwait x\n", capsys=capsys)
    assert out["clock"] == 30
    assert out["step"]["deadline"] == 90
    assert out["rejections"][0]["code"] == "bad_command"


def test_the_catalogue_command_prints_the_shipped_catalogue(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["catalogue"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == shipped_json()
    assert check(printed, adult=True) == [] and check(printed, adult=False) == []


@pytest.mark.parametrize("adult", ["on", "off"])
def test_check_catalogue_is_green_on_the_shipped_catalogue(adult: str, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cat.json"
    path.write_text(json.dumps(shipped_json(), ensure_ascii=False), encoding="utf-8")
    assert main(["check-catalogue", str(path), "--adult", adult]) == 0
    assert json.loads(capsys.readouterr().out) == {"ok": True, "errors": []}


def _small_catalogue() -> dict[str, Any]:
    data = shipped_json()
    data["cards"] = {c: [card for card in cards if not card["adult"]][:16] for c, cards in data["cards"].items()}
    return data


def test_check_catalogue_lists_every_error_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _small_catalogue()
    data["cards"]["hobby"] = data["cards"]["hobby"][:10]
    data["ark"].append(dict(data["ark"][0]))
    data["endings"] = [e for e in data["endings"] if e["key"] != "exiles_only"]
    path = tmp_path / "cat.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["check-catalogue", str(path)]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is False
    assert any("hobby" in e for e in out["errors"]) and any("used 2 times" in e for e in out["errors"])
    assert any("exiles_only" in e for e in out["errors"])
    path.write_text("{not json", encoding="utf-8")
    assert main(["check-catalogue", str(path)]) == 1


def test_a_catalogue_too_small_without_18_plus_is_reported_only_with_adult_off(tmp_path: Path,
                                                                              capsys: pytest.CaptureFixture[str]
                                                                              ) -> None:
    data = shipped_json()
    data["cards"]["fact"] = [c for c in data["cards"]["fact"] if c["adult"]] + [
        c for c in data["cards"]["fact"] if not c["adult"]][:15]
    path = tmp_path / "cat.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["check-catalogue", str(path), "--adult", "on"]) == 0
    assert main(["check-catalogue", str(path), "--adult", "off"]) == 1
    capsys.readouterr()
    script = tmp_path / "s.txt"
    script.write_text(GAME.replace("settings incubator=off", "settings adult=off"), encoding="utf-8")
    assert main(["play", "--seed", "s", "--script", str(script), "--catalogue", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["phase"] == "lobby" and out["rejections"][0]["code"] == "bad_settings"


def test_play_with_an_invalid_catalogue_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"version": "x"}), encoding="utf-8")
    done = subprocess.run([str(ARKCTL), "play", "--seed", "s", "--script", "-", "--catalogue", str(path)],
                          input="join a\n", capture_output=True, text=True, check=False)
    assert done.returncode == 2 and done.stderr and not done.stdout


def test_play_with_a_minimal_catalogue_of_our_own(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _small_catalogue()
    data["version"] = "tiny-1"
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = play(GAME, "--catalogue", str(path), capsys=capsys)
    assert out["catalogue_version"] == "tiny-1"
    assert out["phase"] == "round"
