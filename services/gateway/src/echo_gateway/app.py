"""The gateway's app factory: the only door for clients. No connections are made until the app starts."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from echo_runtime.clock import Clock
from echo_runtime.http import service_app
from echo_runtime.service import ServiceRuntime
from litestar import Litestar
from litestar.static_files import create_static_files_router

from .account_routes import ACCOUNT_ROUTES
from .daily_routes import DAILY_ROUTES
from .identity import TokenSigner
from .play_routes import PLAY_ROUTES
from .routes import ROUTES
from .settings import Settings
from .ws.endpoint import live
from .ws.hub import Hub

WEB_ROOT = Path(__file__).parent / "web"


def create_app(
    settings: Settings | None = None, *, clock: Clock | None = None, extra_routes: Sequence[Any] = ()
) -> Litestar:
    """`extra_routes`: more route handlers served beside the gateway's own (e.g. `chart_routes.CHART_ROUTES`)."""
    settings = settings or Settings()
    signer = TokenSigner(settings.signing_secret())
    hub = Hub()

    async def start_hub(runtime: ServiceRuntime) -> None:
        await hub.start(runtime.nc)
        runtime.on_stop(hub.stop)

    web = create_static_files_router(path="/", directories=[WEB_ROOT], html_mode=True, name="web")
    routes = [*ROUTES, *PLAY_ROUTES, *DAILY_ROUTES, *ACCOUNT_ROUTES, *extra_routes, live, web]
    app = service_app(ServiceRuntime("gateway", settings, on_connected=start_hub, clock=clock), routes)
    app.state.signer = signer
    app.state.hub = hub
    return app
