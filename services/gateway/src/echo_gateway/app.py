"""The gateway's app factory: the only door for clients. No connections are made until the app starts."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from litestar import Litestar
from litestar.static_files import create_static_files_router

from echo_runtime.clock import SystemClock
from echo_runtime.http import service_app
from echo_runtime.service import ServiceRuntime

from .identity import TokenSigner
from .routes import ROUTES
from .settings import Settings

WEB_ROOT = Path(__file__).parent / "web"


def create_app(settings: Settings | None = None, extra_routes: Sequence[Any] = ()) -> Litestar:
    """`extra_routes`: more route handlers (e.g. `account_routes.ACCOUNT_ROUTES`), served beside ROUTES."""
    settings = settings or Settings()
    signer = TokenSigner(settings.signing_secret())
    app = service_app(
        ServiceRuntime("gateway", settings),
        [*ROUTES, *extra_routes,
         create_static_files_router(path="/", directories=[WEB_ROOT], html_mode=True, name="web")],
    )
    app.state.signer = signer
    app.state.clock = SystemClock()
    return app
