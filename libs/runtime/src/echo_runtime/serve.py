"""Run a service's app under uvicorn; SIGTERM and Ctrl-C shut it down gracefully."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

from litestar import Litestar
from prometheus_client import Histogram

from .logging import configure_logging
from .settings import ServiceSettings
from .telemetry import configure_tracing

GC_PAUSE = Histogram("echo_gc_pause_seconds", "Pauses of Python's cyclic garbage collector, by generation",
                     ["generation"], buckets=(0.0001, 0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5))


def time_garbage_collections() -> Callable[[str, dict[str, int]], None]:
    """Every collection's pause into `echo_gc_pause_seconds`: a stop-the-world pause is latency for every
    message waiting meanwhile, so operators (and the benchmarks) can see whether the tail is the GC's.
    Returns the callback it registered (in `gc.callbacks`)."""
    started: list[float] = []

    def on_collection(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started.append(time.perf_counter())
        elif started:
            GC_PAUSE.labels(str(info["generation"])).observe(time.perf_counter() - started.pop())

    gc.callbacks.append(on_collection)
    return on_collection


GC_THRESHOLDS = (10_000, 2, 50)


def tune_garbage_collector() -> None:
    """A service allocates many short-lived objects per message (frames, models, dicts) and few cycles.
    With Python's default thresholds (700, 10, 10) the cyclic collector ran every 700 allocations and cost
    the engine about an eighth of its CPU per move (when its cached games were still tracked objects). Every
    collection is a pause for everything in flight, and its length is what it scans: generation 0 holds
    up to the first threshold of new objects, generation 1 the survivors of up to `threshold[1] + 1`
    generation-0 collections, and a full collection everything. A gateway opening 7 000 WebSockets (~190
    tracked long-lived objects each) stopped 428 ms in one generation-1 collection under (50 000, 20, 20);
    under (10 000, 2, 10), 2 ms and 10 ms, but full collections came every ~1 500 connections and scanned
    them all (179 ms at 3 000, 281 ms at 5 000); under these, opening 10 000 paused at most ~10 ms
    (`bench_connections`, docs/performance.md «Connections»). Objects alive after start-up (modules, the
    app) are frozen out of every collection."""
    gc.set_threshold(*GC_THRESHOLDS)
    gc.freeze()


def serve(name: str, settings: ServiceSettings, app: Litestar) -> None:
    import uvicorn

    tune_garbage_collector()
    time_garbage_collections()
    configure_logging(name, settings.log_format, settings.log_level)
    configure_tracing(name)
    config = uvicorn.Config(
        app, host=settings.http_host, port=settings.http_port, log_config=None, lifespan="on",
        timeout_graceful_shutdown=10, ws_max_size=64 * 1024,
    )
    uvicorn.Server(config).run()
