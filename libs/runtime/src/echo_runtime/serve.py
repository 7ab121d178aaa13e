"""Run a service's app under uvicorn; SIGTERM and Ctrl-C shut it down gracefully."""

from __future__ import annotations

from litestar import Litestar

from .logging import configure_logging
from .settings import ServiceSettings
from .telemetry import configure_tracing


def serve(name: str, settings: ServiceSettings, app: Litestar) -> None:
    import uvicorn

    configure_logging(name, settings.log_format, settings.log_level)
    configure_tracing(name)
    config = uvicorn.Config(
        app, host=settings.http_host, port=settings.http_port, log_config=None, lifespan="on",
        timeout_graceful_shutdown=10, ws_max_size=64 * 1024,
    )
    uvicorn.Server(config).run()
