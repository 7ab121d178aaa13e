"""Connecting to NATS and making sure the JetStream streams of the contract exist."""

from __future__ import annotations

import asyncio
import os
import ssl

import nats
import structlog
from echo_events.streams import ALL_BUCKETS, ALL_STREAMS, BucketSpec, StreamSpec
from nats.aio.client import Client
from nats.js import JetStreamContext
from nats.js.api import KeyValueConfig, StorageType, StreamConfig
from nats.js.errors import BucketNotFoundError, NotFoundError

from .nats_access import OPERATOR, inbox_prefix

log = structlog.get_logger(__name__)


async def connect(url: str, name: str, *, user: str | None = None, password: str | None = None,
                  ca_file: str | None = None, attempts: int = -1) -> Client:
    """Connect, retrying for ever in the background once connected (the client reconnects by itself), or
    only `attempts` times per server (a one-off job that should fail, not hang, on a wrong password).
    With a password, as `user`; with a CA file, over TLS verified against it. Replies come back under the
    user's own inbox prefix, the only one its permissions let it hear (echo_runtime.nats_access)."""
    credentials = {"user": user or name, "password": password} if password else {}
    tls = {"tls": ssl.create_default_context(cafile=ca_file)} if ca_file else {}
    return await nats.connect(
        servers=[u.strip() for u in url.split(",") if u.strip()],
        name=name,
        inbox_prefix=inbox_prefix(user or name),
        **credentials,
        **tls,
        max_reconnect_attempts=attempts,
        reconnect_time_wait=0.5,
        connect_timeout=3,
        allow_reconnect=True,
    )


async def connect_as_operator(url: str, name: str, *, attempts: int = 5) -> Client:
    """The operator's tools (echo-migrate, echo_runtime.dlq, echo_leagues.rebuild) as the NATS `operator`
    user: NATS_OPERATOR_PASSWORD and NATS_CA_FILE from the environment, as the echo-migrate Job sets them;
    without a password, a local server's anonymous operator (dev stack, tests)."""
    return await connect(url, name, user=OPERATOR, password=os.environ.get("NATS_OPERATOR_PASSWORD") or None,
                         ca_file=os.environ.get("NATS_CA_FILE") or None, attempts=attempts)


#: The operator's one setting for how many servers keep a copy of every stream and bucket: 1 for a single
#: server (`make run`, the tests), 3 on the deployed 3-node cluster (echo-common's NATS_STREAM_REPLICAS,
#: which the echo-migrate Job reads). At 1, losing that server's disk loses every game.
REPLICAS_VARIABLE = "NATS_STREAM_REPLICAS"
MAX_REPLICAS = 5  # JetStream's own bound


def stream_replicas() -> int:
    text = os.environ.get(REPLICAS_VARIABLE, "").strip() or "1"
    if not text.isdigit() or not 1 <= int(text) <= MAX_REPLICAS:
        raise ValueError(f"{REPLICAS_VARIABLE} must be a whole number from 1 to {MAX_REPLICAS}, not {text!r}")
    return int(text)


def stream_config(spec: StreamSpec, replicas: int = 1) -> StreamConfig:
    return StreamConfig(
        name=spec.name,
        num_replicas=replicas,
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


async def ensure_streams(js: JetStreamContext, specs: tuple[StreamSpec, ...] = ALL_STREAMS,
                         buckets: tuple[BucketSpec, ...] = ALL_BUCKETS, replicas: int | None = None) -> None:
    """Create each stream, or bring an existing one's configuration up to date; create each key-value
    bucket that is missing. Every one gets `replicas` copies (default: the NATS_STREAM_REPLICAS setting):
    an existing stream or bucket with another count is scaled by an update, which JetStream carries out
    in place (the new replicas catch up from the leader). Safe to run concurrently."""
    replicas = stream_replicas() if replicas is None else replicas
    for bucket in buckets:
        await ensure_bucket(js, bucket, replicas)
    for spec in specs:
        config = stream_config(spec, replicas)
        try:
            before = await js.stream_info(spec.name)
        except NotFoundError:
            try:
                await js.add_stream(config)
                log.info("stream created", stream=spec.name, replicas=replicas)
                continue
            except nats.js.errors.BadRequestError:
                before = await js.stream_info(spec.name)  # another process created it between our two calls
        await js.update_stream(config)
        _log_scaled(spec.name, before.config.num_replicas, replicas)


async def ensure_bucket(js: JetStreamContext, spec: BucketSpec, replicas: int = 1) -> None:
    try:
        await js.key_value(spec.name)
    except BucketNotFoundError:
        try:
            await js.create_key_value(KeyValueConfig(bucket=spec.name, description=spec.description, history=1,
                                                     ttl=spec.ttl_seconds, storage=StorageType.FILE,
                                                     replicas=replicas))
            log.info("bucket created", bucket=spec.name, replicas=replicas)
            return
        except nats.js.errors.BadRequestError:
            pass  # another process created it between our two calls
    stream = f"KV_{spec.name}"
    config = (await js.stream_info(stream)).config
    if config.num_replicas != replicas:
        before, config.num_replicas = config.num_replicas, replicas
        await js.update_stream(config)
        _log_scaled(stream, before, replicas)


def _log_scaled(stream: str, before: int | None, after: int) -> None:
    if (before or 1) != after:
        log.warning("stream replicas changed", stream=stream, replicas_before=before or 1, replicas=after)


async def wait_for_streams(js: JetStreamContext, specs: tuple[StreamSpec, ...] = ALL_STREAMS,
                           buckets: tuple[BucketSpec, ...] = ALL_BUCKETS) -> None:
    """Wait until every stream and bucket exists: the operator makes them (`ensure_streams`, run by the
    dev stack, the test harness and production's echo-migrate Job), a service may not."""
    names = [spec.name for spec in specs] + [f"KV_{spec.name}" for spec in buckets]
    delay = 0.1
    for name in names:
        while True:
            try:
                await js.stream_info(name)
                break
            except NotFoundError:
                log.warning("waiting for the operator to create a stream", stream=name, retry_in=delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)
