"""Appending a batch of events to one aggregate's subject with optimistic concurrency and dedup.

`Nats-Expected-Last-Subject-Sequence` makes two writers of one aggregate safe: the loser gets a conflict
and must refold. An aggregate spread over several subjects (a game: `lifecycle` and `move`) names them
with a wildcard in `aggregate` (`Nats-Expected-Last-Subject-Sequence-Subject`, nats-server >= 2.11).
`Nats-Msg-Id` (the command id) makes a retried command land once. On a single server
the sequence check runs before dedup, so a retry of a command that did land comes back as "wrong last
sequence" (10071): we then read the subject's tip and compare its Nats-Msg-Id with ours.
"""

from __future__ import annotations

from dataclasses import dataclass

from echo_events.envelope import Batch, EncodedBatch, encode
from nats.js import JetStreamContext
from nats.js.errors import APIError, NotFoundError

from .telemetry import inject_headers

WRONG_LAST_SEQUENCE = 10071


class AppendConflict(RuntimeError):
    """Someone else appended to this aggregate first; refold from the stream and decide again."""


@dataclass(frozen=True, slots=True)
class Appended:
    sequence: int  # the stream sequence of the stored message
    duplicate: bool  # the same msg id had landed before: nothing new was written


async def append(
    js: JetStreamContext,
    stream: str,
    subject: str,
    batch: Batch | EncodedBatch,
    *,
    msg_id: str,
    expected_last_sequence: int | None,
    aggregate: str | None = None,
    headers: dict[str, str] | None = None,
) -> Appended:
    """Store `batch` on `subject`; `aggregate` (default: `subject`) is what `expected_last_sequence` is of."""
    if isinstance(batch, Batch):
        batch = EncodedBatch(encode(batch), tuple(e.event_type for e in batch.events))
    all_headers = {"Nats-Msg-Id": msg_id, "Echo-Event-Types": ",".join(batch.event_types)}
    if expected_last_sequence is not None:
        all_headers["Nats-Expected-Last-Subject-Sequence"] = str(expected_last_sequence)
        if aggregate is not None and aggregate != subject:
            all_headers["Nats-Expected-Last-Subject-Sequence-Subject"] = aggregate
    if headers:
        all_headers.update(headers)
    all_headers = inject_headers(all_headers)
    try:
        ack = await js.publish(subject, batch.data, stream=stream, headers=all_headers)
    except APIError as error:
        if error.err_code != WRONG_LAST_SEQUENCE:
            raise
        tip = await last_message(js, stream, aggregate or subject)
        if tip is not None and (tip.headers or {}).get("Nats-Msg-Id") == msg_id:
            return Appended(sequence=tip.seq or 0, duplicate=True)
        raise AppendConflict(f"{subject}: expected last sequence {expected_last_sequence}") from error
    return Appended(sequence=ack.seq, duplicate=bool(ack.duplicate))


async def last_message(js: JetStreamContext, stream: str, subject: str):  # noqa: ANN201 - RawStreamMsg | None
    """The last message on `subject`, which may be a wildcard filter; None if there is none."""
    wildcard = "*" in subject or ">" in subject  # nats-py's direct get puts the subject in the API subject
    try:
        return await js.get_last_msg(stream, subject, direct=not wildcard)
    except NotFoundError:
        return None
