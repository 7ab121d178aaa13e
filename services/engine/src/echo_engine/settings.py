"""Settings of the engine service: environment variables prefixed ECHO_ENGINE_ plus the shared NATS_URL,
DATABASE_URL and LOG_FORMAT."""

from __future__ import annotations

from echo_events.play import Id
from echo_runtime.settings import Port, ServiceSettings
from pydantic import Field
from pydantic_settings import SettingsConfigDict

from .store import CAPACITY


class Settings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="ECHO_ENGINE_", extra="ignore")

    http_port: Port = 8001
    cached_games: int = Field(CAPACITY, ge=100, description="games kept folded in memory (least recently used go; "
                                                           "a long game ~26 KiB, runbook «Memory»)")
    replica: Id | None = Field(None, description="this replica's id, served alone on `engine.cmd.replica.<id>` "
                                                 "(default: its host name — the pod's — and a random part)")
    store_limit: str = Field("8GB", description="the file store each NATS server may fill, as nats.conf's "
                             "max_file_store says it: the limit of the storage gauges (runbook «Storage»)")
    write_versions: dict[str, int] = Field(
        default_factory=dict, description="event types written at an older schema version than this code's, "
        "while replicas that read only that one still run (JSON object, e.g. {\"echo.GameCreated\": 1}; "
        "docs/events.md «Rolling out a new version»)")
    games: list[str] = Field(default_factory=list, description="rules libraries to host besides the installed "
                             "ones (entry point group `echo.games`), by module name (JSON list)")
