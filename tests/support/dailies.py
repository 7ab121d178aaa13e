"""Helpers for the daily service's integration tests.

The DAILY stream is global state that only grows (deny_delete, deny_purge) and the schedule resumes from
its last message, so each of these tests gets an empty stream: its own nats-server (the harness's
EmbeddedNats, JetStream on, in the test's tmp folder). Everything else is the real thing.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from echo_events.daily import STREAM
from echo_events.envelope import Envelope, decode
from echo_runtime.devstack import EmbeddedNats
from echo_runtime.nats_client import connect, ensure_streams


@pytest.fixture
def own_nats_url(tmp_path: Path) -> Iterator[str]:
    """A nats-server of this test's own: an empty DAILY stream."""
    server = EmbeddedNats(tmp_path / "nats", sync_always=False)
    yield server.start()
    server.stop()


@pytest.fixture
async def own_js(own_nats_url: str) -> AsyncIterator:
    client = await connect(own_nats_url, name="daily-tests")
    js = client.jetstream()
    await ensure_streams(js)
    yield js
    await client.drain()


@dataclass(frozen=True)
class Stored:
    seq: int
    subject: str
    msg_id: str
    envelope: Envelope


async def stored_messages(js) -> list[Stored]:  # noqa: ANN001
    """Every message of the DAILY stream, in order."""
    info = await js.stream_info(STREAM)
    out = []
    for seq in range(info.state.first_seq or 1, info.state.last_seq + 1):
        msg = await js.get_msg(STREAM, seq=seq, direct=True)
        batch = decode(msg.data)
        assert len(batch.events) == 1
        out.append(Stored(seq, msg.subject, (msg.headers or {}).get("Nats-Msg-Id", ""), batch.events[0]))
    return out


async def eventually(check: Callable[[], Awaitable[bool]] | Callable[[], bool], timeout: float = 10.0) -> None:
    for _ in range(int(timeout / 0.02)):
        result = check()
        if asyncio.iscoroutine(result):
            result = await result
        if result:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"never true: {check}")
