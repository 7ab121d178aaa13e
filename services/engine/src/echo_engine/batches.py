"""A command's batch of events written straight to its wire form: the same bytes as
`encode(Batch(events=(wrap(event, ...), ...)))`, without building the envelopes' models — a move's batch in
~4 µs of JSON instead of ~17 µs of models (the engine writes one a move)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import orjson
from echo_events.envelope import EncodedBatch
from echo_events.model import Event


def encode_wrapped(
    events: Sequence[Event],
    *,
    event_ids: Sequence[str],
    stream_id: str,
    first_version: int,
    occurred_at: datetime,
    correlation_id: str | None = None,
    causation_id: str | None = None,
) -> EncodedBatch:
    """The batch of `events`, numbered from `first_version`; refuses what the envelopes' models refuse of
    these values."""
    if not events or len(event_ids) != len(events) or not all(event_ids) or not stream_id or first_version < 1:
        raise ValueError("a batch is one event or more, each with an id, of a stream, numbered from 1")
    if occurred_at.utcoffset() is None:
        raise ValueError("occurred_at must be aware")
    data = orjson.dumps({"events": [
        {"event_id": event_id, "event_type": event.event_type, "schema_version": event.schema_version,
         "stream_id": stream_id, "version": version, "occurred_at": occurred_at,
         "correlation_id": correlation_id, "causation_id": causation_id,
         "payload": orjson.Fragment(event.__pydantic_serializer__.to_json(event))}
        for version, (event_id, event) in enumerate(zip(event_ids, events, strict=True), start=first_version)
    ]}, option=orjson.OPT_UTC_Z)
    return EncodedBatch(data, tuple(event.event_type for event in events))
