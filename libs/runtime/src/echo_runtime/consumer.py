"""A durable JetStream consumer that never swallows a failure, as a FastStream pull subscriber.

Messages are handled one at a time in stream order (`batch_size=1`). A handler that raises gets its message
nacked with a growing delay (`spec.backoff`); after `max_deliver` attempts the message is copied to the
dead-letter stream (`dlq.<stream>.<durable>`) with the error, and terminated, so one poison message cannot
block the rest. Every message is handled in a span `consume <durable>` that continues the trace of the
command that appended it (its `traceparent` header).

A handler that fails because PostgreSQL cannot be reached (`echo_runtime.db.unreachable`) is no fault of the
message: it is tried again, in place, after a pause (`spec.unreachable_pauses`), until the database answers,
the message kept in progress meanwhile (so the server does not redeliver it after `ack_wait`). No nak, so no
delivery attempt is spent: an outage of any length dead-letters nothing. Nothing else is fetched meanwhile —
the next message would meet the same outage.

Why the retry delays are ours rather than the consumer's `backoff`: the server applies a consumer's BackOff
only to ack timeouts, never to a nak (which redelivers at once), and BackOff replaces `ack_wait` — a week's
close that runs for minutes under `ack_wait=600` would be redelivered while still running. So the consumer
config carries `max_deliver` and `ack_wait`, and each nak carries its delay.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any

import nats.errors
import structlog
from echo_events import streams
from faststream.exceptions import NackMessage, RejectMessage
from faststream.middlewares import AckPolicy as FastStreamAckPolicy
from faststream.nats import JStream, NatsBroker, NatsRouter, PullSub
from faststream.nats.annotations import NatsMessage
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.js import JetStreamContext
from nats.js.api import AckPolicy, ConsumerConfig, DeliverPolicy
from nats.js.errors import NotFoundError
from prometheus_client import Counter, Gauge
from pydantic import BaseModel

from .broker import RuntimeBroker
from .db import unreachable
from .nats_access import OPERATOR, inbox_prefix
from .telemetry import span_from_headers

log = structlog.get_logger(__name__)
LAG_INTERVAL = 5.0
FETCH_TIMEOUT = 0.5  # a waiting pull request lasts this long (dlq.rewind looks for one)
DEAD_LETTERS = streams.DEAD_LETTERS.name
CONSUMER_LAG = Gauge("echo_consumer_lag_messages", "Messages not yet acknowledged by a durable consumer",
                     ["durable"])

DATABASE_WAITS = Counter("echo_consumer_database_waits_total",
                         "Messages a durable consumer tried again, in place, because PostgreSQL was not reachable",
                         ["durable"])

Handler = Callable[[Msg], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class ConsumerSpec:
    stream: str
    durable: str
    filter_subject: str
    max_deliver: int = 6
    backoff: tuple[float, ...] = field(default=(0.2, 1.0, 5.0, 15.0, 30.0))
    #: the pauses before trying a message again while PostgreSQL cannot be reached (the last one repeats)
    unreachable_pauses: tuple[float, ...] = field(default=(0.2, 0.5, 1.0, 2.0, 5.0))
    ack_wait: float = 30.0
    description: str = ""
    #: what one message is when it is not a Batch of events (the AsyncAPI document shows its schema)
    message: type[BaseModel] | None = None

    def config(self) -> ConsumerConfig:
        return ConsumerConfig(
            durable_name=self.durable,
            ack_policy=AckPolicy.EXPLICIT,
            deliver_policy=DeliverPolicy.ALL,
            max_deliver=self.max_deliver,
            ack_wait=self.ack_wait,
            filter_subject=self.filter_subject,
            max_ack_pending=1000,
        )


def dead_letter_address(stream: str, durable: str) -> str:
    return f"dlq.{stream}.{durable}"


def dead_letter_subject(spec: ConsumerSpec) -> str:
    return dead_letter_address(spec.stream, spec.durable)


class DurableSubscriber:
    """One ConsumerSpec and its handler, registered on a FastStream broker or router as a pull subscriber
    with its dead-letter publisher. `ensure(js)` must run before the broker starts. Its fetches are answered
    under `user`'s inbox prefix (FastStream's own default is the shared `_INBOX.`, which no service may hear)."""

    def __init__(self, registrar: NatsBroker | NatsRouter, spec: ConsumerSpec, handler: Handler, *,
                 user: str = OPERATOR) -> None:
        self.spec = spec
        self._handler = handler
        self.processed = 0
        self._dead_letters = registrar.publisher(
            dead_letter_subject(spec), stream=JStream(DEAD_LETTERS, declare=False),
            title=f"{spec.durable}-dead-letters",
            description=f"What {spec.durable} gave up on after {spec.max_deliver} attempts: the original bytes "
                        f"with Echo-Dlq-Error, Echo-Dlq-Subject and Echo-Dlq-Stream-Seq headers.",
        )
        subscriber = registrar.subscriber(
            spec.filter_subject, stream=JStream(spec.stream, declare=False), durable=spec.durable,
            config=spec.config(), pull_sub=PullSub(batch_size=1, timeout=FETCH_TIMEOUT),
            ack_policy=FastStreamAckPolicy.NACK_ON_ERROR, inbox_prefix=f"{inbox_prefix(user)}.".encode(),
            title=spec.durable, description=spec.description or None,
        )
        subscriber(self._consume)

    async def _consume(self, message: NatsMessage) -> None:
        msg: Msg = message.raw_message
        try:
            await self._handled_when_reachable(msg)
        except Exception as error:  # every failure is nacked or dead-lettered, never swallowed
            attempt = msg.metadata.num_delivered
            if attempt >= self.spec.max_deliver:
                await self._dead_letter(msg, error)
                raise RejectMessage() from error
            delay = self.spec.backoff[min(attempt - 1, len(self.spec.backoff) - 1)]
            log.warning("handler failed, will retry", durable=self.spec.durable, attempt=attempt,
                        delay=delay, error=repr(error))
            raise NackMessage(delay=delay) from error
        self.processed += 1

    async def _handled_when_reachable(self, msg: Msg) -> None:
        """The handler's run of `msg`, run again after each failure to reach PostgreSQL until it gets through."""
        pauses = self.spec.unreachable_pauses
        for waited in itertools.count():
            try:
                with span_from_headers(f"consume {self.spec.durable}", msg.headers, subject=msg.subject):
                    await self._handler(msg)
                return
            except Exception as error:
                if not unreachable(error):
                    raise
                pause = pauses[min(waited, len(pauses) - 1)]
                if waited % 12 == 0:  # a line at most a minute, not one a try
                    log.warning("PostgreSQL not reachable: the message waits for it", durable=self.spec.durable,
                                retry_in=pause, error=repr(error))
                DATABASE_WAITS.labels(self.spec.durable).inc()
            # still ours, or the server redelivers it after ack_wait (as it does when NATS is lost too)
            with contextlib.suppress(nats.errors.Error):
                await msg.in_progress()
            await asyncio.sleep(pause)

    async def _dead_letter(self, msg: Msg, error: Exception) -> None:
        headers = dict(msg.headers or {})
        headers.update({
            "Echo-Dlq-Error": repr(error)[:500],
            "Echo-Dlq-Subject": msg.subject,
            "Echo-Dlq-Stream-Seq": str(msg.metadata.sequence.stream),
        })
        await self._dead_letters.publish(msg.data, headers=headers)
        log.error("message dead-lettered", durable=self.spec.durable, subject=msg.subject, error=repr(error))

    async def ensure(self, js: JetStreamContext) -> None:
        """Create the durable, or point an existing one at this release's subjects: binding alone would keep
        an older filter and silently read the wrong subjects. Everything else of an existing durable stays
        (its position; a rewind's start sequence — the deliver policy cannot be changed anyway)."""
        spec = self.spec
        try:
            info = await js.consumer_info(spec.stream, spec.durable)
        except NotFoundError:
            await js.add_consumer(spec.stream, spec.config())
            return
        if info.config.filter_subject != spec.filter_subject:
            log.warning("consumer filter changed", durable=spec.durable, old=info.config.filter_subject,
                        new=spec.filter_subject)
            await js.add_consumer(spec.stream, replace(info.config, filter_subject=spec.filter_subject))

    async def record_lag(self, js: JetStreamContext) -> None:
        try:
            info = await js.consumer_info(self.spec.stream, self.spec.durable)
        except Exception:  # noqa: BLE001 - a missed lag sample is not worth stopping the consumer for
            return
        CONSUMER_LAG.labels(self.spec.durable).set(info.num_pending + info.num_ack_pending)


async def sample_lag(js: JetStreamContext, subscribers: list[DurableSubscriber]) -> None:
    """The lag gauge of every durable, every LAG_INTERVAL seconds, until cancelled."""
    while True:
        for subscriber in subscribers:
            await subscriber.record_lag(js)
        await asyncio.sleep(LAG_INTERVAL)


class DurableConsumer:
    """One durable on a broker of its own, until `stop()`: for tools that run a consumer outside a service
    (a projection's rebuild) and for tests. A service registers its durables on its runtime instead. `user`
    is the NATS user `nc` is connected as."""

    def __init__(self, nc: Client, spec: ConsumerSpec, handler: Handler, *, user: str = OPERATOR) -> None:
        self._nc = nc
        self._broker = RuntimeBroker()
        self._subscriber = DurableSubscriber(self._broker, spec, handler, user=user)
        self._stopping = asyncio.Event()

    @property
    def processed(self) -> int:
        return self._subscriber.processed

    async def run(self) -> None:
        js = self._nc.jetstream()
        await self._subscriber.ensure(js)
        self._broker.use(self._nc)
        await self._broker.start()
        lag: asyncio.Task[Any] = asyncio.create_task(sample_lag(js, [self._subscriber]))
        try:
            await self._stopping.wait()
        finally:
            lag.cancel()
            await self._broker.stop()

    def stop(self) -> None:
        self._stopping.set()
