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

import asyncpg
import structlog
from echo_runtime.rebuild import drain, reset, run_rebuild
from nats.aio.client import Client

from .projections import CONSUMERS, PROJECTIONS, TABLES, handlers

log = structlog.get_logger(__name__)


async def rebuild(nc: Client, pool: asyncpg.Pool) -> dict[str, int]:
    js = nc.jetstream()
    await reset(js, pool, CONSUMERS, TABLES, PROJECTIONS)
    by_durable = handlers(pool, js)
    counts = {}
    for spec in CONSUMERS:
        counts[spec.durable] = await drain(nc, spec, by_durable[spec.durable])
        log.info("replayed", durable=spec.durable, messages=counts[spec.durable])
    return counts


def main() -> None:
    run_rebuild("leagues", rebuild)


if __name__ == "__main__":
    main()
