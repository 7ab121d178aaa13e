"""Settings of the gateway: environment variables prefixed ECHO_GATEWAY_ plus the shared NATS_URL,
DATABASE_URL and LOG_FORMAT.

The gateway refuses to start (`signing_secret()` raises) without a session secret of at least 32 bytes that
look random — not the public dev secret, not a short pattern repeated, not a run like `abcd…` or `0123…` —
unless dev mode is on: a token signed with a guessable secret is a forged login.
"""

from __future__ import annotations

from collections import Counter

from echo_runtime.settings import Port, ServiceSettings
from pydantic import Field, SecretStr
from pydantic_settings import SettingsConfigDict

DEV_SESSION_SECRET = "dev-only-session-secret-never-use-in-production"
MIN_SECRET_BYTES = 32
MIN_DISTINCT_CHARS = 12  # "aaaa…" or "1212…" is long but not random


def looks_random(secret: str) -> bool:
    """At least MIN_SECRET_BYTES bytes and MIN_DISTINCT_CHARS characters, no shorter pattern repeated (a
    period at most half its length: `abcdefghijkl` three times), and no run where most neighbours are the
    same step apart (`abcdef…`, `0123…`, `aaaa…`). `openssl rand -base64 48` passes; so does any output of a
    real random source of that length, hex included."""
    if len(secret.encode()) < MIN_SECRET_BYTES or len(set(secret)) < MIN_DISTINCT_CHARS:
        return False
    if _shortest_period(secret) <= len(secret) // 2:
        return False
    steps = Counter(ord(b) - ord(a) for a, b in zip(secret, secret[1:], strict=False))
    return steps.most_common(1)[0][1] * 2 < len(secret) - 1


def _shortest_period(text: str) -> int:
    """The least p with text[i] == text[i + p] throughout (Knuth–Morris–Pratt's failure function)."""
    border = [0] * len(text)
    for i in range(1, len(text)):
        k = border[i - 1]
        while k and text[i] != text[k]:
            k = border[k - 1]
        border[i] = k + (text[i] == text[k])
    return len(text) - border[-1]


class Settings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="ECHO_GATEWAY_", extra="ignore")

    http_port: Port = 8000
    session_secret: SecretStr | None = Field(
        None, description=f"signs session tokens: at least {MIN_SECRET_BYTES} random bytes "
        "(`openssl rand -base64 48`); required unless dev_mode")
    session_days: int = Field(30, ge=1, le=90, description="a session token's lifetime; renewing starts it again")
    dev_mode: bool = Field(False, description="allows the dev session secret and the dev clock controls")
    flood_limits: bool = Field(True, description="per-client and global limits on guests, letters, login links "
                               "and player search (echo_gateway.flood_limits); the test harness turns them off")
    trusted_proxy_hops: int = Field(0, ge=0, le=5, description="proxies in front of the gateway that append to "
                                    "X-Forwarded-For (1 behind the ingress); 0: the connection's address")
    public_url: str | None = Field(None, description="the address players reach the gateway at "
                                   "(https://echo.example); link previews name their images by it. Unset: the "
                                   "request's own address")
    engine_reask_seconds: float = Field(2.0, gt=0, le=5, description="a request to the engine with no answer "
                                        "after this long is sent again, the same (its command id makes that "
                                        "safe), until the gateway's 5 s wait is over: a request lost with a "
                                        "NATS server is answered then, not after the whole wait")
    ws_rate: float = Field(10.0, gt=0, description="messages per second allowed on one WebSocket")
    ws_burst: int = Field(20, ge=1, description="messages one WebSocket may send at once before the rate applies")
    ws_per_session: int = Field(8, ge=1, description="WebSockets one signed-in session may hold open on one "
                                "replica (refusal: too_many_connections, close code 4429)")
    ws_per_address: int = Field(200, ge=1, description="WebSockets one client address may hold open on one replica "
                                "(a school or a mobile carrier's address is shared: keep it generous)")

    def signing_secret(self) -> str:
        if self.session_secret is None:
            if self.dev_mode:
                return DEV_SESSION_SECRET
            raise ValueError("ECHO_GATEWAY_SESSION_SECRET must be set (or ECHO_GATEWAY_DEV_MODE=true for development)")
        secret = self.session_secret.get_secret_value()
        if secret == DEV_SESSION_SECRET:
            if self.dev_mode:
                return secret
            raise ValueError("ECHO_GATEWAY_SESSION_SECRET is the public dev secret; it is allowed only with "
                             "ECHO_GATEWAY_DEV_MODE=true")
        if not looks_random(secret):
            raise ValueError(f"ECHO_GATEWAY_SESSION_SECRET must be at least {MIN_SECRET_BYTES} random bytes "
                             "(generate one with `openssl rand -base64 48`)")
        return secret

    def session_seconds(self) -> int:
        return self.session_days * 24 * 3600
