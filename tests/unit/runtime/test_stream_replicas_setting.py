"""NATS_STREAM_REPLICAS: one setting for every stream's and bucket's copies, 1 when unset (one server)."""

from __future__ import annotations

import pytest
from echo_events.streams import GAMES
from echo_runtime.nats_client import stream_config, stream_replicas

pytestmark = pytest.mark.unit


def test_unset_means_one_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NATS_STREAM_REPLICAS", raising=False)
    assert stream_replicas() == 1


def test_the_setting_reaches_the_stream_config(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NATS_STREAM_REPLICAS", "3")
    assert stream_config(GAMES, stream_replicas()).num_replicas == 3


@pytest.mark.parametrize("wrong", ["0", "6", "three", "-1"])
def test_a_count_jetstream_cannot_keep_is_refused_by_name(monkeypatch: pytest.MonkeyPatch, wrong: str) -> None:
    monkeypatch.setenv("NATS_STREAM_REPLICAS", wrong)
    with pytest.raises(ValueError, match="NATS_STREAM_REPLICAS"):
        stream_replicas()


@pytest.mark.parametrize(("text", "size"), [("8GB", 8 * 1024**3), ("256MB", 256 * 1024**2), ("10G", 10 * 1024**3),
                                           ("1024", 1024), ("200MiB", 200 * 1024**2)])
def test_sizes_read_as_nats_conf_writes_them(text: str, size: int) -> None:
    from echo_runtime.store_usage import parse_size

    assert parse_size(text) == size
