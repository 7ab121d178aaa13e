"""The gateway's app factory: the only door for clients. No connections are made until the app starts."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

from echo_events.streams import LIMITS
from echo_runtime.clock import Clock
from echo_runtime.http import service_app
from echo_runtime.service import ServiceRuntime
from litestar import Litestar
from litestar.file_system import BaseLocalFileSystem
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import ScalarRenderPlugin
from litestar.openapi.spec import Components, SecurityScheme
from litestar.static_files import create_static_files_router

from .account_routes import ACCOUNT_ROUTES
from .catalogue_routes import CATALOGUE_ROUTES
from .chart_routes import CHART_ROUTES
from .daily_routes import DAILY_ROUTES
from .engine_client import Holders
from .flood_limits import FloodLimits
from .friends_scores_routes import FRIENDS_SCORES_ROUTES
from .game_catalogue_routes import GAME_CATALOGUE_ROUTES
from .history_routes import HISTORY_ROUTES
from .identity import TokenSigner
from .play_routes import PLAY_ROUTES
from .request_bounds import BOUNDS
from .routes import ROUTES, resolve_session
from .session_routes import SESSION_ROUTES
from .sessions import Sessions
from .settings import Settings
from .share_routes import SHARE_ROUTES
from .store_unavailable import STORE_HANDLERS
from .web_moves import WEB_MOVES
from .ws.endpoint import live
from .ws.hub import Hub
from .ws.sign_outs import SignOuts
from .ws.socket_quota import SocketQuota

WEB_ROOT = Path(__file__).parent / "web"
API_VERSION = "2.0.0"  # the REST API's; the WebSocket protocol has its own (PROTOCOL.md)
#: the OpenAPI document: /api/schema/openapi.json (and a browsable page at /api/schema)
OPENAPI = OpenAPIConfig(
    title="Echo platform API",
    version=API_VERSION,
    description="REST API of the Echo platform's gateway: accounts, the Daily, charts, friends and games. Live "
                "games are played over the WebSocket `/ws` (protocol in PROTOCOL.md). Routes that act for a "
                "player take his session token as `Authorization: Bearer <token>` (`POST /api/v1/guest` makes one).",
    path="/api/schema",
    render_plugins=[ScalarRenderPlugin()],
    components=Components(security_schemes={
        "session": SecurityScheme(type="http", scheme="bearer", description="a session token of POST /api/v1/guest "
                                  "or of a login")}),
)
NO_SUCH_NAME = {errno.ENAMETOOLONG, errno.ENOTDIR, errno.ELOOP, errno.EINVAL}


class WebFiles(BaseLocalFileSystem):
    """The web client's files. A path that cannot name a file there (a name longer than the OS allows, a
    NUL, a file taken for a folder: `/index.html/x`) is not found, a 404, where Litestar would answer 500."""

    async def info(self, path: Any, **kwargs: Any) -> Any:
        try:
            return await super().info(path, **kwargs)
        except ValueError:  # "embedded null byte"
            raise FileNotFoundError(path) from None
        except OSError as error:
            if error.errno in NO_SUCH_NAME:
                raise FileNotFoundError(path) from None
            raise


def create_app(settings: Settings | None = None, *, clock: Clock | None = None) -> Litestar:
    settings = settings or Settings()
    signer = TokenSigner(settings.signing_secret(), max_age_seconds=settings.session_seconds())
    hub = Hub()
    sign_outs = SignOuts()

    async def start(runtime: ServiceRuntime) -> None:
        await sessions.start(runtime.js)
        limits.start(await runtime.js.key_value(LIMITS.name))
        await hub.start(runtime.nc)
        runtime.on_stop(hub.stop)
        await sign_outs.start(runtime.js)
        runtime.on_stop(sign_outs.stop)

    runtime = ServiceRuntime("gateway", settings, on_connected=start, clock=clock)
    sessions = Sessions(signer, runtime.clock)
    limits = FloodLimits(runtime.clock, enabled=settings.flood_limits, trusted_hops=settings.trusted_proxy_hops)

    web = create_static_files_router(path="/", directories=[WEB_ROOT], html_mode=True, name="web",
                                     file_system=WebFiles())
    routes = [*ROUTES, *SESSION_ROUTES, *PLAY_ROUTES, *DAILY_ROUTES, *ACCOUNT_ROUTES, *FRIENDS_SCORES_ROUTES,
              *CHART_ROUTES, *CATALOGUE_ROUTES, *GAME_CATALOGUE_ROUTES, *HISTORY_ROUTES, *SHARE_ROUTES, *WEB_MOVES,
              live, web]
    app = service_app(runtime, routes, before_request=resolve_session, openapi_config=OPENAPI,
                      **{**BOUNDS, "exception_handlers": {**BOUNDS["exception_handlers"], **STORE_HANDLERS}})
    app.state.sessions = sessions
    app.state.limits = limits
    app.state.hub = hub
    app.state.sign_outs = sign_outs
    app.state.holders = Holders(reask_after=settings.engine_reask_seconds)
    app.state.sockets = SocketQuota(settings.ws_per_session, settings.ws_per_address)
    return app
