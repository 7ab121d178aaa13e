"""A command's batch of events written straight to its wire form: the same bytes as
`encode(Batch(events=(wrap(event, ...), ...)))`, without building the envelopes' models — a move's batch in
~4 µs of JSON instead of ~17 µs of models (the engine writes one a move)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

import orjson
from echo_events.envelope import EncodedBatch
from echo_events.model import Event
from echo_events.registry import downcast


def encode_wrapped(
    events: Sequence[Event],
    *,
    event_ids: Sequence[str],
    stream_id: str,
    first_version: int,
    occurred_at: datetime,
    correlation_id: str | None = None,
    causation_id: str | None = None,
    written_as: Mapping[str, int] | None = None,
) -> EncodedBatch:
    """The batch of `events`, numbered from `first_version`; refuses what the envelopes' models refuse of
    these values. `written_as`: event types written at an older schema version than the code's (a rollout's
    old readers still run), by their downcasters."""
    if not events or len(event_ids) != len(events) or not all(event_ids) or not stream_id or first_version < 1:
        raise ValueError("a batch is one event or more, each with an id, of a stream, numbered from 1")
    if occurred_at.utcoffset() is None:
        raise ValueError("occurred_at must be aware")
    data = orjson.dumps({"events": [
        {"event_id": event_id, "event_type": event.event_type, "schema_version": schema_version,
         "stream_id": stream_id, "version": version, "occurred_at": occurred_at,
         "correlation_id": correlation_id, "causation_id": causation_id, "payload": payload}
        for version, (event_id, event) in enumerate(zip(event_ids, events, strict=True), start=first_version)
        for schema_version, payload in (_written(event, written_as),)
    ]}, option=orjson.OPT_UTC_Z)
    return EncodedBatch(data, tuple(event.event_type for event in events))


def _written(event: Event, written_as: Mapping[str, int] | None) -> tuple[int, object]:
    """The schema version and the payload an event is written with: its own, or the older one asked for."""
    older = written_as.get(event.event_type) if written_as else None
    if older is None or older >= event.schema_version:
        return event.schema_version, orjson.Fragment(event.__pydantic_serializer__.to_json(event))
    return older, downcast(event.event_type, older, event.model_dump(mode="json"))
