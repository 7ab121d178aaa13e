"""The AsyncAPI 3.0 document of the running system: FastStream's, from the services' own declarations,
with the event contract's schemas.

Every service's `messaging.py` declares its durables and publications (`echo_runtime.messaging`); its
runtime registers that declaration on its FastStream broker, and this module registers the same one on a
broker of its own and asks FastStream for the AsyncAPI specification. FastStream's channels and operations
(one per durable, with its filter subject and consumer settings, one per dead-letter subject, one per
publication) then join the contract's document (`echo_events.catalogue`: every event's envelope schema,
`x-event-type`, version and upcasters, the streams, the engine's and the social service's request/reply),
and each FastStream message is pointed at the contract's message of the subjects it carries.

`python -m echo_runtime.asyncapi [--markdown] [--services services]` (what `make catalogue` runs).
"""

from __future__ import annotations

import argparse
import copy
import importlib
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from echo_events.catalogue import REF, asyncapi, to_json
from echo_events.catalogue_markdown import markdown
from faststream.nats import NatsBroker, NatsRouter
from faststream.specification import AsyncAPI
from nats.aio.msg import Msg
from pydantic import BaseModel

from .consumer import ConsumerSpec, dead_letter_subject
from .messaging import Messaging, Publication

TITLE = "Echo Challenge services"
DESCRIPTION = (
    "Generated from the code (`python -m echo_runtime.asyncapi`), not written by hand. Channels and "
    "operations come from FastStream's AsyncAPI generator run on the services' own subscriber and publisher "
    "declarations (each service's `messaging.py`, the very objects its runtime registers on its FastStream "
    "broker): every durable consumer with its filter subject, retries and dead-letter subject, and every "
    "subject a service publishes on. Event schemas come from the contract (`echo_events`: type names, schema "
    "versions, upcasters, pydantic JSON schemas). The engine's request/reply and the social service's "
    "commands are core NATS on bare nats-py (the move path), described from the contract.\n\n"
    "Every JetStream message body is a Batch of Envelopes (except a timer's TimerFired); an envelope's "
    "`payload` is the event, `event_type` and `schema_version` say which."
)


async def _never_run(msg: Msg) -> None:
    raise AssertionError("the document's broker never runs")


def declarations(services: Path) -> list[Messaging]:
    """The `MESSAGING` of every `<services>/*/src/<package>/messaging.py`, by package name."""
    packages = sorted(path.parent.name for path in services.glob("*/src/*/messaging.py"))
    return [importlib.import_module(f"{package}.messaging").MESSAGING for package in packages]


def faststream_document(services: Sequence[Messaging]) -> dict[str, Any]:
    """FastStream's own AsyncAPI 3.0 document of these declarations, registered as the services do."""
    broker = NatsBroker(specification_url="nats://nats:4222")
    for messaging in services:
        router = NatsRouter()
        messaging.register(router, {spec.durable: _never_run for spec in messaging.consumers})
        broker.include_router(router)
    return AsyncAPI(broker, title=TITLE, schema_version="3.0.0").to_specification().to_jsonable()


def _wildcards(address: str) -> str:
    return re.sub(r"\{[^}]+\}", "*", address)


def overlaps(a: str, b: str) -> bool:
    """Whether two NATS subject patterns (`*`, `>`) can match one subject."""
    left, right = a.split("."), b.split(".")
    for x, y in zip(left, right, strict=False):
        if ">" in (x, y):
            return True
        if x != y and "*" not in (x, y):
            return False
    return len(left) == len(right)


class _Document:
    """The contract's document, growing by the channels and operations of the declarations."""

    def __init__(self, contract: dict[str, Any], generated: dict[str, Any]) -> None:
        self.doc = contract
        self.generated = generated
        self.channels: dict[str, Any] = contract["channels"]
        self.operations: dict[str, Any] = contract["operations"]
        self.messages: dict[str, Any] = contract["components"]["messages"]
        self.schemas: dict[str, Any] = contract["components"]["schemas"]
        self.by_address = {c["address"]: key for key, c in self.channels.items() if c["address"]}

    def _event_messages(self, subject: str, stream: str) -> list[str]:
        """The contract's batch messages of the stream's event channels a subject pattern reaches."""
        return [name for channel in self.channels.values()
                if channel.get("x-stream") == stream and channel["address"]
                and overlaps(subject, _wildcards(channel["address"]))
                for name in channel["messages"] if name.endswith("Batch")]

    def _model_message(self, name: str, model: type[BaseModel]) -> str:
        schema = model.model_json_schema(ref_template=REF)
        for def_name, definition in schema.pop("$defs", {}).items():
            self.schemas.setdefault(def_name, definition)
        self.schemas.setdefault(model.__name__, schema)
        self.messages[name] = {"name": name, "title": model.__name__, "contentType": "application/json",
                               "summary": (model.__doc__ or model.__name__).strip().split("\n")[0],
                               "payload": {"$ref": REF.format(model=model.__name__)}}
        return name

    def _channel(self, key: str, message_names: list[str], stream: str | None,
                 parameters: Mapping[str, str] | None = None) -> None:
        channel = {k: v for k, v in self.generated["channels"][key].items() if k not in ("servers", "messages")}
        channel["messages"] = {n: {"$ref": f"#/components/messages/{n}"} for n in message_names}
        if parameters:
            channel["parameters"] = {name: {"description": text} for name, text in parameters.items()}
        if stream:
            channel["x-stream"] = stream
        self.channels[key] = channel

    def _operation(self, key: str, channel: str, service: str, **extra: Any) -> None:
        operation = {k: v for k, v in self.generated["operations"][key].items() if k != "messages"}
        operation["channel"] = {"$ref": f"#/channels/{channel}"}
        operation["messages"] = [{"$ref": f"#/channels/{channel}/messages/{n}"} for n in self.channels[channel]
                                 ["messages"]]
        self.operations[key] = {**operation, "x-service": service, **extra}

    def add_consumer(self, service: str, spec: ConsumerSpec) -> None:
        if spec.message is not None:
            names = [self._model_message(f"{spec.durable}-message", spec.message)]
        else:
            names = self._event_messages(spec.filter_subject, spec.stream)
        if not names:
            raise LookupError(f"{spec.durable}: no contract channel carries {spec.filter_subject}; declare its message")
        self._channel(spec.durable, names, spec.stream)
        self._operation(spec.durable, spec.durable, service, **{"x-consumer": {
            "durable": spec.durable, "stream": spec.stream, "filter_subject": spec.filter_subject,
            "max_deliver": spec.max_deliver, "ack_wait_seconds": spec.ack_wait,
            "retry_delays_seconds": list(spec.backoff), "dead_letters": dead_letter_subject(spec),
        }})
        dead = f"{spec.durable}-dead-letters"
        self._channel(dead, ["DeadLetter"], "DEAD_LETTERS")
        self._operation(dead, dead, service)

    def add_publication(self, service: str, publication: Publication) -> None:
        channel = self.by_address.get(publication.subject)
        if channel is None:
            if publication.message is None:
                raise LookupError(f"{publication.title}: no contract channel is {publication.subject}; "
                                  f"declare its message")
            if set(re.findall(r"\{([^}]+)\}", publication.subject)) != set(publication.parameters):
                raise LookupError(f"{publication.title}: describe every {{part}} of {publication.subject}")
            channel = publication.title
            self._channel(channel, [self._model_message(f"{publication.title}-message", publication.message)],
                          publication.stream, publication.parameters)
        self._operation(publication.title, channel, service)


def document(services: Sequence[Messaging]) -> dict[str, Any]:
    merged = _Document(copy.deepcopy(asyncapi()), faststream_document(services))
    for messaging in services:
        for spec in messaging.consumers:
            merged.add_consumer(messaging.service, spec)
        for publication in messaging.publications:
            merged.add_publication(messaging.service, publication)
    merged.doc["info"] = {**merged.doc["info"], "title": TITLE, "description": DESCRIPTION}
    return merged.doc


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m echo_runtime.asyncapi", description=__doc__.split("\n")[0])
    parser.add_argument("--markdown", action="store_true", help="print the Markdown reference instead of JSON")
    parser.add_argument("--services", type=Path, default=Path("services"), help="the services' folder")
    args = parser.parse_args()
    built = document(declarations(args.services))
    print(markdown(built) if args.markdown else to_json(built), end="")


if __name__ == "__main__":
    main()
