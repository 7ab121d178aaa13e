"""Appends to one aggregate: optimistic concurrency, dedup by command id, and the retry pitfall."""

import uuid

import pytest
from echo_events.envelope import decode
from echo_runtime.append import AppendConflict, append, last_message

from tests.support.account_batches import guest_batch

pytestmark = pytest.mark.integration


async def test_a_retried_command_lands_once(js) -> None:  # noqa: ANN001
    sid = uuid.uuid4().hex
    subject = f"account.{sid}"
    first = await append(js, "ACCOUNTS", subject, guest_batch(sid, 1), msg_id=f"cmd-{sid}", expected_last_sequence=0)
    again = await append(js, "ACCOUNTS", subject, guest_batch(sid, 1), msg_id=f"cmd-{sid}", expected_last_sequence=0)
    assert not first.duplicate
    assert again.duplicate and again.sequence == first.sequence


async def test_retry_after_a_lost_ack_is_a_duplicate_not_a_conflict(js) -> None:  # noqa: ANN001
    """The first attempt landed (sequence moved on); the retry still carries the old expected sequence."""
    sid = uuid.uuid4().hex
    subject = f"account.{sid}"
    one = await append(js, "ACCOUNTS", subject, guest_batch(sid, 1), msg_id=f"a-{sid}", expected_last_sequence=0)
    two = await append(js, "ACCOUNTS", subject, guest_batch(sid, 2), msg_id=f"b-{sid}",
                       expected_last_sequence=one.sequence)
    retry = await append(js, "ACCOUNTS", subject, guest_batch(sid, 2), msg_id=f"b-{sid}",
                         expected_last_sequence=one.sequence)
    assert retry.duplicate and retry.sequence == two.sequence


async def test_two_writers_of_one_aggregate_cannot_both_win(js) -> None:  # noqa: ANN001
    sid = uuid.uuid4().hex
    subject = f"account.{sid}"
    one = await append(js, "ACCOUNTS", subject, guest_batch(sid, 1), msg_id=f"a-{sid}", expected_last_sequence=0)
    await append(js, "ACCOUNTS", subject, guest_batch(sid, 2), msg_id=f"writer1-{sid}",
                 expected_last_sequence=one.sequence)
    with pytest.raises(AppendConflict):
        await append(js, "ACCOUNTS", subject, guest_batch(sid, 2), msg_id=f"writer2-{sid}",
                     expected_last_sequence=one.sequence)
    tip = await last_message(js, "ACCOUNTS", subject)
    assert decode(tip.data).events[0].payload["device_id"] == "d2"
    assert tip.headers["Nats-Msg-Id"] == f"writer1-{sid}"


async def test_last_message_of_an_empty_subject_is_none(js) -> None:  # noqa: ANN001
    assert await last_message(js, "ACCOUNTS", f"account.{uuid.uuid4().hex}") is None


async def test_an_aggregate_over_two_subjects_is_one_sequence(js) -> None:  # noqa: ANN001
    """A game: its lifecycle and move subjects share one expected-sequence check (`aggregate`), so a writer
    that missed an append on the other subject conflicts; a retry is still a duplicate, not a conflict."""
    from echo_events.streams import game_events, game_subject

    gid = uuid.uuid4().hex
    lifecycle = game_subject(gid, ["echo.GameCreated"])
    move = game_subject(gid, ["echo.TickResolved"])
    assert (lifecycle, move) == (f"echo.game.{gid}.lifecycle", f"echo.game.{gid}.move")
    every = game_events(gid)
    opened = await append(js, "GAMES", lifecycle, guest_batch(gid, 1), msg_id=f"{gid}:open", expected_last_sequence=0,
                          aggregate=every)
    moved = await append(js, "GAMES", move, guest_batch(gid, 2), msg_id=f"{gid}:m1",
                         expected_last_sequence=opened.sequence, aggregate=every)
    with pytest.raises(AppendConflict):  # a stale writer, on the other subject
        await append(js, "GAMES", lifecycle, guest_batch(gid, 2), msg_id=f"{gid}:end",
                     expected_last_sequence=opened.sequence, aggregate=every)
    retry = await append(js, "GAMES", move, guest_batch(gid, 2), msg_id=f"{gid}:m1",
                         expected_last_sequence=opened.sequence, aggregate=every)
    assert retry.duplicate and retry.sequence == moved.sequence
    tip = await last_message(js, "GAMES", every)
    assert tip.seq == moved.sequence and tip.subject == move
    with pytest.raises(AppendConflict):  # a new game's first append only lands on an empty aggregate
        await append(js, "GAMES", lifecycle, guest_batch(gid, 1), msg_id=f"{gid}:again", expected_last_sequence=0,
                     aggregate=every)
