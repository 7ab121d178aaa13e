"""The shared rules contract (echo_events.game_rules) and the purity of the package."""

from __future__ import annotations

import ast
from pathlib import Path

import ark
import pytest
from ark import events as ev
from ark.commands import ExpireStep, JoinRoom
from echo_events.game_rules import KIND_PATTERN, RulesPackage, is_rejection
from echo_events.registry import registered_commands, registered_events
from pydantic import ValidationError

pytestmark = pytest.mark.unit

PACKAGE = Path(ark.__file__).parent
ALLOWED_TOP = {"__future__", "collections", "dataclasses", "functools", "hashlib", "hmac", "importlib", "json",
               "re", "typing", "pydantic", "echo_events", "argparse", "sys", "pathlib",
               "datetime",  # datetime: hosting.py converts the engine's times (never reads the clock)
               "unicodedata"}  # text.py: which characters show
CLI_ONLY = {"argparse", "sys", "pathlib", "json"}


def test_the_module_keeps_the_contract() -> None:
    assert isinstance(ark, RulesPackage)
    assert KIND_PATTERN.match(ark.KIND) and ark.KIND == "ark"
    assert ark.SEATS == (4, 16)


def test_commands_validate_client_actions_and_refuse_system_ones() -> None:
    command = ark.COMMANDS.validate_python({"type": "CastExileVote", "player": "a", "target": "b", "at": 3})
    assert command.target == "b" and command.at == 3
    for system in ("JoinRoom", "ExpireStep", "ExpireSession", "DeleteGame", "MarkConnected", "MarkDisconnected"):
        with pytest.raises(ValidationError):
            ark.COMMANDS.validate_python({"type": system, "player": "a", "step_id": 1})
    with pytest.raises(ValidationError):
        ark.COMMANDS.validate_python({"type": "CastExileVote", "player": "a", "target": "b", "extra": 1})


def test_every_event_and_command_is_registered_under_the_kind() -> None:
    assert "ark.ExileVoteCast" in registered_events() and "ark.GameFinished" in registered_events()
    assert "ark.JoinRoom" in registered_commands()


def test_rejections_are_values_and_decide_never_raises_for_a_refusal() -> None:
    room, events = ark.start(ark.RoomSetup(seed=b"s" * 32, catalogue=ark.shipped()))
    assert events[0].seed == (b"s" * 32).hex()
    outcome = ark.decide(room, ExpireStep(step_id=1))
    assert is_rejection(outcome) and outcome.code == "stale_timer"
    joined = ark.decide(room, JoinRoom(player="a"))
    assert not is_rejection(joined)
    assert ark.fold([*events, *joined]).owner == "a"


def test_internal_events_have_a_public_form_without_the_choice() -> None:
    cast = ev.ExileVoteCast(step_id=4, voter="a", target="b")
    assert ev.public_form(cast) == ev.PlayerVoted(step_id=4, player="a")
    assert ev.public_form(ev.ArkCardsDrawn(cards=("x",))) is None
    assert ev.public_form(ev.PlayerLeft(player="a")) == ev.PlayerLeft(player="a")


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("path", sorted(PACKAGE.glob("*.py")), ids=lambda p: p.name)
def test_the_rules_import_only_the_standard_library_pydantic_and_echo_events(path: Path) -> None:
    imported = _imports(path)
    assert imported <= ALLOWED_TOP
    if path.name != "cli.py":
        assert not imported & (CLI_ONLY - {"json"}), "only the CLI reads files and arguments"
    assert "random" not in imported and "time" not in imported
