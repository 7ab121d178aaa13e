"""Fixtures of the daily service's integration tests.

The DAILY stream is global state that only grows (deny_delete, deny_purge) and the schedule resumes from
its last message, so each of these tests gets an empty stream: a nats-server of its own (the harness's
EmbeddedNats, JetStream on, in the test's tmp folder). Everything else is the real thing.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from echo_runtime.nats_client import connect, ensure_streams


@pytest.fixture
def own_nats_url(private_nats_url: str) -> str:
    """A nats-server of this test's own: an empty DAILY stream."""
    return private_nats_url


@pytest.fixture
async def own_js(own_nats_url: str) -> AsyncIterator:
    client = await connect(own_nats_url, name="daily-tests")
    js = client.jetstream()
    await ensure_streams(js)
    yield js
    await client.drain()
