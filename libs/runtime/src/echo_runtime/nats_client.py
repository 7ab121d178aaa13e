"""Connecting to NATS and making sure the JetStream streams of the contract exist."""

from __future__ import annotations

import nats
import structlog
from echo_events.streams import ALL_BUCKETS, ALL_STREAMS, BucketSpec, StreamSpec
from nats.aio.client import Client
from nats.js import JetStreamContext
from nats.js.api import KeyValueConfig, StorageType, StreamConfig
from nats.js.errors import BucketNotFoundError, NotFoundError

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
    )


async def ensure_streams(js: JetStreamContext, specs: tuple[StreamSpec, ...] = ALL_STREAMS,
                         buckets: tuple[BucketSpec, ...] = ALL_BUCKETS) -> None:
    """Create each stream, or bring an existing one's configuration up to date; create each key-value
    bucket that is missing. Safe to run concurrently."""
    for bucket in buckets:
        await ensure_bucket(js, bucket)
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


async def ensure_bucket(js: JetStreamContext, spec: BucketSpec) -> None:
    try:
        await js.key_value(spec.name)
    except BucketNotFoundError:
        await js.create_key_value(KeyValueConfig(bucket=spec.name, description=spec.description, history=1,
                                                 ttl=spec.ttl_seconds, storage=StorageType.FILE))
        log.info("bucket created", bucket=spec.name)
