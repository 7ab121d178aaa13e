"""The daily service's app factory: no connections are made until the app starts.

It refuses to be built without a seed secret and a launch date (unless the dev clock is on, see
settings). Once NATS answers, the publisher runs as a supervised worker; with the dev clock on, the
/dev/clock endpoints exist (and only then), and the clock answers `dev.daily.clock` requests.
"""

from __future__ import annotations

from echo_runtime.clock import Clock, MovableClock, SystemClock
from echo_runtime.http import service_app
from echo_runtime.service import ServiceRuntime
from litestar import Litestar

from .devclock import DEV_ROUTES, SteerableClock, answer_clock_requests
from .messaging import MESSAGING
from .publisher import DailyPublisher
from .settings import Settings


def create_app(
    settings: Settings | None = None, *, clock: Clock | None = None, replica: str = ""
) -> Litestar:
    """`clock` is for tests (a MovableClock / SteerableClock they move); by default a SystemClock, or a
    SteerableClock starting at the wall-clock time when the dev clock is on."""
    settings = settings or Settings()
    config = settings.schedule_config()
    if clock is None:
        clock = SteerableClock() if settings.dev_clock else SystemClock()
    if settings.dev_clock and not isinstance(clock, MovableClock):
        raise ValueError("the dev clock needs a MovableClock")

    async def start_publisher(runtime: ServiceRuntime) -> None:
        runtime.consume(MESSAGING, {})
        publisher = DailyPublisher(runtime.js, clock, config, replica=replica)
        runtime.spawn("publisher", publisher.run, publisher.stop)
        app.state.publisher = publisher
        if settings.dev_clock:
            await answer_clock_requests(runtime.nc, clock)

    app = service_app(
        ServiceRuntime("daily", settings, on_connected=start_publisher, clock=clock),
        DEV_ROUTES if settings.dev_clock else (),
    )
    app.state.clock = clock
    app.state.schedule_config = config
    return app
