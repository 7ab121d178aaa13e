"""A flood limit counted while the limits bucket (ECHO_LIMITS) is between leaders, a NATS server lost: its
reads and writes are refused "temporarily unavailable" (503), find no responders or no stream, or are not
answered. Each is asked again; the request is then counted (or refused 429 when the limit is full), and when
the election outlasts the store's patience the request is answered 503 with `Retry-After` — never a 500.

The bucket here is a deterministic fake: a scripted run of refusals stands for the election."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import pytest
from echo_gateway.flood_limits import FloodLimits, Limited, Rule
from echo_gateway.routes import create_guest_session
from echo_gateway.store_unavailable import STORE_HANDLERS
from echo_runtime import elections
from litestar import Litestar
from litestar.datastructures import State
from litestar.testing import AsyncTestClient
from nats.errors import NoRespondersError
from nats.js.errors import KeyNotFoundError, KeyWrongLastSequenceError, NoStreamResponseError, ServiceUnavailableError

pytestmark = pytest.mark.unit

RULE = Rule("test.client", 3, 600)
ANSWERED = "answered"  # a call met after the election, or before it
SILENT = "silent"  # an attempt the bucket never answers
LANDED_SILENTLY = "landed silently"  # a write that is stored, but its answer is lost


@pytest.fixture(autouse=True)
def brief_election(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(elections, "STORE_TRY", 0.05)
    monkeypatch.setattr(elections, "RETRY_PAUSE", 0.01)
    monkeypatch.setattr(elections, "STORE_PATIENCE", 30.0)  # a scripted election ends well before it


class MidWindow:
    """A clock in the middle of the rule's window, so that every check counts on one key."""

    def now(self) -> datetime:
        return datetime(2026, 12, 6, 12, 5, tzinfo=UTC)


def election_refusals() -> list[Any]:
    return [ServiceUnavailableError(code=503, err_code=10008, description="JetStream system temporarily unavailable"),
            NoRespondersError(), SILENT, NoStreamResponseError()]


class ElectingLimits:
    """A key-value bucket with compare-and-set; the next calls meet the scripted `refusals` in turn."""

    def __init__(self) -> None:
        self.values: dict[str, tuple[bytes, int]] = {}  # key -> (value, revision)
        self.revision = 0
        self.refusals: list[Any] = []
        self.calls: list[str] = []

    async def _election(self, operation: str) -> bool:
        """Whether the call is stored and answered; raises or stays silent while refusals are scripted."""
        self.calls.append(operation)
        if not self.refusals:
            return True
        refusal = self.refusals.pop(0)
        if refusal is ANSWERED:
            return True
        if refusal is SILENT:
            await asyncio.sleep(3600)
        if refusal is LANDED_SILENTLY:
            return False
        raise refusal

    def _store(self, key: str, value: bytes) -> int:
        self.revision += 1
        self.values[key] = (value, self.revision)
        return self.revision

    async def get(self, key: str) -> SimpleNamespace:
        await self._election("get")
        if key not in self.values:
            raise KeyNotFoundError
        value, revision = self.values[key]
        return SimpleNamespace(value=value, revision=revision)

    async def create(self, key: str, value: bytes) -> int:
        answered = await self._election("create")
        if key in self.values:
            raise KeyWrongLastSequenceError
        revision = self._store(key, value)
        if not answered:
            await asyncio.sleep(3600)
        return revision

    async def update(self, key: str, value: bytes, last: int) -> int:
        answered = await self._election("update")
        if self.values[key][1] != last:
            raise KeyWrongLastSequenceError
        revision = self._store(key, value)
        if not answered:
            await asyncio.sleep(3600)
        return revision

    def count(self) -> int:
        [(value, _)] = self.values.values()
        return int(value)


def limits_on(bucket: ElectingLimits) -> FloodLimits:
    limits = FloodLimits(MidWindow())
    limits.start(bucket)  # type: ignore[arg-type]
    return limits


async def check(limits: FloodLimits) -> None:
    await limits.check(None, (RULE, "client-1"))  # type: ignore[arg-type] - a key given: no request read


async def test_requests_counted_during_an_election_are_each_counted_once_it_ends() -> None:
    bucket = ElectingLimits()
    limits = limits_on(bucket)
    bucket.refusals = [ANSWERED, *election_refusals()]  # the first request: its counter's creation
    await check(limits)
    assert bucket.count() == 1
    bucket.refusals = election_refusals()  # the second: its read of the counter
    await check(limits)
    assert bucket.count() == 2
    bucket.refusals = [ANSWERED, *election_refusals()]  # the third: its raise of the counter
    await check(limits)
    assert bucket.count() == 3
    bucket.refusals = election_refusals()
    with pytest.raises(Limited):  # the limit holds through the election
        await check(limits)
    assert bucket.count() == 3 and not bucket.refusals


async def test_a_write_whose_answer_was_lost_errs_on_the_side_of_the_limit() -> None:
    bucket = ElectingLimits()
    limits = limits_on(bucket)
    bucket.refusals = [ANSWERED, LANDED_SILENTLY]  # the creation is stored, but its answer lost
    await check(limits)
    assert bucket.count() == 2  # counted twice, never lost
    assert bucket.calls == ["get", "create", "create", "get", "update"]


async def test_an_election_longer_than_the_patience_is_a_503_to_send_again_never_a_500(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(elections, "STORE_PATIENCE", 0.3)
    bucket = ElectingLimits()
    bucket.refusals = election_refusals() * 10_000
    app = Litestar(route_handlers=[create_guest_session], exception_handlers=STORE_HANDLERS,
                   state=State({"limits": limits_on(bucket)}))
    async with AsyncTestClient(app) as client:
        response = await client.post("/api/v1/guest")
    assert response.status_code == 503, response.text
    assert int(response.headers["retry-after"]) > 0
    assert response.json()["error"]["code"] == "store_unavailable"
    assert 2 <= len(bucket.calls) < 100 and set(bucket.calls) == {"get"}  # asked again, paused, never counted
