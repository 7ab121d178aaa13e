"""The rules package and the CLI import no I/O frameworks (style.md, convention 1)."""

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[3] / "libs" / "games" / "echo" / "src" / "echo_challenge"
FORBIDDEN = {"faststream", "nats", "asyncpg", "litestar", "structlog", "opentelemetry", "random"}
FILES = [
    ROOT / name
    for name in ("presets.py", "generator.py", "prng.py", "worth.py", "specials.py")
] + [ROOT / "cli" / "echoctl.py"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_no_forbidden_imports(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            imported.add(node.module.split(".")[0])
    forbidden = FORBIDDEN - {"random"} if path.name == "echoctl.py" else FORBIDDEN
    assert not imported & forbidden
    calls = {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    assert "hash" not in calls  # hash() of str is salted per process
