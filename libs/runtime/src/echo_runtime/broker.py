"""The FastStream broker of a service, on the service's own nats-py connection.

A service makes one NATS connection (`nats_client.connect`: servers, name, credentials live there alone).
Its durable consumers run as FastStream subscribers, while the engine's move path — request/reply and
appends — stays on bare nats-py: both share that one connection. FastStream would open a second one of
its own; `RuntimeBroker` is given the connection instead, and leaves closing it to its owner.
"""

from __future__ import annotations

import logging
from types import TracebackType

from faststream._internal.broker import BrokerUsecase
from faststream.nats import NatsBroker
from nats.aio.client import Client

GRACEFUL_TIMEOUT = 10.0  # seconds a stopping subscriber waits for the message it is handling


class RuntimeBroker(NatsBroker):
    def __init__(self, *, description: str | None = None) -> None:
        # the per-message "Received"/"Processed" lines at DEBUG: a projection handles thousands a second
        super().__init__(log_level=logging.DEBUG, graceful_timeout=GRACEFUL_TIMEOUT, description=description)
        self._shared: Client | None = None

    def use(self, nc: Client) -> None:
        """The connection `start()` will use (already connected)."""
        self._shared = nc

    async def _connect(self) -> Client:
        if self._shared is None:
            raise RuntimeError("RuntimeBroker.use(nc) must be called before start()")
        self.config.connect(self._shared)
        return self._shared

    async def stop(self, exc_type: type[BaseException] | None = None, exc_val: BaseException | None = None,
                   exc_tb: TracebackType | None = None) -> None:
        """Stop the subscribers (each finishing its message); the connection stays open for its owner."""
        await BrokerUsecase.stop(self, exc_type, exc_val, exc_tb)
        self._connection = None
        self.config.disconnect()
