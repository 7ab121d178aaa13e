"""The reply mux (echo_runtime.replies): requests answered as nats-py's own would be — the reply, no
responders, a timeout — on a real NATS."""

import asyncio
import uuid

import pytest
from echo_runtime.replies import Replies, replies_of
from nats.errors import NoRespondersError
from nats.errors import TimeoutError as NatsTimeout

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
