import pytest
from echo_daily.settings import Settings as DailySettings
from echo_gateway.settings import Settings as GatewaySettings

pytestmark = pytest.mark.unit


def test_shared_and_prefixed_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NATS_URL", "nats://example:4222")
    monkeypatch.setenv("DATABASE_URL", "postgresql://u@db/echo")
    monkeypatch.setenv("ECHO_DAILY_HTTP_PORT", "9002")
    monkeypatch.setenv("ECHO_GATEWAY_HTTP_PORT", "9000")
    daily, gateway = DailySettings(), GatewaySettings()
    assert (daily.nats_url, daily.database_url) == ("nats://example:4222", "postgresql://u@db/echo")
    assert daily.http_port == 9002
    assert gateway.http_port == 9000


def test_default_ports_differ_per_service() -> None:
    assert DailySettings().http_port == 8002
    assert GatewaySettings().http_port == 8000


def test_gateway_refuses_to_run_without_a_secret_outside_dev() -> None:
    with pytest.raises(ValueError, match="SESSION_SECRET"):
        GatewaySettings(dev_mode=False).signing_secret()
    assert GatewaySettings(dev_mode=True).signing_secret()


@pytest.mark.parametrize("secret", ["", "x", "short-but-not-empty", "a" * 64, "0123" * 16,
                                    "abcdefghijkl" * 3,  # issue 35: 36 bytes, 12 distinct characters, accepted
                                    "Kx9#mQ2$vL7@pR4!" * 2 + "Kx9#",
                                    "abcdefghijklmnopqrstuvwxyz0123456789"])
def test_gateway_refuses_a_weak_session_secret(secret: str) -> None:
    """An unfilled secrets.env (an empty value) or a one-character secret was accepted in production."""
    with pytest.raises(ValueError, match="at least 32 random bytes"):
        GatewaySettings(dev_mode=False, session_secret=secret).signing_secret()


def test_gateway_refuses_the_dev_session_secret_outside_dev() -> None:
    from echo_gateway.settings import DEV_SESSION_SECRET

    with pytest.raises(ValueError, match="dev secret"):
        GatewaySettings(dev_mode=False, session_secret=DEV_SESSION_SECRET).signing_secret()
    assert GatewaySettings(dev_mode=True, session_secret=DEV_SESSION_SECRET).signing_secret() == DEV_SESSION_SECRET


def test_gateway_takes_any_secret_of_a_random_source() -> None:
    import base64
    import random

    source = random.Random(35)
    for _ in range(300):
        raw = source.randbytes(48)
        for secret in (base64.b64encode(raw).decode(), raw.hex(), base64.urlsafe_b64encode(raw[:24]).decode()):
            assert GatewaySettings(dev_mode=False, session_secret=secret).signing_secret() == secret


def test_gateway_takes_a_random_session_secret() -> None:
    import secrets

    secret = secrets.token_urlsafe(32)
    assert GatewaySettings(dev_mode=False, session_secret=secret).signing_secret() == secret


def test_bad_port_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ECHO_DAILY_HTTP_PORT", "99999")
    with pytest.raises(ValueError, match="http_port"):
        DailySettings()


def test_the_gateways_sockets_deflate_unless_told_not_to(monkeypatch: pytest.MonkeyPatch) -> None:
    from echo_runtime.serve import _config
    from litestar import Litestar

    app = Litestar()
    assert _config(GatewaySettings(), app).ws_per_message_deflate is True
    monkeypatch.setenv("ECHO_GATEWAY_WS_DEFLATE", "false")
    assert _config(GatewaySettings(), app).ws_per_message_deflate is False
