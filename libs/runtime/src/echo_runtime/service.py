"""The life of a service process: connect to NATS and PostgreSQL (retrying until they answer), start
its workers and its durable consumers (FastStream subscribers on the runtime's broker, which shares the
runtime's NATS connection), report readiness, and shut down cleanly."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Mapping

import asyncpg
import structlog
from nats.aio.client import Client
from nats.js import JetStreamContext

from .broker import RuntimeBroker
from .clock import Clock, SystemClock
from .consumer import DurableSubscriber, Handler, sample_lag
from .db import create_pool
from .messaging import Messaging
from .nats_client import connect, ensure_streams, wait_for_streams
from .settings import ServiceSettings

log = structlog.get_logger(__name__)

OnConnected = Callable[["ServiceRuntime"], Awaitable[None]]
WorkerFactory = Callable[[], Awaitable[None]]


class ServiceRuntime:
    def __init__(self, name: str, settings: ServiceSettings, on_connected: OnConnected | None = None,
                 clock: Clock | None = None, session_state: bool = True) -> None:
        """`session_state=False`: the service's queries leave nothing in a connection's session (`create_pool`)."""
        self.name = name
        self.settings = settings
        self._session_state = session_state
        self.clock = clock or SystemClock()
        self._on_connected = on_connected
        self._nc: Client | None = None
        self._js: JetStreamContext | None = None
        self._pool: asyncpg.Pool | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._stoppers: list[Callable[[], object]] = []
        self._cleanups: list[Callable[[], Awaitable[object]]] = []
        self.broker = RuntimeBroker(description=f"The {name} service")
        self._subscribers: list[DurableSubscriber] = []
        self.started = asyncio.Event()

    @property
    def nc(self) -> Client:
        if self._nc is None:
            raise RuntimeError("NATS is not connected yet")
        return self._nc

    @property
    def js(self) -> JetStreamContext:
        if self._js is None:
            raise RuntimeError("JetStream is not connected yet")
        return self._js

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("PostgreSQL is not connected yet")
        return self._pool

    async def start(self) -> None:
        self._tasks.append(asyncio.create_task(self._connect(), name=f"{self.name}-connect"))

    async def _connect(self) -> None:
        delay = 0.2
        while self._nc is None:
            try:
                self._nc = await connect(self.settings.nats_url, name=self.name, **self._credentials())
            except Exception as error:  # noqa: BLE001 - keep trying; readiness stays false meanwhile
                log.warning("NATS not reachable yet", error=repr(error), retry_in=delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)
        self._js = self._nc.jetstream()
        if self.settings.nats_password is None:
            await ensure_streams(self._js)  # a NATS without users: the service keeps its streams up to date
        else:
            await wait_for_streams(self._js)  # the permission model: the operator makes streams, not services
        delay = 0.2
        while self.settings.uses_database and self._pool is None:
            try:
                self._pool = await create_pool(self.settings.database_url, session_state=self._session_state)
            except Exception as error:  # noqa: BLE001
                log.warning("PostgreSQL not reachable yet", error=repr(error), retry_in=delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)
        if self._on_connected is not None:
            await self._on_connected(self)
        await self._start_consumers()
        self.started.set()
        log.info("service started", nats=self.settings.nats_url)

    def _credentials(self) -> dict[str, str | None]:
        password = self.settings.nats_password
        return {"user": self.settings.nats_user or self.name,
                "password": password.get_secret_value() if password else None,
                "ca_file": self.settings.nats_ca_file}

    def consume(self, messaging: Messaging, handlers: Mapping[str, Handler]) -> None:
        """Run the service's declared durables with these handlers (one per durable), from the end of
        `on_connected` until the service stops."""
        self._subscribers += messaging.register(self.broker, handlers, user=self.settings.nats_user or self.name)

    async def _start_consumers(self) -> None:
        for subscriber in self._subscribers:
            await subscriber.ensure(self.js)
        self.broker.use(self.nc)
        await self.broker.start()
        if self._subscribers:
            self.spawn("consumer-lag", lambda: sample_lag(self.js, self._subscribers))

    def spawn(self, name: str, worker: WorkerFactory, stop: Callable[[], object] | None = None) -> None:
        """Run a long-lived worker; if it crashes it is logged and restarted after a pause."""

        async def supervise() -> None:
            while True:
                try:
                    await worker()
                    return
                except asyncio.CancelledError:
                    raise
                except Exception:  # noqa: BLE001 - logged with traceback, then restarted
                    log.exception("worker crashed, restarting", worker=name)
                    await asyncio.sleep(1.0)

        self._tasks.append(asyncio.create_task(supervise(), name=f"{self.name}-{name}"))
        if stop is not None:
            self._stoppers.append(stop)

    def on_stop(self, *cleanups: Callable[[], Awaitable[object]]) -> None:
        """Coroutines to await at shutdown, before NATS is drained (e.g. unsubscribe, finish in-flight work)."""
        self._cleanups.extend(cleanups)

    async def readiness(self) -> tuple[bool, dict[str, bool]]:
        checks = {"nats": self._nc is not None and self._nc.is_connected, "started": self.started.is_set()}
        if self.settings.uses_database:
            checks["postgres"] = await self._postgres_answers()
        return all(checks.values()), checks

    async def _postgres_answers(self) -> bool:
        if self._pool is None:
            return False
        try:
            async with asyncio.timeout(1.0):
                return await self._pool.fetchval("SELECT 1") == 1
        except Exception:  # noqa: BLE001 - unreachable is exactly what readiness reports
            return False

    async def stop(self) -> None:
        with contextlib.suppress(Exception):
            await self.broker.stop()
        for stop in self._stoppers:
            stop()
        for cleanup in self._cleanups:
            with contextlib.suppress(Exception):
                await cleanup()
        await stop_workers(self._tasks)
        if self._nc is not None:
            with contextlib.suppress(Exception):
                await self._nc.drain()
        if self._pool is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._pool.close(), 5)
        log.info("service stopped")


WORKER_STOP_ROUNDS = 5  # cancellations a worker gets, `wait` seconds apart, before shutdown goes on without it


async def stop_workers(tasks: list[asyncio.Task[None]], rounds: int = WORKER_STOP_ROUNDS,
                       wait: float = 1.0) -> None:
    """Cancel the workers and wait for them, cancelling again those still running: on Python 3.11
    `asyncio.wait_for` (nats-py's requests use it) swallows a cancellation that comes as its inner future
    finishes, and a worker's loop then goes on (a CI run's engine once hung in its stop; the cause was not
    proven). One that outlives
    every round is left behind, with a warning: the service stops anyway."""
    running = {task for task in tasks if not task.done()}
    for _ in range(rounds):
        if not running:
            return
        for task in running:
            task.cancel()
        _, running = await asyncio.wait(running, timeout=wait)
    for task in running:
        log.warning("a worker did not stop", worker=task.get_name())
