"""The capacity benchmark against the peers still runs: with tiny arguments the one Node driver plays the
shared tic-tac-toe on this platform (examples/tictactoe, hosted through its entry point only) — as deployed by
default and with its engine in the gateway's process —, boardgame.io and Colyseus, five players start today's
Daily in the midnight surge, three more play its clicks at a human pace, and the kill -9 test gives its answer —
every acknowledged move of ours kept after SIGKILL to the engine, the gateway and NATS, either way; the peers'
in-memory games gone. Timing is never checked here."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.fault,
              pytest.mark.skipif(shutil.which("node") is None or shutil.which("npm") is None,
                                 reason="the peers' benchmark needs node and npm (Node.js 20 or newer) on PATH")]

BENCH = Path(__file__).resolve().parents[1] / "load" / "bench_peers.py"


def test_the_peers_benchmark_plays_every_system_and_tests_kill_9(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH), "--rounds", "1", "--moves", "5", "--seconds", "1", "--stages", "4",
         "--saturate-players", "4", "--surge-players", "5", "--surge-window", "1", "--whole-stages", "3",
             "--whole-interval", "0.05"],
        capture_output=True, text=True, timeout=280, env={**os.environ, "ECHO_BENCH_DIR": str(tmp_path)},
        check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    systems = json.loads((tmp_path / "peers.json").read_text())["systems"]
    assert set(systems) == {"echo", "echo-together", "bgio", "colyseus"}
    for figures in systems.values():
        assert figures["move_median_ms"] > 0 and figures["saturated_moves_per_s"] > 0
    for ours in ("echo", "echo-together"):
        assert systems[ours]["kill9"]["acked"] == 3 and systems[ours]["kill9"]["kept"] == 3
        assert systems[ours]["kill9"]["board"][:4] == ["X", "X", None, "O"]
    assert systems["bgio"]["kill9"] == {"answer": "HTTP 404", "board": None, "acked": 3, "kept": 0}
    assert systems["colyseus"]["kill9"]["kept"] == 0 and "not found" in systems["colyseus"]["kill9"]["answer"]
    result = json.loads((tmp_path / "peers.json").read_text())
    surge = result["surge"]
    assert surge["start"]["n"] == 5 and surge["errors"] == {}  # five players, each started his Daily
    whole = result["whole"]  # three more played their whole Daily to its end, every click acked
    assert whole["clicks"] > 40 and whole["stages"][0]["errors"] == 0
    assert whole["stages"][0]["moves_made"] == 3 * whole["clicks"]
