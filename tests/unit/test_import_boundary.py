"""The pure packages (rules, events, the daily calendar) must not import I/O libraries."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]
PURE_PACKAGES = (
    ROOT / "libs/events/src/echo_events",
    *(path for path in sorted((ROOT / "libs/games").glob("*/src/*")) if path.is_dir()),
    ROOT / "services/daily/src/echo_daily/calendar",
)
FORBIDDEN = ("faststream", "nats", "asyncpg", "litestar", "structlog", "opentelemetry",
             "echo_runtime", "httpx", "uvicorn", "socket", "random")


def forbidden_imports(source: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found += [name for name in names if name.split(".")[0] in FORBIDDEN]
    return found


def pure_files() -> list[Path]:
    return sorted(p for package in PURE_PACKAGES if package.exists() for p in package.rglob("*.py"))


def test_the_pure_packages_exist() -> None:
    assert (ROOT / "libs/events/src/echo_events").is_dir()
    assert (ROOT / "libs/games/echo/src/echo_challenge").is_dir()
    assert len(pure_files()) >= 5


@pytest.mark.parametrize("path", pure_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_pure_module_imports_no_io(path: Path) -> None:
    assert forbidden_imports(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("line", [
    "import nats", "from nats.js import api", "import asyncpg as pg", "from litestar import get",
    "import structlog", "from opentelemetry import trace", "from faststream.nats import NatsBroker",
    "import random",
])
def test_the_checker_catches_a_crossing(line: str) -> None:
    assert forbidden_imports(f"x = 1\n{line}\n") != []


def test_the_checker_allows_relative_and_stdlib_imports() -> None:
    assert forbidden_imports("from . import field\nimport hashlib\nfrom dataclasses import dataclass\n") == []
