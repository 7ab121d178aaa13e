"""On the deployed three-node cluster, the migration (echo-migrate, NATS_STREAM_REPLICAS=3 as the prod overlay
sets it) leaves every stream and key-value bucket with three replicas — one made with a single replica
before, as every stream was until the setting existed, included: it is scaled in place, its messages kept,
and the log says so."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest
import structlog
from echo_events.streams import ALL_BUCKETS, ALL_STREAMS, GAMES, SESSIONS
from echo_runtime import migrate
from echo_runtime.nats_access import OPERATOR
from echo_runtime.nats_client import ensure_streams

from tests.support.nats_cluster import AVAILABLE, Cluster, start_cluster

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(not AVAILABLE, reason="no nats-server in the venv or no openssl")]

T = TypeVar("T")


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    cluster = start_cluster(tmp_path)
    try:
        yield cluster
    finally:
        cluster.stop_all()


async def retrying(action: Callable[[], Awaitable[T]], timeout: float = 30) -> T:
    """A new cluster's meta leader, and a new stream's own, take a moment before they answer."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return await action()
        except Exception:
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.5)


async def test_the_migration_brings_every_stream_and_bucket_to_three_replicas(
        cluster: Cluster, monkeypatch: pytest.MonkeyPatch) -> None:
    await cluster.wait_formed()
    nc = await cluster.operator()
    try:
        js = nc.jetstream()
        # as every deployment had it before the setting: GAMES and the sessions on one server, a game in it
        await retrying(lambda: ensure_streams(js, specs=(GAMES,), buckets=(SESSIONS,), replicas=1))
        assert (await js.stream_info(GAMES.name)).config.num_replicas == 1
        ack = await retrying(lambda: js.publish("echo.game.g1.lifecycle", b"{}", stream=GAMES.name,
                                                headers={"Nats-Msg-Id": "g1-created"}))

        monkeypatch.setenv("NATS_STREAM_REPLICAS", "3")
        monkeypatch.setenv("NATS_OPERATOR_PASSWORD", cluster.passwords[OPERATOR])
        monkeypatch.setenv("NATS_CA_FILE", cluster.ca_file)
        with structlog.testing.capture_logs() as logs:
            await retrying(lambda: migrate.make_streams(cluster.url))

        names = [s.name for s in ALL_STREAMS] + [f"KV_{b.name}" for b in ALL_BUCKETS]
        for name in names:
            info = await js.stream_info(name)
            assert info.config.num_replicas == 3, name
            assert info.cluster is not None and len(info.cluster.replicas or []) == 2, name
        scaled = {(e["stream"], e["replicas_before"], e["replicas"]) for e in logs
                  if e["event"] == "stream replicas changed"}
        assert scaled == {(GAMES.name, 1, 3), (f"KV_{SESSIONS.name}", 1, 3)}

        kept = await retrying(lambda: js.get_msg(GAMES.name, ack.seq))
        assert kept.subject == "echo.game.g1.lifecycle"

        with structlog.testing.capture_logs() as again:  # a second run changes nothing and says nothing
            await migrate.make_streams(cluster.url)
        assert not [e for e in again if e["event"] == "stream replicas changed"]
    finally:
        await nc.close()
