"""The benchmark scripts still run against today's code: each of the quicker ones, with tiny arguments, exits 0
and writes its figures (two of them had stopped running after the engine's store and the reply mux changed,
and only `make bench` would have shown it). Timing is never checked here: only that a script works."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = [pytest.mark.integration, pytest.mark.slow]

LOAD = Path(__file__).resolve().parents[1] / "load"

RUNS = {
    "bench_ark_views.py": (["--repeat", "2"], None),
    "bench_gateway_frames.py": (["--repeats", "3"], "gateway_frames"),
    "bench_refold.py": (["--games", "1"], "refold"),
    "bench_rules.py": (["--seeds", "5", "--games", "2"], "rules"),
    "bench_eot.py": (["--games", "2", "--duel-games", "2", "--budget", "5", "--speed-games", "1", "--workers", "1"],
                     "eot"),
    "bench_projection.py": (["--games", "10", "--moves", "2"], "projection"),
    "bench_leagues.py": (["--players", "1000", "--runs", "2"], "leagues"),
    "bench_eot_online.py": (["--rounds", "1", "--actions", "2", "--tables", "4", "--table-actions", "1"],
                            "eot_online"),
    "count_calls.py": (["--moves", "20", "--opens", "2", "--cpu-rounds", "1", "--top", "3"], "calls"),
}


@pytest.mark.parametrize("script", sorted(RUNS))
def test_the_benchmark_runs_and_writes_its_figures(script: str, tmp_path: Path) -> None:
    arguments, written = RUNS[script]
    done = subprocess.run([sys.executable, str(LOAD / script), *arguments], capture_output=True, text=True,
                          timeout=240, env={**os.environ, "ECHO_BENCH_DIR": str(tmp_path)}, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    if written is not None:
        figures = json.loads((tmp_path / f"{written}.json").read_text())
        assert figures, f"{written}.json is empty"
