"""Settings of the gateway: environment variables prefixed ECHO_GATEWAY_ plus the shared NATS_URL,
DATABASE_URL and LOG_FORMAT."""

from __future__ import annotations

from echo_runtime.settings import Port, ServiceSettings
from pydantic import Field, SecretStr
from pydantic_settings import SettingsConfigDict

DEV_SESSION_SECRET = "dev-only-session-secret-never-use-in-production"


class Settings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="ECHO_GATEWAY_", extra="ignore")

    http_port: Port = 8000
    session_secret: SecretStr | None = Field(None, description="signs session tokens; required unless dev_mode")
    dev_mode: bool = Field(False, description="allows the dev session secret and the dev clock controls")
    ws_rate: float = Field(10.0, gt=0, description="messages per second allowed on one WebSocket")
    ws_burst: int = Field(20, ge=1, description="messages one WebSocket may send at once before the rate applies")

    def signing_secret(self) -> str:
        if self.session_secret is not None:
            return self.session_secret.get_secret_value()
        if self.dev_mode:
            return DEV_SESSION_SECRET
        raise ValueError("ECHO_GATEWAY_SESSION_SECRET must be set (or ECHO_GATEWAY_DEV_MODE=true for development)")
