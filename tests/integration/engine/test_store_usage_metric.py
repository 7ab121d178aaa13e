"""Operators see JetStream storage in use against its limit (issue 36): the engine's /metrics carries every
stream's bytes and the servers' file-store limit (runbook «Storage» alerts on their ratio)."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

pytestmark = pytest.mark.integration


async def samples(base: str) -> dict[tuple[str, str], float]:
    async with httpx.AsyncClient(base_url=base) as http:
        text = (await http.get("/metrics")).text
    return {(s.name, s.labels.get("stream", "")): s.value
            for family in text_string_to_metric_families(text) for s in family.samples
            if s.name.startswith("echo_jetstream_")}


async def test_the_engine_reports_stream_bytes_against_the_store_limit(engine: str, js) -> None:  # noqa: ANN001
    async with asyncio.timeout(20):
        while ("echo_jetstream_stream_bytes", "GAMES") not in (found := await samples(engine)):  # noqa: ASYNC110
            await asyncio.sleep(0.2)  # the engine samples as soon as it has started
    assert found[("echo_jetstream_store_limit_bytes", "")] == 8 * 1024**3
    games = (await js.stream_info("GAMES")).state.bytes
    assert found[("echo_jetstream_stream_bytes", "GAMES")] <= games  # sampled a moment ago (GAMES only grows)
    assert {"ROOMS", "TIMERS", "KV_ECHO_SESSIONS"} <= {stream for _, stream in found}
