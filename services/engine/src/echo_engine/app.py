"""The engine service's app factory: no connections are made until the app starts."""

from __future__ import annotations

from echo_runtime.clock import Clock
from echo_runtime.http import service_app
from echo_runtime.service import ServiceRuntime
from echo_runtime.store_usage import parse_size
from litestar import Litestar

from .server import replica_name, start_engine
from .settings import Settings


def create_app(settings: Settings | None = None, *, clock: Clock | None = None) -> Litestar:
    settings = settings or Settings()

    async def on_connected(runtime: ServiceRuntime) -> None:
        await start_engine(runtime, cached_games=settings.cached_games, replica=settings.replica or replica_name(),
                           games=settings.games, store_limit=parse_size(settings.store_limit),
                           written_as=settings.write_versions)

    # the engine's queries hold no session state: transaction-scoped advisory locks only, no LISTEN, no SET
    return service_app(ServiceRuntime("engine", settings, on_connected=on_connected, clock=clock,
                                      session_state=False))
