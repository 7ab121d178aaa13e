"""The envelope every stored event travels in, and the JSON wire form of a batch of them.

A message on a JetStream subject is one `Batch`: the events one command produced, appended atomically.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

from .model import Event
from .registry import event_class, upcast


class Envelope(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    event_id: str = Field(min_length=1, description="unique id of this event")
    event_type: str = Field(min_length=1, description="registered type name, e.g. echo.TickResolved")
    schema_version: int = Field(ge=1, description="version of the payload's schema when it was written")
    stream_id: str = Field(min_length=1, description="the aggregate, e.g. a game id")
    version: int = Field(ge=1, description="position of this event within its aggregate, from 1")
    occurred_at: AwareDatetime = Field(description="when it happened (aware, UTC)")
    correlation_id: str | None = Field(None, description="the request or flow this event belongs to")
    causation_id: str | None = Field(None, description="the command or event that caused it")
    payload: dict[str, Any] = Field(description="the event's fields (its model's JSON form)")


class Batch(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    events: tuple[Envelope, ...] = Field(min_length=1)


def wrap(
    event: Event,
    *,
    event_id: str,
    stream_id: str,
    version: int,
    occurred_at: datetime,
    correlation_id: str | None = None,
    causation_id: str | None = None,
) -> Envelope:
    return Envelope(
        event_id=event_id,
        event_type=event.event_type,
        schema_version=event.schema_version,
        stream_id=stream_id,
        version=version,
        occurred_at=occurred_at,
        correlation_id=correlation_id,
        causation_id=causation_id,
        payload=event.model_dump(mode="json"),
    )


def unwrap(envelope: Envelope) -> Event:
    """The typed event, upcast from an older schema version when needed."""
    payload = upcast(envelope.event_type, envelope.schema_version, dict(envelope.payload))
    return event_class(envelope.event_type).model_validate(payload)


def encode(batch: Batch) -> bytes:
    return batch.model_dump_json().encode()


@dataclass(frozen=True, slots=True)
class EncodedBatch:
    """A batch in its wire form (what `encode` writes), with its events' types in order: what a writer that
    builds the JSON itself (the engine, a move's batch) hands to `echo_runtime.append`."""

    data: bytes
    event_types: tuple[str, ...]


def decode(data: bytes) -> Batch:
    return Batch.model_validate_json(data)
