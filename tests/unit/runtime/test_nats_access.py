import pytest
from echo_leagues.api import PREFIX as LEAGUES_PREFIX
from echo_runtime.nats_access import ACCESS, LEAGUES_QUERIES, OPERATOR, SERVICES, authorization

pytestmark = pytest.mark.unit


def test_every_service_has_a_user_and_the_lists_name_the_contracts_subjects() -> None:
    assert set(SERVICES) == {"gateway", "engine", "daily", "leagues", "social"}
    assert LEAGUES_QUERIES == LEAGUES_PREFIX + "*"
    assert "echo.game.*.*" in ACCESS["engine"].publish
    assert not any(s.startswith("echo.game") for s in ACCESS["gateway"].publish + ACCESS["leagues"].publish)
    assert not any(s.startswith("daily.") for s in ACCESS["gateway"].publish)


def test_no_service_may_manage_streams() -> None:
    for name, access in ACCESS.items():
        granted = access.common + access.publish
        assert not any(".STREAM.CREATE" in s or ".STREAM.UPDATE" in s or ".STREAM.DELETE" in s or s == ">"
                       for s in granted), name


def test_the_config_block_has_every_user_and_an_anonymous_operator_only_when_asked() -> None:
    passwords = {name: f"pw-{name}" for name in (OPERATOR, *SERVICES)}
    block = authorization(passwords)
    assert all(f'user: "{name}", password: "pw-{name}"' in block for name in passwords)
    assert "no_auth_user" not in block
    assert authorization(passwords, anonymous_operator=True).startswith(f'no_auth_user: "{OPERATOR}"')


def test_the_deployed_authorization_block_is_generated_from_the_lists() -> None:
    """deploy/k8s/base/nats/auth.conf = `python -m echo_runtime.nats_access` (regenerate it after a change)."""
    import subprocess
    import sys
    from pathlib import Path

    deployed = Path(__file__).parents[3] / "deploy" / "k8s" / "base" / "nats" / "auth.conf"
    generated = subprocess.run([sys.executable, "-m", "echo_runtime.nats_access"], capture_output=True, text=True,
                               check=True).stdout
    assert deployed.read_text() == generated
