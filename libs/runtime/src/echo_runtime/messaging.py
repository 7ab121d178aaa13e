"""What a service reads and writes on NATS, declared once: its durable consumers and its publications.

Each service has a `messaging.py` whose `MESSAGING` is a `Messaging`. The service's runtime registers it on
its FastStream broker (`ServiceRuntime.consume`), handing a handler to every declared durable — a handler
without a declaration, or a declaration without a handler, is refused — and `python -m echo_runtime.asyncapi`
registers the very same declaration on a broker of its own to generate the AsyncAPI document. So the
document lists what runs, and cannot list anything else.

Publications are the subjects a service writes through nats-py (the engine's appends are the move path,
where FastStream stays out): the broker holds them as FastStream publishers so that they are in its
AsyncAPI specification, while the writes themselves go through the code that owns them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field

from faststream.nats import JStream, NatsBroker, NatsRouter
from pydantic import BaseModel

from .consumer import ConsumerSpec, DurableSubscriber, Handler
from .nats_access import OPERATOR


@dataclass(frozen=True, slots=True)
class Publication:
    """A subject the service publishes on. `subject` is an AsyncAPI address (`{name}` for a part that
    varies); `stream` is None for core NATS. A subject the event contract does not describe names the
    `message` model of one message and says what each `{name}` is in `parameters`."""

    title: str
    subject: str
    stream: str | None
    description: str
    message: type[BaseModel] | None = None
    parameters: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Messaging:
    service: str
    consumers: tuple[ConsumerSpec, ...] = ()
    publications: tuple[Publication, ...] = ()

    def renamed(self, durable: str, new_name: str) -> Messaging:
        """The same declaration with one durable under another name (a test's database of its own)."""
        if durable not in {c.durable for c in self.consumers}:
            raise LookupError(f"{self.service} declares no durable {durable!r}")
        consumers = tuple(dataclasses.replace(c, durable=new_name) if c.durable == durable else c
                          for c in self.consumers)
        return dataclasses.replace(self, consumers=consumers)

    def register(self, registrar: NatsBroker | NatsRouter, handlers: Mapping[str, Handler], *,
                 user: str = OPERATOR) -> list[DurableSubscriber]:
        declared = [c.durable for c in self.consumers]
        if sorted(handlers) != sorted(declared):
            raise ValueError(f"{self.service}: handlers for {sorted(handlers)}, durables declared {sorted(declared)}")
        subscribers = [DurableSubscriber(registrar, spec, handlers[spec.durable], user=user) for spec in self.consumers]
        for publication in self.publications:
            registrar.publisher(
                publication.subject,
                stream=JStream(publication.stream, declare=False) if publication.stream else None,
                title=publication.title, description=publication.description, schema=publication.message,
            )
        return subscribers
