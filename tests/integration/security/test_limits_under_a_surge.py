"""Limits under a surge (issue 36): a hundred newcomers creating guests at once, each from its own address and
spread over two gateway replicas, are refused only past the global limit's count — never because the
counter's compare-and-set lost under contention (before: 40 concurrent creators, far below every limit, got
429s at random)."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime

import pytest
from echo_events.streams import LIMITS
from echo_gateway.flood_limits import EVERYONE, GUESTS_ALL, GUESTS_PER_CLIENT, FloodLimits, Limited, Rule
from echo_runtime.clock import MovableClock
from echo_runtime.nats_client import connect

pytestmark = pytest.mark.integration

CREATORS = 100


async def surge(nats_url: str, global_rule: Rule) -> list[bool]:
    """CREATORS guests at once, alternating between two replicas (each its own NATS connection): who got in."""
    # the middle of a window of both rules: the test never straddles two windows
    clock = MovableClock(datetime(2026, 12, 6, 12, 5, 30, tzinfo=UTC))
    connections = [await connect(nats_url, name=f"gateway-{i}") for i in range(2)]
    try:
        replicas = []
        for nc in connections:
            limits = FloodLimits(clock)
            limits.start(await nc.jetstream().key_value(LIMITS.name))
            replicas.append(limits)
        run = uuid.uuid4().hex  # this run's own addresses and global counter in the shared bucket

        async def create(i: int) -> bool:
            try:  # the keys are explicit: no request is read
                await replicas[i % 2].check(None, (GUESTS_PER_CLIENT, f"198.51.{run}.{i}"),  # type: ignore[arg-type]
                                            (global_rule, f"{EVERYONE}.{run}"))
                return True
            except Limited:
                return False

        return await asyncio.gather(*(create(i) for i in range(CREATORS)))
    finally:
        for nc in connections:
            await nc.close()


async def test_a_hundred_newcomers_far_below_the_limit_all_get_in(nats_url: str, js) -> None:  # noqa: ANN001
    assert CREATORS < GUESTS_ALL.limit
    admitted = await surge(nats_url, GUESTS_ALL)
    assert admitted.count(False) == 0


async def test_past_its_count_and_only_past_it_the_global_limit_refuses(nats_url: str, js) -> None:  # noqa: ANN001
    small = Rule("guest.all", 60, GUESTS_ALL.window_seconds)
    admitted = await surge(nats_url, small)
    assert admitted.count(True) == small.limit
