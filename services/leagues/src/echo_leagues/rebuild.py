"""Rebuild every leagues projection from the streams: `python -m echo_leagues.rebuild`.

Stop the leagues service first (its consumers use the same durable names). Then this command:
1. deletes the durable consumers `leagues-accounts`, `leagues-games`, `leagues-daily`, `leagues-weeks`;
2. truncates the leagues tables and deletes the projections' positions, in one transaction;
3. recreates each durable (deliver all: from the stream's first sequence) and drains it with the very
   handlers the service uses, in the order ACCOUNTS, GAMES, DAILY, weeks — account facts before games,
   games before the week results that need them;
4. leaves the durables at the end of their streams, so the restarted service goes on from there.

Every projection is a function of the facts (see groups.py), so the tables come out identical to the
ones the live service built.
"""

from __future__ import annotations

import asyncio
import os
import time

import asyncpg
import structlog
from echo_runtime.consumer import ConsumerSpec, DurableConsumer
from echo_runtime.db import create_pool
from echo_runtime.nats_client import connect_as_operator, ensure_streams
from nats.aio.client import Client
from nats.js import JetStreamContext
from nats.js.errors import NotFoundError

from .projections import CONSUMERS, PROJECTIONS, TABLES, handlers

log = structlog.get_logger(__name__)


async def reset(js: JetStreamContext, pool: asyncpg.Pool) -> None:
    for spec in CONSUMERS:
        try:
            await js.delete_consumer(spec.stream, spec.durable)
        except NotFoundError:
            pass
    async with pool.acquire() as conn, conn.transaction():
        await conn.execute(f"TRUNCATE {', '.join(TABLES)}")
        await conn.execute("DELETE FROM projection_positions WHERE projection = ANY($1::text[])", list(PROJECTIONS))


async def drain(nc: Client, spec: ConsumerSpec, handler, limit_s: float = 600.0) -> int:  # noqa: ANN001
    """Run a fresh durable until it has nothing pending; how many messages it handled."""
    js = nc.jetstream()
    consumer = DurableConsumer(nc, spec, handler)
    task = asyncio.create_task(consumer.run())
    deadline = time.monotonic() + limit_s
    try:
        while True:
            await asyncio.sleep(0.05)
            if task.done():
                task.result()  # re-raise what stopped it
            try:
                info = await js.consumer_info(spec.stream, spec.durable)
            except NotFoundError:
                continue
            if info.num_pending == 0 and info.num_ack_pending == 0:  # a nacked message stays ack-pending
                return consumer.processed
            if time.monotonic() > deadline:
                raise TimeoutError(f"{spec.durable} still has {info.num_pending} pending")
    finally:
        consumer.stop()
        await asyncio.wait_for(task, 10)


async def rebuild(nc: Client, pool: asyncpg.Pool) -> dict[str, int]:
    js = nc.jetstream()
    await reset(js, pool)
    by_durable = handlers(pool, js)
    counts = {}
    for spec in CONSUMERS:
        counts[spec.durable] = await drain(nc, spec, by_durable[spec.durable])
        log.info("replayed", durable=spec.durable, messages=counts[spec.durable])
    return counts


async def main_async() -> dict[str, int]:
    nc = await connect_as_operator(os.environ.get("NATS_URL", "nats://127.0.0.1:4222"), name="leagues-rebuild")
    pool = await create_pool(os.environ.get("DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres"))
    try:
        await ensure_streams(nc.jetstream())
        return await rebuild(nc, pool)
    finally:
        await pool.close()
        await nc.drain()


def main() -> None:
    counts = asyncio.run(main_async())
    for durable, n in counts.items():
        print(f"{durable}: {n} messages replayed")
    print("leagues projections rebuilt")


if __name__ == "__main__":
    main()
