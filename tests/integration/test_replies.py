"""The reply mux (echo_runtime.replies): requests and JetStream appends answered as nats-py's own would be —
the reply, no responders, a timeout, the API's refusals — on a real NATS."""

import asyncio
import uuid

import pytest
from echo_runtime.append import AppendConflict, append
from echo_runtime.replies import Replies, replies_of
from nats.errors import NoRespondersError
from nats.errors import TimeoutError as NatsTimeout
from nats.js.errors import BadRequestError, NoStreamResponseError

from tests.support.account_batches import guest_batch

pytestmark = pytest.mark.integration


async def test_replies_reach_each_asker_with_headers_and_one_subscription(nc) -> None:  # noqa: ANN001
    subject = f"tests.replies.{uuid.uuid4().hex}"

    async def answer(msg) -> None:  # noqa: ANN001
        await msg.respond(msg.data.upper() + msg.headers["Who"].encode())

    await nc.subscribe(subject, cb=answer)
    replies = Replies(nc)
    subscriptions = len(nc._subs)
    answers = await asyncio.gather(*(replies.request(subject, f"ask{n}".encode(), timeout=2, headers={"Who": str(n)})
                                     for n in range(20)))
    assert [a.data for a in answers] == [f"ASK{n}{n}".encode() for n in range(20)]
    assert len(nc._subs) == subscriptions + 1  # one wildcard subscription for all of them
    assert replies._waiting == {}


async def test_nobody_serving_the_subject_is_said_at_once(nc) -> None:  # noqa: ANN001
    with pytest.raises(NoRespondersError):
        await replies_of(nc).request(f"tests.nobody.{uuid.uuid4().hex}", b"x", timeout=5)


async def test_an_answer_that_never_comes_times_out_and_leaves_nothing_waiting(nc) -> None:  # noqa: ANN001
    subject = f"tests.silent.{uuid.uuid4().hex}"

    async def ignore(msg) -> None:  # noqa: ANN001
        return None

    await nc.subscribe(subject, cb=ignore)
    replies = replies_of(nc)
    with pytest.raises(NatsTimeout):
        await replies.request(subject, b"x", timeout=0.2)
    assert replies._waiting == {}


async def test_one_mux_per_connection(nc) -> None:  # noqa: ANN001
    assert replies_of(nc) is replies_of(nc)


async def test_stored_acks_like_jetstream_publish(nc, js) -> None:  # noqa: ANN001
    subject = f"account.{uuid.uuid4().hex}"
    replies = replies_of(nc)
    ack = await replies.stored(subject, b"{}", stream="ACCOUNTS", headers={"Nats-Msg-Id": subject})
    again = await replies.stored(subject, b"{}", stream="ACCOUNTS", headers={"Nats-Msg-Id": subject})
    assert ack.stream == "ACCOUNTS" and ack.seq > 0 and not ack.duplicate
    assert again.duplicate and again.seq == ack.seq
    stored = await js.get_msg("ACCOUNTS", ack.seq)
    assert stored.subject == subject
    with pytest.raises(BadRequestError):  # the subject is not the named stream's
        await replies.stored(subject, b"{}", stream="GAMES", headers={})
    with pytest.raises(NoStreamResponseError):
        await replies.stored(f"tests.nostream.{uuid.uuid4().hex}", b"{}", stream="ACCOUNTS", headers={})


async def test_appends_through_the_mux_keep_dedup_and_concurrency(nc, js) -> None:  # noqa: ANN001
    sid = uuid.uuid4().hex
    subject = f"account.{sid}"
    replies = replies_of(nc)
    one = await append(js, "ACCOUNTS", subject, guest_batch(sid, 1), msg_id=f"a-{sid}", expected_last_sequence=0,
                       replies=replies)
    two = await append(js, "ACCOUNTS", subject, guest_batch(sid, 2), msg_id=f"b-{sid}",
                       expected_last_sequence=one.sequence,
                       replies=replies)
    retry = await append(js, "ACCOUNTS", subject, guest_batch(sid, 2), msg_id=f"b-{sid}",
                         expected_last_sequence=one.sequence, replies=replies)
    assert retry.duplicate and retry.sequence == two.sequence
    with pytest.raises(AppendConflict):
        await append(js, "ACCOUNTS", subject, guest_batch(sid, 2), msg_id=f"c-{sid}",
                     expected_last_sequence=one.sequence,
                     replies=replies)
