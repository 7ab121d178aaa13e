"""The daily service's settings: it refuses to start without a real secret and a launch date, unless
the dev clock is on; the dev endpoints exist only with the dev clock."""

from datetime import date

import pytest
from echo_daily.app import create_app
from echo_daily.devclock import SteerableClock
from echo_daily.settings import DEV_LAUNCH_DATE, DEV_SEED_SECRET, Settings
from echo_runtime.clock import SystemClock

pytestmark = pytest.mark.unit

SECRET = "a-production-like-secret-0123456789"


def paths(app) -> set[str]:  # noqa: ANN001
    return {route.path for route in app.routes}


def test_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ECHO_DAILY_DEV_CLOCK", "false")
    monkeypatch.setenv("ECHO_DAILY_SEED_SECRET", SECRET)
    monkeypatch.setenv("ECHO_DAILY_LAUNCH_DATE", "2026-12-01")
    settings = Settings()
    config = settings.schedule_config()
    assert (config.secret, config.launch) == (SECRET.encode(), date(2026, 12, 1))
    assert SECRET not in repr(settings) and SECRET not in repr(config)
    assert settings.uses_database is False


@pytest.mark.parametrize(
    ("over", "message"),
    [
        ({"launch_date": "2026-12-01"}, "ECHO_DAILY_SEED_SECRET must be set"),
        ({"launch_date": "2026-12-01", "seed_secret": DEV_SEED_SECRET}, "dev secret"),
        ({"launch_date": "2026-12-01", "seed_secret": "short"}, "at least 16 bytes"),
        ({"seed_secret": SECRET}, "ECHO_DAILY_LAUNCH_DATE must be set"),
    ],
)
def test_refuses_to_start_without_a_real_secret_and_a_launch_date(over, message) -> None:  # noqa: ANN001
    settings = Settings(dev_clock=False, **over)
    with pytest.raises(ValueError, match=message):
        create_app(settings)


def test_the_dev_clock_allows_the_dev_defaults_and_mounts_the_dev_endpoints() -> None:
    settings = Settings(dev_clock=True)
    config = settings.schedule_config()
    assert (config.secret, config.launch) == (DEV_SEED_SECRET.encode(), DEV_LAUNCH_DATE)
    app = create_app(settings)
    assert isinstance(app.state.clock, SteerableClock)
    assert {"/dev/clock", "/dev/clock/next-midnight"} <= paths(app)


def test_without_the_dev_clock_there_are_no_dev_endpoints_and_the_clock_is_the_system_one() -> None:
    app = create_app(Settings(dev_clock=False, seed_secret=SECRET, launch_date="2026-12-01"))
    assert isinstance(app.state.clock, SystemClock)
    assert not any(path.startswith("/dev") for path in paths(app))
    with pytest.raises(ValueError, match="MovableClock"):
        create_app(Settings(dev_clock=True), clock=SystemClock())


def test_the_steerable_clock_announces_its_moves() -> None:
    from datetime import UTC, datetime, timedelta

    clock = SteerableClock(start=datetime(2026, 11, 29, 20, 59, tzinfo=UTC))
    moves = []
    clock.subscribe(lambda: moves.append(clock.now()))
    clock.advance(timedelta(minutes=1))
    clock.jump_to(datetime(2026, 11, 29, 22, tzinfo=UTC))
    assert len(moves) == 2 and moves[0] >= datetime(2026, 11, 29, 21, tzinfo=UTC)
    with pytest.raises(ValueError, match="forward"):
        clock.advance(timedelta(seconds=-1))
