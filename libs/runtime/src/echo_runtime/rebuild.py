"""Rebuilding a service's projections from the streams: delete its durables and its rows, then replay each
durable from the first sequence with the very handlers the service uses. The service must be stopped first
(its consumers use the same durable names); the durables are left at the end of their streams, so the
restarted service goes on from there."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Awaitable, Callable, Iterable

import asyncpg
from nats.aio.client import Client
from nats.js import JetStreamContext
from nats.js.errors import NotFoundError

from .consumer import ConsumerSpec, DurableConsumer, Handler
from .db import create_pool
from .nats_client import connect_as_operator, ensure_streams

Rebuild = Callable[[Client, asyncpg.Pool], Awaitable[dict[str, int]]]


async def reset(js: JetStreamContext, pool: asyncpg.Pool, consumers: Iterable[ConsumerSpec], tables: Iterable[str],
                projections: Iterable[str]) -> None:
    """Delete the durables; empty the tables and forget the projections' positions, in one transaction."""
    for spec in consumers:
        try:
            await js.delete_consumer(spec.stream, spec.durable)
        except NotFoundError:
            pass
    async with pool.acquire() as conn, conn.transaction():
        await conn.execute(f"TRUNCATE {', '.join(tables)}")
        await conn.execute("DELETE FROM projection_positions WHERE projection = ANY($1::text[])", list(projections))


async def drain(nc: Client, spec: ConsumerSpec, handler: Handler, limit_s: float = 600.0) -> int:
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


async def rebuild_from_environment(name: str, rebuild: Rebuild) -> dict[str, int]:
    """A service's `python -m <service>.rebuild`: NATS as the operator, the database of DATABASE_URL."""
    nc = await connect_as_operator(os.environ.get("NATS_URL", "nats://127.0.0.1:4222"), name=name)
    pool = await create_pool(os.environ.get("DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres"))
    try:
        await ensure_streams(nc.jetstream())
        return await rebuild(nc, pool)
    finally:
        await pool.close()
        await nc.drain()


def run_rebuild(service: str, rebuild: Rebuild) -> None:
    """Rebuild, then say how many messages each durable replayed."""
    for durable, n in asyncio.run(rebuild_from_environment(f"{service}-rebuild", rebuild)).items():
        print(f"{durable}: {n} messages replayed")
    print(f"{service} projections rebuilt")
