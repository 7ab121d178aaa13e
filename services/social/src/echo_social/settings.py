"""Settings of the social service: environment variables prefixed ECHO_SOCIAL_ plus the shared NATS_URL,
DATABASE_URL and LOG_FORMAT."""

from __future__ import annotations

from echo_runtime.settings import Port, ServiceSettings
from pydantic import Field, SecretStr
from pydantic_settings import SettingsConfigDict


class Settings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="ECHO_SOCIAL_", extra="ignore")

    http_port: Port = 8004
    public_url: str = Field(
        "http://127.0.0.1:8000",
        description="the gateway's address as players see it; e-mailed links point there",
    )
    mail_from: str = Field("Эхо-вызов <noreply@echo.local>", description="From: of every letter")
    smtp_host: str = Field("127.0.0.1", description="SMTP server (the dev sink listens on 127.0.0.1:1025)")
    smtp_port: Port = 1025
    smtp_username: str | None = None
    smtp_password: SecretStr | None = None
    smtp_start_tls: bool | None = Field(None, description="None: STARTTLS when the server offers it")
    smtp_use_tls: bool = Field(False, description="implicit TLS (port 465)")
    smtp_timeout_seconds: float = 10.0

    confirm_link_minutes: int = Field(24 * 60, ge=1, description="lifetime of an e-mail confirmation link")
    login_link_minutes: int = Field(15, ge=1, description="lifetime of a login link")
    mail_limit_per_account: int = Field(3, ge=1, description="letters per account per window")
    mail_limit_per_email: int = Field(3, ge=1, description="letters per e-mail address per window")
    mail_limit_window_minutes: int = Field(15, ge=1)
    outbox_poll_seconds: float = Field(0.5, gt=0)
    accounts_durable: str = Field("social-accounts", description="durable consumer name of the accounts "
                                  "projection (one per database: tests give each database its own)")
