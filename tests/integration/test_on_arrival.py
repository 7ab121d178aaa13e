"""Subscriptions handled as nats-py reads their messages (echo_runtime.on_arrival), on a real NATS: in the
client's own reading task (no turn through a subscription's task), in order, never counted as pending
(so never a slow consumer), a failing handler not stopping the connection."""

import asyncio
import uuid

import pytest
from echo_runtime.on_arrival import subscribe_on_arrival
from nats.aio.msg import Msg

pytestmark = pytest.mark.integration


async def test_messages_are_handled_in_the_clients_reading_task_in_order(nc) -> None:  # noqa: ANN001
    subject = f"tests.arrival.{uuid.uuid4().hex}"
    seen: list[tuple[bytes, asyncio.Task | None]] = []
    done = asyncio.Event()

    def handle(msg: Msg) -> None:
        seen.append((msg.data, asyncio.current_task()))
        if len(seen) == 200:
            done.set()

    subscription = await subscribe_on_arrival(nc, subject, handle)
    for n in range(200):
        await nc.publish(subject, str(n).encode())
    async with asyncio.timeout(5):
        await done.wait()
    assert [data for data, _ in seen] == [str(n).encode() for n in range(200)]
    assert {task for _, task in seen} == {nc._reading_task}  # handed on as read: no task of the subscription's
    assert subscription.pending_msgs == 0
    assert subscription._wait_for_msgs_task is None


async def test_more_than_the_pending_limit_never_makes_a_slow_consumer(nats_url) -> None:  # noqa: ANN001
    import nats

    errors: list[Exception] = []

    async def on_error(error: Exception) -> None:
        errors.append(error)

    nc = await nats.connect(nats_url, error_cb=on_error)
    try:
        subject = f"tests.arrival.{uuid.uuid4().hex}"
        got = 0
        done = asyncio.Event()

        def handle(msg: Msg) -> None:
            nonlocal got
            got += 1
            if got == 40:
                done.set()

        subscription = await subscribe_on_arrival(nc, subject, handle)
        subscription._pending_bytes_limit = 4 * 1024 * 1024  # nats-py's default is 64 MiB: 40 × 512 KiB over 4
        payload = b"x" * (512 * 1024)
        for _ in range(40):
            await nc.publish(subject, payload)
        async with asyncio.timeout(10):
            await done.wait()
        assert errors == []
        assert subscription.pending_bytes == 0
    finally:
        await nc.close()


async def test_a_failing_handler_leaves_the_connection_reading(nc) -> None:  # noqa: ANN001
    subject = f"tests.arrival.{uuid.uuid4().hex}"
    handled: list[bytes] = []
    both = asyncio.Event()

    def handle(msg: Msg) -> None:
        if msg.data == b"bad":
            raise ValueError("a bug in a handler")
        handled.append(msg.data)
        if len(handled) == 2:
            both.set()

    await subscribe_on_arrival(nc, subject, handle)
    for data in (b"one", b"bad", b"two"):
        await nc.publish(subject, data)
    async with asyncio.timeout(5):
        await both.wait()
    assert handled == [b"one", b"two"]
    assert nc.is_connected


async def test_a_queue_group_shares_the_messages_and_unsubscribing_stops_them(nc) -> None:  # noqa: ANN001
    subject = f"tests.arrival.{uuid.uuid4().hex}"
    first: list[bytes] = []
    second: list[bytes] = []
    a = await subscribe_on_arrival(nc, subject, lambda msg: first.append(msg.data), queue="group")
    await subscribe_on_arrival(nc, subject, lambda msg: second.append(msg.data), queue="group")
    for n in range(100):
        await nc.publish(subject, str(n).encode())
    await nc.flush()
    await asyncio.sleep(0.1)
    assert sorted(first + second, key=int) == [str(n).encode() for n in range(100)]  # each once
    await a.unsubscribe()
    second.clear()
    first.clear()
    for n in range(10):
        await nc.publish(subject, str(n).encode())
    await nc.flush()
    await asyncio.sleep(0.1)
    assert first == [] and len(second) == 10
