"""Settings of the daily service: environment variables prefixed ECHO_DAILY_ plus the shared NATS_URL,
DATABASE_URL and LOG_FORMAT.

The service refuses to start (`schedule_config()` raises) without a real seed secret and a launch date,
unless the dev clock is on: then a fixed dev secret and a dev launch date are allowed.
"""

from __future__ import annotations

from datetime import date

from echo_runtime.settings import Port, ServiceSettings
from pydantic import Field, SecretStr
from pydantic_settings import SettingsConfigDict

from .calendar.keyed import MIN_SECRET_BYTES
from .schedule import ScheduleConfig

#: Allowed only with the dev clock on: every dev machine then has the same Dailies.
DEV_SEED_SECRET = "dev-only-daily-seed-secret-never-use-in-production"
#: The launch date (Daily № 1) used with the dev clock when ECHO_DAILY_LAUNCH_DATE is not set.
DEV_LAUNCH_DATE = date(2026, 11, 1)


class Settings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="ECHO_DAILY_", extra="ignore")

    http_port: Port = 8002
    uses_database: bool = Field(
        False, description="the daily service keeps no rows; its readiness needs NATS only"
    )
    dev_clock: bool = Field(
        False,
        description="a clock that can be moved by hand (POST /dev/clock/next-midnight); also allows the "
        "dev seed secret and launch date. Never in production.",
    )
    seed_secret: SecretStr | None = Field(
        None,
        description=f"the server secret every Daily's seed, name, preset and special rules derive from "
        f"(at least {MIN_SECRET_BYTES} bytes); required unless dev_clock",
    )
    launch_date: date | None = Field(
        None, description="the Moscow date of Daily № 1 (YYYY-MM-DD); required unless dev_clock"
    )

    def secret(self) -> bytes:
        if self.seed_secret is None:
            if self.dev_clock:
                return DEV_SEED_SECRET.encode()
            raise ValueError(
                "ECHO_DAILY_SEED_SECRET must be set (or ECHO_DAILY_DEV_CLOCK=true for development)"
            )
        value = self.seed_secret.get_secret_value().encode()
        if value == DEV_SEED_SECRET.encode() and not self.dev_clock:
            raise ValueError(
                "ECHO_DAILY_SEED_SECRET is the dev secret; it is allowed only with ECHO_DAILY_DEV_CLOCK"
            )
        if len(value) < MIN_SECRET_BYTES:
            raise ValueError(f"ECHO_DAILY_SEED_SECRET must be at least {MIN_SECRET_BYTES} bytes")
        return value

    def launch(self) -> date:
        if self.launch_date is not None:
            return self.launch_date
        if self.dev_clock:
            return DEV_LAUNCH_DATE
        raise ValueError("ECHO_DAILY_LAUNCH_DATE must be set (or ECHO_DAILY_DEV_CLOCK=true for development)")

    def schedule_config(self) -> ScheduleConfig:
        """The calendar's inputs; raises ValueError (the service refuses to start) when they are missing."""
        return ScheduleConfig(secret=self.secret(), launch=self.launch())
