"""Appending a batch of events to one aggregate's subject with optimistic concurrency and dedup.

`Nats-Expected-Last-Subject-Sequence` makes two writers of one aggregate safe: the loser gets a conflict
and must refold. An aggregate spread over several subjects (a game: `lifecycle` and `move`) names them
with a wildcard in `aggregate` (`Nats-Expected-Last-Subject-Sequence-Subject`, nats-server >= 2.11).
`Nats-Msg-Id` (the command id) makes a retried command land once. On a single server
the sequence check runs before dedup, so a retry of a command that did land comes back as "wrong last
sequence" (10071): we then read the subject's tip and compare its Nats-Msg-Id with ours.

A stream whose leader is lost (its server killed) answers nothing until its replicas elect another, a few
seconds: an append that gets no answer, finds no stream serving the subject, or is told JetStream is
temporarily unavailable (503, around an election) is sent again — the same message, the same id, so it lands
once — until `elections.STORE_PATIENCE` runs out, which stays below the gateway's wait for the engine (5 s): the
player's command is answered, not timed out. An attempt that got no answer
may still be on its way into the stream (proposed to the replicas, not yet stored): the next one is then
told "duplicate message id is in process" (10158), and is sent again after a pause until the first has
landed (then the answer is "duplicate") or failed (then this one stores it).

A writer on the hot path (the engine: an append on every move) hands over its connection, `nc`, whose reply
mux takes the ack (`stream_publish`: a fifth less CPU per append); the others use nats-py's own publish.
"""

from __future__ import annotations

from dataclasses import dataclass

from echo_events.envelope import Batch, EncodedBatch, encode
from nats.aio.client import Client
from nats.js import JetStreamContext
from nats.js.api import PubAck
from nats.js.errors import APIError, NotFoundError

from . import elections, stream_publish
from .telemetry import inject_headers

WRONG_LAST_SEQUENCE = 10071
DUPLICATE_IN_PROCESS = 10158


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
    nc: Client | None = None,
) -> Appended:
    """Store `batch` on `subject`; `aggregate` (default: `subject`) is what `expected_last_sequence` is of.
    `nc`: the connection of `js`, whose reply mux takes the ack."""
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
        ack = await _stored(js, nc, subject, batch.data, stream, all_headers)
    except APIError as error:
        if error.err_code != WRONG_LAST_SEQUENCE:
            raise
        tip = await last_message(js, stream, aggregate or subject)
        if tip is not None and (tip.headers or {}).get("Nats-Msg-Id") == msg_id:
            return Appended(sequence=tip.seq or 0, duplicate=True)
        raise AppendConflict(f"{subject}: expected last sequence {expected_last_sequence}") from error
    return Appended(sequence=ack.seq, duplicate=bool(ack.duplicate))


def _in_process_or_between_leaders(error: Exception) -> bool:
    """An earlier attempt of this message is still on its way into the stream (asked again after a pause, it
    is a duplicate once that one has landed), or the stream has no leader yet."""
    if isinstance(error, APIError) and error.err_code == DUPLICATE_IN_PROCESS:
        return True
    return elections.between_leaders(error)


async def _stored(js: JetStreamContext, nc: Client | None, subject: str, data: bytes, stream: str,
                  headers: dict[str, str]) -> PubAck:
    """The message stored, sent again (the same id) while the stream is between leaders."""

    async def attempt(seconds: float) -> PubAck:
        if nc is not None:
            return await stream_publish.publish(nc, subject, data, stream=stream, headers=headers, timeout=seconds)
        return await js.publish(subject, data, stream=stream, headers=headers, timeout=seconds)

    return await elections.timed_through_election(attempt, _in_process_or_between_leaders)


async def last_message(js: JetStreamContext, stream: str, subject: str):  # noqa: ANN201 - RawStreamMsg | None
    """The last message on `subject`, which may be a wildcard filter; None if there is none. Only the stream's
    leader answers a wildcard's: while the stream is between leaders the read is asked again each attempt, as
    an append is — not left waiting out the client's whole timeout (5 s) when the new leader answers the next
    asking at once."""
    wildcard = "*" in subject or ">" in subject  # nats-py's direct get puts the subject in the API subject

    async def asked():  # noqa: ANN202
        try:
            return await js.get_last_msg(stream, subject, direct=not wildcard)
        except NotFoundError:
            return None

    return await elections.through_election(asked)
