"""The rules core as the CLI uses it, imported lazily so a missing piece fails with a clear message.

The core (`game`, `view`, `textformat`, and the commands in `echo_challenge.commands`) is its own
work; the CLI depends only on this small surface:

- `game.start(setup) -> (state, events)`; `game.play(state, command) -> (state, events | Rejection)`
- `view.client_view(state) -> dict` (echo-challenge.md §21)
- `textformat.parse_field_text(text) -> GameSetup`; `textformat.format_field_text(setup) -> str`
"""

from __future__ import annotations

import importlib
from typing import Any

from .moves import Move


class CoreMissing(RuntimeError):
    pass


def _load(module: str, name: str) -> Any:
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as exc:
        raise CoreMissing(
            f"the rules core is not available: cannot import {name} from {module} ({exc})"
        ) from exc


def format_field_text(setup: Any) -> str:
    return _load("echo_challenge.textformat", "format_field_text")(setup)


def parse_field_text(text: str) -> Any:
    return _load("echo_challenge.textformat", "parse_field_text")(text)


def start(setup: Any) -> tuple[Any, Any]:
    return _load("echo_challenge.game", "start")(setup)


def play(state: Any, move: Move) -> tuple[Any, Any]:
    return _load("echo_challenge.game", "play")(state, command(move))


def is_rejection(result: Any) -> bool:
    return isinstance(result, _load("echo_challenge.game", "Rejection"))


def client_view(state: Any) -> dict[str, Any]:
    return _load("echo_challenge.view", "client_view")(state)


def command(move: Move) -> Any:
    commands = "echo_challenge.commands"
    if move.kind == "probe":
        return _load(commands, "Probe")(sector=move.sector)
    if move.kind == "beam":
        return _load(commands, "Beam")(sector=move.sector)
    return _load(commands, "Finish")()
