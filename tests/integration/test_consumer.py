"""The durable consumer: in-order idempotent projection, retries with backoff, dead letters."""

import asyncio
import contextlib
import uuid
from datetime import UTC, datetime

import asyncpg
import pytest
from echo_events.accounts import GuestCreated
from echo_events.envelope import Batch, decode, encode, wrap
from echo_runtime.consumer import ConsumerSpec, DurableConsumer, dead_letter_subject
from echo_runtime.db import create_pool
from echo_runtime.projection import Outcome, OutOfOrder, apply_monotonic, apply_once
from nats.js.api import AckPolicy, ConsumerConfig

pytestmark = pytest.mark.integration


def batch(stream_id: str, version: int) -> Batch:
    event = GuestCreated(account_id=stream_id, device_id=f"d{version}")
    return Batch(events=(wrap(event, event_id=uuid.uuid4().hex, stream_id=stream_id, version=version,
                              occurred_at=datetime.now(UTC)),))


async def count_rows(conn: asyncpg.Connection, batch_: Batch) -> None:
    await conn.execute("INSERT INTO counted (stream_id, version) VALUES ($1, $2)",
                       batch_.events[0].stream_id, batch_.events[0].version)


async def test_apply_once_skips_repeats_and_refuses_gaps(fresh_database: str) -> None:
    pool = await create_pool(fresh_database)
    try:
        await pool.execute("CREATE TABLE counted (stream_id text, version int)")
        sid = uuid.uuid4().hex
        assert await apply_once(pool, "p", batch(sid, 1), count_rows) is Outcome.APPLIED
        assert await apply_once(pool, "p", batch(sid, 1), count_rows) is Outcome.DUPLICATE
        with pytest.raises(OutOfOrder, match="at version 1, batch starts at 3"):
            await apply_once(pool, "p", batch(sid, 3), count_rows)
        assert await apply_once(pool, "p", batch(sid, 2), count_rows) is Outcome.APPLIED
        assert await pool.fetchval("SELECT count(*) FROM counted") == 2
    finally:
        await pool.close()


async def test_apply_monotonic_accepts_gaps_but_not_a_later_fact_before_the_first(fresh_database: str) -> None:
    pool = await create_pool(fresh_database)
    try:
        await pool.execute("CREATE TABLE counted (stream_id text, version int)")
        sid = uuid.uuid4().hex
        with pytest.raises(OutOfOrder, match="before its first"):
            await apply_monotonic(pool, "m", batch(sid, 4), count_rows, require_first=True)
        assert await apply_monotonic(pool, "m", batch(sid, 1), count_rows, require_first=True) is Outcome.APPLIED
        assert await apply_monotonic(pool, "m", batch(sid, 4), count_rows, require_first=True) is Outcome.APPLIED
        assert await apply_monotonic(pool, "m", batch(sid, 1), count_rows, require_first=True) is Outcome.DUPLICATE
        assert await apply_monotonic(pool, "m", batch(sid, 3), count_rows, require_first=True) is Outcome.DUPLICATE
        assert await pool.fetchval("SELECT count(*) FROM counted") == 2
    finally:
        await pool.close()


async def test_a_failing_message_is_retried_then_dead_lettered_and_the_rest_flow(nc, js) -> None:  # noqa: ANN001
    run = uuid.uuid4().hex[:8]
    spec = ConsumerSpec(stream="ACCOUNTS", durable=f"test-dlq-{run}", filter_subject=f"account.dlq{run}.*",
                        max_deliver=3, backoff=(0.05, 0.05))
    attempts: dict[str, int] = {}
    handled: list[str] = []

    async def handler(msg) -> None:  # noqa: ANN001
        sid = decode(msg.data).events[0].stream_id
        attempts[sid] = attempts.get(sid, 0) + 1
        if sid == "poison":
            raise ValueError("cannot project this")
        handled.append(sid)

    for sid in ("good1", "poison", "good2"):
        await js.publish(f"account.dlq{run}.{sid}", encode(batch(sid, 1)), stream="ACCOUNTS")
    consumer = DurableConsumer(nc, spec, handler)
    task = asyncio.create_task(consumer.run())
    try:
        for _ in range(200):
            if attempts.get("poison", 0) >= 3 and len(handled) == 2:
                break
            await asyncio.sleep(0.05)
        dead = await _wait_dead_letter(js, dead_letter_subject(spec))
    finally:
        consumer.stop()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(task, 5)
    assert handled == ["good1", "good2"]
    assert attempts["poison"] == 3
    assert decode(dead.data).events[0].stream_id == "poison"
    assert "cannot project this" in dead.headers["Echo-Dlq-Error"]
    assert dead.headers["Echo-Dlq-Subject"] == f"account.dlq{run}.poison"


async def _wait_dead_letter(js, subject: str):  # noqa: ANN001, ANN202
    from nats.js.errors import NotFoundError

    for _ in range(100):
        with contextlib.suppress(NotFoundError):
            return await js.get_last_msg("DEAD_LETTERS", subject)
        await asyncio.sleep(0.05)
    raise AssertionError("nothing was dead-lettered")


async def test_a_durable_whose_filter_changed_reads_the_new_subjects(nc, js) -> None:  # noqa: ANN001
    """A durable left by an older release with another filter is brought up to date, not silently bound to
    the old one (pull_subscribe alone would keep the old filter and never see the new subjects)."""
    run = uuid.uuid4().hex[:8]
    old = ConsumerSpec(stream="ACCOUNTS", durable=f"test-refilter-{run}", filter_subject=f"account.old{run}.*")
    await js.add_consumer("ACCOUNTS", ConsumerConfig(durable_name=old.durable, filter_subject=old.filter_subject,
                                                     ack_policy=AckPolicy.EXPLICIT))
    new = ConsumerSpec(stream="ACCOUNTS", durable=old.durable, filter_subject=f"account.new{run}.*")
    await js.publish(f"account.old{run}.a", encode(batch("old", 1)), stream="ACCOUNTS")
    await js.publish(f"account.new{run}.b", encode(batch("new", 1)), stream="ACCOUNTS")
    seen: list[str] = []
    done = asyncio.Event()

    async def handler(msg) -> None:  # noqa: ANN001
        seen.append(decode(msg.data).events[0].stream_id)
        done.set()

    consumer = DurableConsumer(nc, new, handler)
    task = asyncio.create_task(consumer.run())
    try:
        await asyncio.wait_for(done.wait(), 10)
        await asyncio.sleep(0.3)  # nothing else may follow
    finally:
        consumer.stop()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(task, 5)
    assert seen == ["new"]
    assert (await js.consumer_info("ACCOUNTS", old.durable)).config.filter_subject == new.filter_subject
