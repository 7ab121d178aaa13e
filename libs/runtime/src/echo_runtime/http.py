"""The HTTP side every service has: liveness, readiness and Prometheus metrics, in a Litestar app."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

from litestar import Litestar, MediaType, Response, get
from litestar.datastructures import State
from litestar.plugins.opentelemetry import OpenTelemetryConfig, OpenTelemetryPlugin
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from .service import ServiceRuntime


@get("/healthz", operation_id="healthz", media_type=MediaType.JSON, include_in_schema=False)
async def healthz() -> dict[str, str]:
    return {"status": "ok"}


@get("/readyz", operation_id="readyz", include_in_schema=False)
async def readyz(state: State) -> Response[dict[str, Any]]:
    ready, checks = await state.runtime.readiness()
    return Response({"ready": ready, "checks": checks}, status_code=200 if ready else 503)


@get("/metrics", operation_id="metrics", include_in_schema=False)
async def metrics() -> Response[bytes]:
    return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)


HEALTH_HANDLERS = (healthz, readyz, metrics)


def service_app(runtime: ServiceRuntime, route_handlers: Sequence[Any] = (), **litestar_options: Any) -> Litestar:
    """A Litestar app whose lifespan starts and stops the service runtime. Every HTTP request is a span
    (Litestar's OpenTelemetry plugin; the W3C `traceparent` of the request continues the caller's trace)."""

    @asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        app.state.runtime = runtime
        await runtime.start()
        try:
            yield
        finally:
            await runtime.stop()

    # not the probes (most requests, no trace worth keeping) nor the WebSocket, whose every frame would be a
    # span: a move's own spans start in the gateway's engine client
    telemetry = OpenTelemetryPlugin(OpenTelemetryConfig(exclude=["/healthz", "/readyz", "/metrics", "/ws"]))
    return Litestar(
        route_handlers=[*HEALTH_HANDLERS, *route_handlers],
        lifespan=[lifespan],
        state=State({"runtime": runtime}),
        plugins=[telemetry, *litestar_options.pop("plugins", [])],
        **litestar_options,
    )
