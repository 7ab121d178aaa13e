"""The layering's import-linter contracts (`.importlinter`) hold — and would catch a crossing."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def lint_imports(python_path: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(python_path) if python_path else "")
    return subprocess.run([str(LINT_IMPORTS), "--config", str(ROOT / ".importlinter"), "--no-cache"],
                          cwd=ROOT, env=env, capture_output=True, text=True)


def test_the_contracts_are_kept() -> None:
    result = lint_imports()
    assert result.returncode == 0, result.stdout + result.stderr
    assert "5 kept, 0 broken" in result.stdout


@pytest.mark.parametrize(("package", "source", "line", "contract"), [
    ("ghost_five", "libs/games/ghost_five/src/ghost_five", "import nats", "import no I/O library"),
    ("echo_challenge", "libs/games/echo/src/echo_challenge", "from echo_engine import store",
     "import no I/O library"),
    ("echo_leagues", "services/leagues/src/echo_leagues", "import echo_engine.store", "another service"),
    ("echo_engine", "services/engine/src/echo_engine", "from echo_challenge import modes", "only through the registry"),
    ("echo_gateway", "services/gateway/src/echo_gateway", "import ghost_five.elo", "only through the registry"),
])
def test_a_deliberate_violation_fails(tmp_path: Path, package: str, source: str, line: str, contract: str) -> None:
    """A copy of the package with one forbidden import, found first on the path: lint-imports must refuse it."""
    shutil.copytree(ROOT / source, tmp_path / package)
    (tmp_path / package / "leak.py").write_text(f'"""A deliberate violation."""\n{line}\n')
    result = lint_imports(tmp_path)
    assert result.returncode != 0
    assert "BROKEN" in result.stdout and contract in result.stdout
    assert f"{package}.leak" in result.stdout
