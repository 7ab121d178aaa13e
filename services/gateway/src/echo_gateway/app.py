"""The gateway's app factory: the only door for clients. No connections are made until the app starts."""

from __future__ import annotations

from pathlib import Path

from echo_runtime.clock import Clock
from echo_runtime.http import service_app
from echo_runtime.service import ServiceRuntime
from litestar import Litestar
from litestar.static_files import create_static_files_router

from .account_routes import ACCOUNT_ROUTES
from .catalogue_routes import CATALOGUE_ROUTES
from .chart_routes import CHART_ROUTES
from .daily_routes import DAILY_ROUTES
from .friends_scores_routes import FRIENDS_SCORES_ROUTES
from .identity import TokenSigner
from .play_routes import PLAY_ROUTES
from .routes import ROUTES
from .settings import Settings
from .ws.endpoint import live
from .ws.hub import Hub

WEB_ROOT = Path(__file__).parent / "web"


def create_app(settings: Settings | None = None, *, clock: Clock | None = None) -> Litestar:
    settings = settings or Settings()
    signer = TokenSigner(settings.signing_secret())
    hub = Hub()

    async def start_hub(runtime: ServiceRuntime) -> None:
        await hub.start(runtime.nc)
        runtime.on_stop(hub.stop)

    web = create_static_files_router(path="/", directories=[WEB_ROOT], html_mode=True, name="web")
    routes = [*ROUTES, *PLAY_ROUTES, *DAILY_ROUTES, *ACCOUNT_ROUTES, *FRIENDS_SCORES_ROUTES, *CHART_ROUTES,
              *CATALOGUE_ROUTES, live, web]
    app = service_app(ServiceRuntime("gateway", settings, on_connected=start_hub, clock=clock), routes)
    app.state.signer = signer
    app.state.hub = hub
    return app
