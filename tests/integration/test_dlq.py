"""Dead letters: a real poison message is dead-lettered, listed, and — once the handler is fixed —
replayed through the consumer's own handler (or by rewinding the durable), never re-published."""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from datetime import UTC, datetime

import pytest
from echo_events.accounts import GuestCreated
from echo_events.envelope import Batch, encode, wrap
from echo_runtime import dlq
from echo_runtime.consumer import ConsumerSpec, DurableConsumer

from tests.support import dlq_handlers as service

pytestmark = pytest.mark.integration


def batch(stream_id: str) -> bytes:
    event = GuestCreated(account_id=stream_id, device_id="d1")
    return encode(Batch(events=(wrap(event, event_id=uuid.uuid4().hex, stream_id=stream_id, version=1,
                                     occurred_at=datetime.now(UTC)),)))


@pytest.fixture
def fresh_service():  # noqa: ANN201
    service.BROKEN["on"] = True
    service.PROJECTED.clear()
    service.ATTEMPTS.clear()
    yield service
    service.DURABLES.clear()


async def poisoned(nc, run: str) -> tuple[ConsumerSpec, dict[str, int]]:  # noqa: ANN001
    """Publish good1, poison, good2; run the consumer until poison is dead-lettered; stop it."""
    js = nc.jetstream()
    spec = ConsumerSpec(stream="ACCOUNTS", durable=f"dlq-{run}", filter_subject=f"account.dlq{run}.*",
                        max_deliver=2, backoff=(0.05,))
    service.DURABLES.append(spec.durable)
    seqs = {}
    for sid in ("good1", "poison", "good2"):
        seqs[sid] = (await js.publish(f"account.dlq{run}.{sid}", batch(sid), stream="ACCOUNTS")).seq
    await run_consumer(nc, spec, until=lambda: service.PROJECTED == ["good1", "good2"]
                       and service.ATTEMPTS.get("poison") == 2)
    for _ in range(100):
        if await dlq.list_dead_letters(js, "ACCOUNTS", spec.durable):
            break
        await asyncio.sleep(0.05)
    return spec, seqs


async def run_consumer(nc, spec: ConsumerSpec, until) -> None:  # noqa: ANN001
    consumer = DurableConsumer(nc, spec, service.handle)
    task = asyncio.create_task(consumer.run())
    try:
        for _ in range(200):
            if until():
                break
            await asyncio.sleep(0.05)
        else:
            raise AssertionError(f"consumer did not get there: {service.PROJECTED} {service.ATTEMPTS}")
    finally:
        consumer.stop()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(task, 5)


async def test_list_then_replay_through_the_fixed_handler_appends_nothing(nc, js, fresh_service) -> None:  # noqa: ANN001
    run = uuid.uuid4().hex[:8]
    spec, seqs = await poisoned(nc, run)
    [letter] = await dlq.list_dead_letters(js, "ACCOUNTS", spec.durable)
    assert letter.subject == f"account.dlq{run}.poison" and letter.stream_seq == seqs["poison"]
    assert "cannot project this" in letter.error and letter.event_types == ("account.GuestCreated",)
    before = await js.stream_info("ACCOUNTS")

    failed = await dlq.replay(js, "ACCOUNTS", spec.durable, service.handle)  # not fixed yet
    assert [r.ok for r in failed] == [False] and "cannot project this" in failed[0].error
    assert await dlq.list_dead_letters(js, "ACCOUNTS", spec.durable) == [letter]  # still there

    service.BROKEN["on"] = False  # the fix is deployed
    done = await dlq.replay(js, "ACCOUNTS", spec.durable, service.handle)
    assert [r.ok for r in done] == [True]
    assert service.PROJECTED == ["good1", "good2", "poison"]
    assert await dlq.list_dead_letters(js, "ACCOUNTS", spec.durable) == []
    after = await js.stream_info("ACCOUNTS")
    assert after.state.last_seq == before.state.last_seq  # nothing was re-published to the stream
    consumers = [c.name for c in await js.consumers_info("ACCOUNTS")]  # the one-off consumer is gone
    assert not [c for c in consumers if c.startswith("dlq-replay-")]


async def test_the_command_line_lists_and_replays_with_the_services_handlers(nc, js, nats_url, fresh_service,  # noqa: ANN001
                                                                            capsys) -> None:
    run = uuid.uuid4().hex[:8]
    spec, seqs = await poisoned(nc, run)
    base = ["--stream", "ACCOUNTS", "--durable", spec.durable, "--nats", nats_url]
    assert await dlq._main(dlq.parser().parse_args(["list", *base])) == 0
    assert f"account.dlq{run}.poison seq {seqs['poison']}" in capsys.readouterr().out
    assert await dlq._main(dlq.parser().parse_args(["replay", *base])) == 2  # no handler: advice, nothing done
    assert "rewind" in capsys.readouterr().out
    service.BROKEN["on"] = False
    handlers = ["--handlers", "tests.support.dlq_handlers:dlq_handlers", "--seq", str(seqs["poison"])]
    assert await dlq._main(dlq.parser().parse_args(["replay", *base, *handlers])) == 0
    assert "1 replayed, 0 failed" in capsys.readouterr().out
    assert "poison" in service.PROJECTED


async def test_rewind_redelivers_from_the_dead_letter_to_the_restarted_service(nc, js, fresh_service) -> None:  # noqa: ANN001
    run = uuid.uuid4().hex[:8]
    spec, seqs = await poisoned(nc, run)
    service.BROKEN["on"] = False  # the fixed version of the service is about to start
    assert await dlq.rewind(js, "ACCOUNTS", spec.durable) == seqs["poison"]
    assert await dlq.list_dead_letters(js, "ACCOUNTS", spec.durable) == []
    info = await js.consumer_info("ACCOUNTS", spec.durable)
    assert info.config.filter_subject == spec.filter_subject and info.config.max_deliver == spec.max_deliver
    await run_consumer(nc, spec, until=lambda: "poison" in service.PROJECTED)
    assert service.PROJECTED == ["good1", "good2", "poison"]  # good2 came again and changed nothing
    assert service.ATTEMPTS["good1"] == 1 and service.ATTEMPTS["good2"] == 2


async def test_rewind_refuses_while_the_service_is_pulling(nc, js, fresh_service) -> None:  # noqa: ANN001
    run = uuid.uuid4().hex[:8]
    spec, _ = await poisoned(nc, run)
    consumer = DurableConsumer(nc, spec, service.handle)
    task = asyncio.create_task(consumer.run())
    try:
        for _ in range(40):
            if (await js.consumer_info("ACCOUNTS", spec.durable)).num_waiting:
                break
            await asyncio.sleep(0.05)
        with pytest.raises(dlq.ConsumerInUse):
            await dlq.rewind(js, "ACCOUNTS", spec.durable)
    finally:
        consumer.stop()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(task, 5)
    assert len(await dlq.list_dead_letters(js, "ACCOUNTS", spec.durable)) == 1
