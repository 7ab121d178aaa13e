"""The game-agnostic rules contract, and the Echo package's place in it."""

import echo_challenge as echo
import pytest
from echo_challenge.commands import Beam
from echo_challenge.textformat import parse_field_text
from echo_events.game_rules import Rejection, RulesPackage, is_rejection

pytestmark = pytest.mark.unit

GRID = "G.........\n" + "..........\n" * 9


def test_the_echo_package_satisfies_the_contract():
    assert isinstance(echo, RulesPackage)
    rules: RulesPackage = echo  # also checked statically
    state, events = rules.start(parse_field_text(GRID))
    assert rules.fold(events) == state
    assert rules.view(state)["tick"] == 0 and rules.view(state, 0) == rules.view(state)
    assert rules.KIND == "echo" and rules.SEATS == (1, 1)
    assert rules.COMMANDS.validate_python({"type": "beam", "sector": 12}).command() == Beam(sector=12)


def test_rejections_are_values_of_the_contract():
    from echo_challenge.commands import Probe

    state, _ = echo.start(parse_field_text("open: J10\n" + GRID))
    outcome = echo.decide(state, Probe(sector=99))
    assert isinstance(outcome, Rejection) and is_rejection(outcome) and outcome.code == "sector_open"
    assert not is_rejection(echo.decide(state, Probe(sector=98)))


def test_the_rules_import_no_service_libraries():
    import subprocess
    import sys

    forbidden = {"faststream", "nats", "asyncpg", "litestar", "structlog", "opentelemetry"}
    code = (
        "import sys, echo_challenge, echo_challenge.textformat, echo_challenge.modes, echo_events.game_rules;"
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))"
    )
    loaded = set(
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout.split()
    )
    assert "echo_challenge" in loaded and "echo_engine" not in loaded and not loaded & forbidden
