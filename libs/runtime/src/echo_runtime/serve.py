"""Run a service's app under uvicorn; SIGTERM and Ctrl-C shut it down gracefully. Or several services' apps
in one process (`serve_together`), as `make run` does."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time
from collections.abc import Callable, Iterator, Mapping
from typing import TextIO

import structlog
import uvicorn
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


def _config(settings: ServiceSettings, app: Litestar) -> uvicorn.Config:
    return uvicorn.Config(app, host=settings.http_host, port=settings.http_port, log_config=None, lifespan="on",
                          timeout_graceful_shutdown=10, ws_max_size=64 * 1024,
                          ws_per_message_deflate=settings.ws_deflate)


def configure_process(name: str, settings: ServiceSettings, traces: TextIO | None = None) -> None:
    """What a process sets once for every service it runs: the collector, logging, tracing (its console
    exporter into `traces`, default stdout)."""
    tune_garbage_collector()
    time_garbage_collections()
    configure_logging(name, settings.log_format, settings.log_level)
    configure_tracing(name, traces)


def serve(name: str, settings: ServiceSettings, app: Litestar) -> None:
    configure_process(name, settings)
    uvicorn.Server(_config(settings, app)).run()


class _OneOfSeveral(uvicorn.Server):
    """A server sharing its process with others: the process takes the signals, not each server (uvicorn's
    own capture would give Ctrl-C to the server started last alone)."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


class ServedTogether:
    """Several services' apps in one process and one event loop, each on its own port with its own settings
    (and so its own NATS user): how `make run` holds the platform in a fraction of the memory — each service
    alone is ~80 MB, most of it the same libraries imported once per process. Production runs one service
    per process (its own pod). Log lines still name their service: each server runs in a context of its own,
    which every task it starts inherits."""

    def __init__(self, services: Mapping[str, tuple[ServiceSettings, Litestar]]) -> None:
        self.services = services
        self._servers = {name: _OneOfSeveral(_config(settings, app)) for name, (settings, app) in services.items()}
        self._tasks: dict[str, asyncio.Task[None]] = {}

    def start(self) -> None:
        """The servers started as tasks of the running loop (the process set up by `configure_process`)."""
        for name, server in self._servers.items():
            structlog.contextvars.bind_contextvars(service=name)  # the task copies the context as it is now
            self._tasks[name] = asyncio.create_task(self._serve(server), name=f"serve-{name}")

    @staticmethod
    async def _serve(server: uvicorn.Server) -> None:
        with contextlib.suppress(SystemExit):  # uvicorn's way to give up on a port it cannot bind: that server ends
            await server.serve()

    def stopped(self) -> str | None:
        """The name of a service whose server has stopped on its own (it failed to start, or crashed)."""
        return next((name for name, task in self._tasks.items() if task.done()), None)

    async def stop(self, limit_s: float = 20.0) -> None:
        for server in self._servers.values():
            server.should_exit = True
        await asyncio.wait(self._tasks.values(), timeout=limit_s)
