"""Connecting to NATS and making sure the JetStream streams of the contract exist."""

from __future__ import annotations

import nats
import structlog
from echo_events.streams import ALL_STREAMS, StreamSpec
from nats.aio.client import Client
from nats.js import JetStreamContext
from nats.js.api import StorageType, StreamConfig
from nats.js.errors import NotFoundError

log = structlog.get_logger(__name__)


async def connect(url: str, name: str) -> Client:
    """Connect, retrying for ever in the background once connected (the client reconnects by itself)."""
    return await nats.connect(
        servers=[u.strip() for u in url.split(",") if u.strip()],
        name=name,
        max_reconnect_attempts=-1,
        reconnect_time_wait=0.5,
        connect_timeout=3,
        allow_reconnect=True,
    )


def stream_config(spec: StreamSpec) -> StreamConfig:
    return StreamConfig(
        name=spec.name,
        description=spec.description,
        subjects=list(spec.subjects),
        storage=StorageType.FILE,
        max_msgs_per_subject=spec.max_msgs_per_subject,
        deny_delete=spec.deny_delete,
        deny_purge=spec.deny_purge,
        allow_direct=True,
        duplicate_window=spec.duplicate_window_seconds,
        allow_msg_schedules=spec.allow_schedules or None,
    )


async def ensure_streams(js: JetStreamContext, specs: tuple[StreamSpec, ...] = ALL_STREAMS) -> None:
    """Create each stream, or bring an existing one's configuration up to date. Safe to run concurrently."""
    for spec in specs:
        config = stream_config(spec)
        try:
            await js.stream_info(spec.name)
        except NotFoundError:
            try:
                await js.add_stream(config)
                log.info("stream created", stream=spec.name)
                continue
            except nats.js.errors.BadRequestError:
                pass  # another process created it between our two calls
        await js.update_stream(config)
