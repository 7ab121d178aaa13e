"""The leagues service's app factory: no connections are made until the app starts.

On connect: four durable consumers (ACCOUNTS, GAMES, DAILY `daily.>`, DAILY `league.>`) feed the
projections, and the read API answers on `leagues.q.*` (NATS) and under `/v1/` (HTTP).
"""

from __future__ import annotations

from echo_runtime.clock import Clock
from echo_runtime.http import service_app
from echo_runtime.service import ServiceRuntime
from litestar import Litestar

from .api import QueryApi
from .http import HTTP_HANDLERS
from .messaging import MESSAGING
from .projections import handlers
from .settings import Settings


def create_app(settings: Settings | None = None, clock: Clock | None = None) -> Litestar:
    settings = settings or Settings()
    app: Litestar

    async def on_connected(runtime: ServiceRuntime) -> None:
        runtime.consume(MESSAGING, handlers(runtime.pool, runtime.js))
        api = QueryApi(runtime.pool, runtime.nc, runtime.clock)
        subscription = await api.serve(runtime.nc)
        runtime.on_stop(subscription.unsubscribe)
        app.state.api = api

    app = service_app(ServiceRuntime("leagues", settings, on_connected=on_connected, clock=clock), list(HTTP_HANDLERS))
    return app
