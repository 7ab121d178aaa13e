"""Run a service's app under uvicorn; SIGTERM and Ctrl-C shut it down gracefully."""

from __future__ import annotations

import gc

from litestar import Litestar

from .logging import configure_logging
from .settings import ServiceSettings
from .telemetry import configure_tracing


def tune_garbage_collector() -> None:
    """A service allocates many short-lived objects per message (frames, models, dicts) and few cycles.
    With Python's default thresholds the cyclic collector ran every 700 allocations and cost the engine
    about an eighth of its CPU per move (`make bench`: 1 356 → 1 037 µs per move, p99 halved). Objects
    alive after start-up (modules, the app) are frozen out of every collection."""
    gc.set_threshold(50_000, 20, 20)
    gc.freeze()


def serve(name: str, settings: ServiceSettings, app: Litestar) -> None:
    import uvicorn

    tune_garbage_collector()
    configure_logging(name, settings.log_format, settings.log_level)
    configure_tracing(name)
    config = uvicorn.Config(
        app, host=settings.http_host, port=settings.http_port, log_config=None, lifespan="on",
        timeout_graceful_shutdown=10, ws_max_size=64 * 1024,
    )
    uvicorn.Server(config).run()
