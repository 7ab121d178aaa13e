"""The social service's app factory: no connections are made until the app starts."""

from __future__ import annotations

from echo_runtime.consumer import DurableConsumer
from echo_runtime.http import service_app
from echo_runtime.service import ServiceRuntime
from litestar import Litestar

from .projections import ACCOUNTS_CONSUMER, accounts_handler
from .settings import Settings


async def start_projections(runtime: ServiceRuntime) -> None:
    consumer = DurableConsumer(runtime.js, ACCOUNTS_CONSUMER, accounts_handler(runtime.pool))
    runtime.spawn("accounts-projection", consumer.run, consumer.stop)


def create_app(settings: Settings | None = None) -> Litestar:
    settings = settings or Settings()
    return service_app(ServiceRuntime("social", settings, on_connected=start_projections))
