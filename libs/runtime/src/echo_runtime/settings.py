"""Settings shared by every service. Each service subclasses `ServiceSettings` with its own env prefix.

Fields are read from the environment when a settings object is made, never at import time.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

Port = Annotated[int, Field(ge=1, le=65535)]


class ServiceSettings(BaseSettings):
    model_config = SettingsConfigDict(extra="ignore")

    nats_url: str = Field(
        "nats://127.0.0.1:4222",
        validation_alias=AliasChoices("NATS_URL"),
        description="NATS server(s) with JetStream, comma-separated",
    )
    nats_user: str | None = Field(None, description="this service's NATS user; default: the service's name")
    nats_password: SecretStr | None = Field(None, description="this service's NATS password (a Secret); none: "
                                            "connect without credentials")
    nats_ca_file: str | None = Field(None, validation_alias=AliasChoices("NATS_CA_FILE"),
                                     description="the CA that signed the NATS servers' certificates (tls:// URLs)")
    database_url: str = Field(
        "postgresql://postgres@127.0.0.1:5432/postgres",
        validation_alias=AliasChoices("DATABASE_URL"),
        description="PostgreSQL DSN; a unix socket folder goes in ?host=",
    )
    log_format: Literal["json", "console", "auto"] = Field(
        "auto", validation_alias=AliasChoices("LOG_FORMAT"), description="auto = console on a terminal"
    )
    log_level: str = Field("info", validation_alias=AliasChoices("LOG_LEVEL"))
    http_host: str = Field("127.0.0.1", description="where health, readiness and metrics listen")
    http_port: Port = 8000
    ws_deflate: bool = Field(True, description="permessage-deflate on the WebSockets it serves (the gateway's "
                             "players' sockets): an Ark seat's 5.3 KB view goes as ~1 KB; it costs the gateway "
                             "~40 µs of CPU per frame in or out, ~15 % of a tic-tac-toe move's")
    uses_database: bool = Field(True, description="readiness waits for PostgreSQL too")
