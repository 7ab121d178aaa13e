"""Waiting for a service's projections and comparing their tables, for any service."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

import asyncpg
from echo_runtime.consumer import ConsumerSpec


async def caught_up(js, consumers: Iterable[ConsumerSpec], limit_s: float = 15.0) -> None:  # noqa: ANN001
    """Wait until every one of these durables has nothing pending or unacknowledged."""
    deadline = asyncio.get_running_loop().time() + limit_s
    while True:
        pending = 0
        for spec in consumers:
            try:
                info = await js.consumer_info(spec.stream, spec.durable)
            except Exception:  # noqa: BLE001 - not created yet
                pending += 1
                continue
            pending += info.num_pending + info.num_ack_pending
        if pending == 0:
            return
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError(f"consumers still have {pending} messages to handle")
        await asyncio.sleep(0.05)


async def snapshot(pool: asyncpg.Pool, tables: Iterable[str], projections: str) -> dict[str, list[tuple]]:
    """Every row of these tables and the positions of the projections named like `projections`, sorted."""
    found = {}
    for table in tables:
        rows = await pool.fetch(f"SELECT * FROM {table}")
        found[table] = sorted(tuple(r.values()) for r in rows)
    rows = await pool.fetch("SELECT * FROM projection_positions WHERE projection LIKE $1", projections)
    found["projection_positions"] = sorted(tuple(r.values()) for r in rows)
    return found
