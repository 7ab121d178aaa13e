"""A leagues query published without a reply subject (issue 35, point 9): before, its task failed on
`respond` and left "Task exception was never retrieved" behind; now it is dropped unanswered, and the
service goes on answering."""

from __future__ import annotations

import asyncio
import gc
import json
from typing import Any

import pytest
from echo_leagues.api import QueryApi
from echo_runtime.clock import SystemClock
from echo_runtime.nats_client import connect

pytestmark = pytest.mark.integration


async def test_a_query_without_a_reply_subject_is_dropped_without_an_uncaught_error(private_nats_url: str) -> None:
    loop = asyncio.get_running_loop()
    uncaught: list[dict[str, Any]] = []
    previous = loop.get_exception_handler()
    loop.set_exception_handler(lambda _loop, context: uncaught.append(context))
    nc = await connect(private_nats_url, "tests")
    try:
        api = QueryApi(None, nc, SystemClock())  # type: ignore[arg-type] - neither query reaches the database
        await api.serve(nc)
        for _ in range(3):
            await nc.publish("leagues.q.nosuch", b"{}")  # no reply subject
        answer = await nc.request("leagues.q.nosuch", b"{}", timeout=5)  # answered after the three above
        assert json.loads(answer.data)["error"]["code"] == "bad_request"
        for _ in range(3):
            await asyncio.sleep(0)
        gc.collect()  # an unretrieved task exception is reported when its task is collected
        assert uncaught == []
    finally:
        await nc.drain()
        loop.set_exception_handler(previous)
