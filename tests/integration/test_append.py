"""Appends to one aggregate: optimistic concurrency, dedup by command id, and the retry pitfall."""

import uuid
from datetime import UTC, datetime

import pytest
from echo_events.accounts import GuestCreated
from echo_events.envelope import Batch, decode, wrap
from echo_runtime.append import AppendConflict, append, last_message

pytestmark = pytest.mark.integration


def batch(stream_id: str, version: int) -> Batch:
    event = GuestCreated(account_id=stream_id, device_id=f"d{version}")
    return Batch(events=(wrap(event, event_id=uuid.uuid4().hex, stream_id=stream_id, version=version,
                              occurred_at=datetime.now(UTC)),))


async def test_a_retried_command_lands_once(js) -> None:  # noqa: ANN001
    sid = uuid.uuid4().hex
    subject = f"account.{sid}"
    first = await append(js, "ACCOUNTS", subject, batch(sid, 1), msg_id=f"cmd-{sid}", expected_last_sequence=0)
    again = await append(js, "ACCOUNTS", subject, batch(sid, 1), msg_id=f"cmd-{sid}", expected_last_sequence=0)
    assert not first.duplicate
    assert again.duplicate and again.sequence == first.sequence


async def test_retry_after_a_lost_ack_is_a_duplicate_not_a_conflict(js) -> None:  # noqa: ANN001
    """The first attempt landed (sequence moved on); the retry still carries the old expected sequence."""
    sid = uuid.uuid4().hex
    subject = f"account.{sid}"
    one = await append(js, "ACCOUNTS", subject, batch(sid, 1), msg_id=f"a-{sid}", expected_last_sequence=0)
    two = await append(js, "ACCOUNTS", subject, batch(sid, 2), msg_id=f"b-{sid}",
                       expected_last_sequence=one.sequence)
    retry = await append(js, "ACCOUNTS", subject, batch(sid, 2), msg_id=f"b-{sid}",
                         expected_last_sequence=one.sequence)
    assert retry.duplicate and retry.sequence == two.sequence


async def test_two_writers_of_one_aggregate_cannot_both_win(js) -> None:  # noqa: ANN001
    sid = uuid.uuid4().hex
    subject = f"account.{sid}"
    one = await append(js, "ACCOUNTS", subject, batch(sid, 1), msg_id=f"a-{sid}", expected_last_sequence=0)
    await append(js, "ACCOUNTS", subject, batch(sid, 2), msg_id=f"writer1-{sid}", expected_last_sequence=one.sequence)
    with pytest.raises(AppendConflict):
        await append(js, "ACCOUNTS", subject, batch(sid, 2), msg_id=f"writer2-{sid}",
                     expected_last_sequence=one.sequence)
    tip = await last_message(js, "ACCOUNTS", subject)
    assert decode(tip.data).events[0].payload["device_id"] == "d2"
    assert tip.headers["Nats-Msg-Id"] == f"writer1-{sid}"


async def test_last_message_of_an_empty_subject_is_none(js) -> None:  # noqa: ANN001
    assert await last_message(js, "ACCOUNTS", f"account.{uuid.uuid4().hex}") is None
