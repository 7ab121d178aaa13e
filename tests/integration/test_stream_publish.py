"""A JetStream publish through the reply mux (echo_runtime.stream_publish) answers as nats-py's own does: the
ack with its sequence, a duplicate id said, the expected-sequence conflict and a subject no stream takes
raised as the same errors — on a real NATS, each case asked both ways."""

import uuid

import pytest
from echo_runtime.append import WRONG_LAST_SEQUENCE, AppendConflict, append
from echo_runtime.stream_publish import publish
from nats.js.errors import APIError, NoStreamResponseError

from tests.support.account_batches import guest_batch

pytestmark = pytest.mark.integration


def both_ways(nc):  # noqa: ANN001, ANN201
    js = nc.jetstream()

    async def library(subject: str, data: bytes, headers: dict[str, str]):  # noqa: ANN202
        return await js.publish(subject, data, stream="ACCOUNTS", headers=dict(headers), timeout=2)

    async def mux(subject: str, data: bytes, headers: dict[str, str]):  # noqa: ANN202
        return await publish(nc, subject, data, stream="ACCOUNTS", headers=headers, timeout=2)

    return {"nats-py": library, "reply mux": mux}


async def test_the_ack_carries_the_stream_and_sequence_and_a_repeated_id_is_a_duplicate(nc) -> None:  # noqa: ANN001
    for way, publishing in both_ways(nc).items():
        subject = f"account.{uuid.uuid4().hex}"
        first = await publishing(subject, b"{}", {"Nats-Msg-Id": f"{subject}:1"})
        second = await publishing(subject, b"{}", {"Nats-Msg-Id": f"{subject}:2"})
        again = await publishing(subject, b"{}", {"Nats-Msg-Id": f"{subject}:2"})
        assert first.stream == second.stream == "ACCOUNTS", way
        assert second.seq > first.seq and not second.duplicate, way
        assert again.duplicate and again.seq == second.seq, way


async def test_an_expected_sequence_that_moved_on_is_the_conflict_api_error(nc) -> None:  # noqa: ANN001
    for way, publishing in both_ways(nc).items():
        subject = f"account.{uuid.uuid4().hex}"
        await publishing(subject, b"{}", {"Nats-Msg-Id": f"{subject}:1"})
        with pytest.raises(APIError) as refused:
            await publishing(subject, b"{}", {"Nats-Msg-Id": f"{subject}:2",
                                              "Nats-Expected-Last-Subject-Sequence": "0"})
        assert refused.value.err_code == WRONG_LAST_SEQUENCE, way


async def test_a_subject_no_stream_takes_is_no_stream_response(nc) -> None:  # noqa: ANN001
    for publishing in both_ways(nc).values():
        with pytest.raises(NoStreamResponseError):
            await publishing(f"tests.nostream.{uuid.uuid4().hex}", b"{}", {})


async def test_an_append_through_the_mux_keeps_its_conflict_and_its_retry(nc) -> None:  # noqa: ANN001
    js, sid = nc.jetstream(), uuid.uuid4().hex
    subject = f"account.{sid}"
    one = await append(js, "ACCOUNTS", subject, guest_batch(sid, 1), msg_id=f"a-{sid}", expected_last_sequence=0,
                       nc=nc)
    two = await append(js, "ACCOUNTS", subject, guest_batch(sid, 2), msg_id=f"b-{sid}",
                       expected_last_sequence=one.sequence, nc=nc)
    retry = await append(js, "ACCOUNTS", subject, guest_batch(sid, 2), msg_id=f"b-{sid}",
                         expected_last_sequence=one.sequence, nc=nc)
    assert two.sequence > one.sequence and retry.duplicate and retry.sequence == two.sequence
    with pytest.raises(AppendConflict):
        await append(js, "ACCOUNTS", subject, guest_batch(sid, 3), msg_id=f"c-{sid}",
                     expected_last_sequence=one.sequence, nc=nc)
