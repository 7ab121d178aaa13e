"""JetStream storage in use against its limit, as metrics: every stream's bytes (one copy: each of the servers
holding a replica stores that much) and the file store each server may fill (nats.conf's `max_file_store`,
given to the engine as ECHO_ENGINE_STORE_LIMIT). Past that limit every write fails, for every game:
docs/runbook.md «Storage» has the alert and what to do."""

from __future__ import annotations

import asyncio
import re

from echo_events.streams import ALL_BUCKETS, ALL_STREAMS
from nats.js import JetStreamContext
from nats.js.errors import NotFoundError
from prometheus_client import Gauge

STREAM_BYTES = Gauge("echo_jetstream_stream_bytes", "Bytes a JetStream stream holds (one replica's copy)",
                     ["stream"])
STORE_LIMIT = Gauge("echo_jetstream_store_limit_bytes",
                    "The file store each NATS server may fill (nats.conf max_file_store); every stream's bytes "
                    "together must stay below it, as each server holds a copy of every stream")
INTERVAL = 30.0
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([KMGT]?)I?B?\s*$", re.IGNORECASE)


def parse_size(text: str) -> int:
    """A size as nats.conf writes it ("8GB", "256MB", "10G", or bytes): JetStream's units are powers of 1024."""
    match = _SIZE.match(text)
    if not match:
        raise ValueError(f"not a size: {text!r} (e.g. 8GB)")
    return int(float(match[1]) * 1024 ** "_KMGT".index(match[2].upper() or "_"))


async def sample_store(js: JetStreamContext, limit_bytes: int) -> None:
    """The gauges, every INTERVAL seconds, until cancelled."""
    STORE_LIMIT.set(limit_bytes)
    names = [s.name for s in ALL_STREAMS] + [f"KV_{b.name}" for b in ALL_BUCKETS]
    while True:
        for name in names:
            try:
                STREAM_BYTES.labels(name).set((await js.stream_info(name)).state.bytes)
            except NotFoundError:
                continue
        await asyncio.sleep(INTERVAL)
