"""A durable JetStream pull consumer that never swallows a failure.

Messages are handled one at a time in stream order. A handler that raises gets its message nacked with
a growing delay; after `max_deliver` attempts the message is copied to the dead-letter stream
(`dlq.<stream>.<durable>`) with the error, and terminated, so one poison message cannot block the rest.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace

import structlog
from nats.aio.msg import Msg
from nats.errors import TimeoutError as NatsTimeoutError
from nats.js import JetStreamContext
from nats.js.api import AckPolicy, ConsumerConfig, DeliverPolicy
from nats.js.errors import NotFoundError
from prometheus_client import Gauge

from .telemetry import span_from_headers

log = structlog.get_logger(__name__)
LAG_INTERVAL = 5.0
CONSUMER_LAG = Gauge("echo_consumer_lag_messages", "Messages not yet acknowledged by a durable consumer",
                     ["durable"])

Handler = Callable[[Msg], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class ConsumerSpec:
    stream: str
    durable: str
    filter_subject: str
    max_deliver: int = 6
    backoff: tuple[float, ...] = field(default=(0.2, 1.0, 5.0, 15.0, 30.0))
    ack_wait: float = 30.0


def dead_letter_subject(spec: ConsumerSpec) -> str:
    return f"dlq.{spec.stream}.{spec.durable}"


class DurableConsumer:
    def __init__(self, js: JetStreamContext, spec: ConsumerSpec, handler: Handler) -> None:
        self._js = js
        self._spec = spec
        self._handler = handler
        self._stopping = asyncio.Event()
        self.processed = 0

    async def run(self) -> None:
        spec = self._spec
        config = ConsumerConfig(
            durable_name=spec.durable,
            ack_policy=AckPolicy.EXPLICIT,
            deliver_policy=DeliverPolicy.ALL,
            max_deliver=spec.max_deliver,
            ack_wait=spec.ack_wait,
            filter_subject=spec.filter_subject,
            max_ack_pending=1000,
        )
        await self._ensure(config)
        sub = await self._js.pull_subscribe_bind(durable=spec.durable, stream=spec.stream)
        lag_checked = 0.0
        try:
            while not self._stopping.is_set():
                if time.monotonic() - lag_checked > LAG_INTERVAL:
                    lag_checked = time.monotonic()
                    await self._record_lag(sub)
                try:
                    messages = await sub.fetch(batch=50, timeout=0.5)
                except (TimeoutError, NatsTimeoutError):
                    continue
                for msg in messages:
                    await self._handle(msg)
        finally:
            await sub.unsubscribe()

    async def _ensure(self, config: ConsumerConfig) -> None:
        """Create the durable, or point an existing one at this release's subjects: binding alone would keep
        an older filter and silently read the wrong subjects. Everything else of an existing durable stays
        (its position; a rewind's start sequence — the deliver policy cannot be changed anyway)."""
        spec = self._spec
        try:
            info = await self._js.consumer_info(spec.stream, spec.durable)
        except NotFoundError:
            await self._js.add_consumer(spec.stream, config)
            return
        if info.config.filter_subject != spec.filter_subject:
            log.warning("consumer filter changed", durable=spec.durable, old=info.config.filter_subject,
                        new=spec.filter_subject)
            await self._js.add_consumer(spec.stream, replace(info.config, filter_subject=spec.filter_subject))

    async def _record_lag(self, sub) -> None:  # noqa: ANN001 - a pull subscription
        try:
            info = await sub.consumer_info()
        except Exception:  # noqa: BLE001 - a missed lag sample is not worth stopping the consumer for
            return
        CONSUMER_LAG.labels(self._spec.durable).set(info.num_pending + info.num_ack_pending)

    def stop(self) -> None:
        self._stopping.set()

    async def _handle(self, msg: Msg) -> None:
        try:
            with span_from_headers(f"consume {self._spec.durable}", msg.headers, subject=msg.subject):
                await self._handler(msg)
        except Exception as error:  # noqa: BLE001 - every failure is nacked or dead-lettered, never swallowed
            attempt = msg.metadata.num_delivered
            if attempt >= self._spec.max_deliver:
                await self._dead_letter(msg, error)
                return
            delay = self._spec.backoff[min(attempt - 1, len(self._spec.backoff) - 1)]
            log.warning("handler failed, will retry", durable=self._spec.durable, attempt=attempt,
                        delay=delay, error=repr(error))
            await msg.nak(delay=delay)
            return
        await msg.ack()
        self.processed += 1

    async def _dead_letter(self, msg: Msg, error: Exception) -> None:
        headers = dict(msg.headers or {})
        headers.update({
            "Echo-Dlq-Error": repr(error)[:500],
            "Echo-Dlq-Subject": msg.subject,
            "Echo-Dlq-Stream-Seq": str(msg.metadata.sequence.stream),
        })
        await self._js.publish(dead_letter_subject(self._spec), msg.data, headers=headers, stream="DEAD_LETTERS")
        await msg.term()
        log.error("message dead-lettered", durable=self._spec.durable, subject=msg.subject, error=repr(error))
