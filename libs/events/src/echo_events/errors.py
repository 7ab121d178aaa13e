"""Turning a validation failure into one line that names what was wrong."""

from __future__ import annotations

from pydantic import ValidationError


def explain(problem: ValidationError) -> str:
    first = problem.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or "message"
    return f"{where}: {first['msg']}"
