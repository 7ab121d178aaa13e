"""A projection consumer that cannot reach PostgreSQL waits for it with the message in hand, spending none of
its delivery attempts: an outage far longer than all its retries would have lasted (here its retry delays are
made tiny, so that their sum is a fraction of the outage) dead-letters nothing, and once the database is back
every batch is applied once, in order."""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from datetime import UTC, datetime
from pathlib import Path

import asyncpg
import pytest
from echo_events.accounts import GuestCreated
from echo_events.envelope import Batch, decode, encode, wrap
from echo_runtime.consumer import ConsumerSpec, DurableConsumer, dead_letter_subject
from echo_runtime.db import create_pool
from echo_runtime.devstack import EmbeddedPostgres
from echo_runtime.projection import apply_once
from nats.js.errors import NotFoundError
from prometheus_client import REGISTRY

pytestmark = [pytest.mark.integration, pytest.mark.fault]

RETRIES = (0.05, 0.05)  # a poison message is dead-lettered after ~0.1 s of these
OUTAGE = 2.0  # seconds PostgreSQL is down: twenty times that


def batch(stream_id: str, version: int) -> Batch:
    event = GuestCreated(account_id=stream_id, device_id=f"d{version}")
    return Batch(events=(wrap(event, event_id=uuid.uuid4().hex, stream_id=stream_id, version=version,
                              occurred_at=datetime.now(UTC)),))


async def counted(url: str) -> list[int]:
    conn = await asyncpg.connect(url)
    try:
        return [r["version"] for r in await conn.fetch("SELECT version FROM counted ORDER BY n")]
    finally:
        await conn.close()


def waited(durable: str) -> float:
    return REGISTRY.get_sample_value("echo_consumer_database_waits_total", {"durable": durable}) or 0.0


async def until(check, timeout: float = 30) -> None:  # noqa: ANN001
    async with asyncio.timeout(timeout):
        while not await check():  # noqa: ASYNC110 - the projection writes through another connection
            await asyncio.sleep(0.1)


async def test_a_projection_waits_out_a_postgres_outage_and_dead_letters_nothing(nc, js, tmp_path: Path) -> None:  # noqa: ANN001
    postgres = EmbeddedPostgres(tmp_path / "pg")
    url = postgres.start()
    conn = await asyncpg.connect(url)
    await conn.execute("CREATE TABLE counted (n serial PRIMARY KEY, version int NOT NULL)")
    await conn.execute("CREATE TABLE projection_positions (projection text, stream_id text, version bigint, "
                       "PRIMARY KEY (projection, stream_id))")
    await conn.close()
    pool = await create_pool(url)
    run = uuid.uuid4().hex[:8]
    spec = ConsumerSpec(stream="ACCOUNTS", durable=f"test-pgwait-{run}", filter_subject=f"account.pgwait{run}.*",
                        max_deliver=3, backoff=RETRIES, unreachable_pauses=(0.05, 0.2))

    async def project(msg) -> None:  # noqa: ANN001
        async def rows(conn: asyncpg.Connection, b: Batch) -> None:
            await conn.execute("INSERT INTO counted (version) VALUES ($1)", b.events[0].version)

        await apply_once(pool, "counted", decode(msg.data), rows)

    async def publish(version: int) -> None:
        await js.publish(f"account.pgwait{run}.a", encode(batch("a", version)), stream="ACCOUNTS")

    consumer = DurableConsumer(nc, spec, project)
    task = asyncio.create_task(consumer.run())
    try:
        for version in (1, 2):
            await publish(version)
        await until(lambda: _is(counted(url), [1, 2]))

        postgres.stop()
        waits = waited(spec.durable)
        for version in range(3, 8):
            await publish(version)
        await asyncio.sleep(OUTAGE)
        with pytest.raises(NotFoundError):  # what it did before: three attempts in 0.1 s, then dead-lettered
            await js.get_last_msg("DEAD_LETTERS", dead_letter_subject(spec))
        info = await js.consumer_info("ACCOUNTS", spec.durable)
        assert info.num_redelivered == 0  # nothing nacked: no attempt spent
        assert waited(spec.durable) > waits + 3  # it met the outage, and waited with the message in hand

        postgres = EmbeddedPostgres(tmp_path / "pg")
        assert postgres.start() == url
        await until(lambda: _is(counted(url), [1, 2, 3, 4, 5, 6, 7]))
        await asyncio.sleep(0.5)  # nothing more may follow
        assert await counted(url) == [1, 2, 3, 4, 5, 6, 7]  # each batch once, in order
        with pytest.raises(NotFoundError):
            await js.get_last_msg("DEAD_LETTERS", dead_letter_subject(spec))
    finally:
        consumer.stop()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(task, 5)
        await pool.close()
        postgres.stop()


async def _is(rows, expected: list[int]) -> bool:  # noqa: ANN001
    with contextlib.suppress(OSError, asyncpg.PostgresError):
        return await rows == expected
    return False
