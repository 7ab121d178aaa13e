"""The calendar, the schedule and the daily events are pure: no I/O libraries, no clock, no `random`."""

import ast
import re
import subprocess
import sys
from pathlib import Path

import echo_daily.calendar
import echo_daily.schedule
import echo_events.daily
import pytest

pytestmark = pytest.mark.unit

FORBIDDEN = {"faststream", "nats", "asyncpg", "litestar", "structlog", "opentelemetry", "random", "time"}
CLOCK_CALLS = {"now", "utcnow", "today", "time", "monotonic", "perf_counter"}

PURE_FILES = sorted(Path(echo_daily.calendar.__file__).parent.glob("*.py")) + [
    Path(echo_daily.schedule.__file__),
    Path(echo_events.daily.__file__),
]


@pytest.mark.parametrize("path", PURE_FILES, ids=lambda p: p.name)
def test_no_io_imports_and_no_clock_reads(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots = {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            roots = {(node.module or "").split(".")[0]}
        else:
            roots = set()
        assert not roots & FORBIDDEN, f"{path.name}:{node.lineno} imports {roots & FORBIDDEN}"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            assert node.func.attr not in CLOCK_CALLS, f"{path.name}:{node.lineno} reads the clock"


def test_importing_them_loads_no_io_library():
    code = (
        "import sys, echo_daily.calendar, echo_daily.schedule, echo_events.daily\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        f"{sorted(FORBIDDEN - {'time', 'random'})!r})\n"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_moscow_time_is_computed_in_one_place():
    pattern = re.compile(r"\btimezone\(|hours=3\b")
    offenders = [p.name for p in PURE_FILES if p.name != "moscow.py" and pattern.search(p.read_text("utf-8"))]
    assert offenders == []


def test_the_calendar_uses_only_the_engines_pure_rules_package():
    """The engine's rules package owns rule changes (specials); the calendar may import it, and nothing
    else of the engine (its app and CLI are I/O)."""
    for path in PURE_FILES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            for name in names:
                ok = not name.startswith("echo_engine")
                assert ok, f"{path.name}:{node.lineno} imports {name}"
