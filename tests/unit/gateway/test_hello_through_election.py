"""A device's hello while a NATS server is lost: the sessions bucket answers "temporarily unavailable" (503)
while its replicas elect a leader. The hello's session is read again until it is answered; when the election
outlasts the store's patience the device is told `store_unavailable` with when to come back, and the socket
closes with "try again later" (1013) — not a bare close, and not the 4401 that would make it drop its token."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import orjson
import pytest
from echo_gateway.engine_client import Holders
from echo_gateway.identity import TokenSigner
from echo_gateway.sessions import Issued, Sessions
from echo_gateway.ws.connection import TRY_AGAIN_LATER_CLOSE_CODE, Connection
from echo_gateway.ws.hub import Hub
from echo_gateway.ws.sign_outs import SignOuts
from echo_runtime import elections
from echo_runtime.clock import SystemClock
from nats.js.errors import ServiceUnavailableError

pytestmark = pytest.mark.unit


@pytest.fixture(autouse=True)
def brief_patience(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(elections, "RETRY_PAUSE", 0.01)
    monkeypatch.setattr(elections, "STORE_PATIENCE", 0.2)


class ElectingBucket:
    """The sessions bucket; the reads numbered in `refused` (from 1) are told it is temporarily unavailable."""

    def __init__(self) -> None:
        self.stored: dict[str, bytes] = {}
        self.refused: range = range(0)
        self.gets = 0

    async def key_value(self, bucket: str) -> ElectingBucket:
        return self

    async def put(self, key: str, value: bytes) -> int:
        self.stored[key] = value
        return len(self.stored)

    async def get(self, key: str) -> SimpleNamespace:
        self.gets += 1
        if self.gets in self.refused:
            raise ServiceUnavailableError(code=503, err_code=10008, description="temporarily unavailable")
        return SimpleNamespace(value=self.stored[key])


class Device:
    """The device's end of the socket: it says hello, then goes away."""

    def __init__(self, token: str) -> None:
        self.frames: list[dict[str, Any]] = [
            {"type": "websocket.receive", "text": orjson.dumps({"type": "hello", "v": 2, "token": token}).decode()},
            {"type": "websocket.disconnect"}]
        self.heard: list[dict[str, Any]] = []
        self.closed: int | None = None

    async def accept(self) -> None:
        pass

    async def receive(self) -> dict[str, Any]:
        return self.frames.pop(0)

    async def send_text(self, text: str) -> None:
        self.heard.append(orjson.loads(text))

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed = code


class Updates:
    """The NATS connection's part a device's session uses: its account's updates, never any here."""

    async def subscribe(self, subject: str, cb: Any) -> Updates:  # noqa: ANN401 - the callback
        return self

    async def unsubscribe(self) -> None:
        pass


async def signed_in() -> tuple[ElectingBucket, Sessions, Issued]:
    bucket = ElectingBucket()
    sessions = Sessions(TokenSigner("s" * 48, max_age_seconds=3600), SystemClock())
    await sessions.start(bucket)  # type: ignore[arg-type]
    return bucket, sessions, await sessions.open("ann", "phone")


async def connected(sessions: Sessions, issued: Issued) -> Device:
    device = Device(issued.token)
    await Connection(device, Updates(), sessions, Hub(), Holders(), SignOuts()).run()  # type: ignore[arg-type]
    return device


async def test_a_hello_during_an_election_is_welcomed_once_the_session_is_read() -> None:
    bucket, sessions, issued = await signed_in()
    bucket.refused = range(1, 3)
    device = await connected(sessions, issued)
    assert [frame["type"] for frame in device.heard] == ["welcome"]
    assert device.heard[0]["account_id"] == "ann" and bucket.gets == 4  # two refused, the hello's, the recheck


async def test_a_hello_past_the_patience_is_told_to_come_back_not_closed_bare() -> None:
    bucket, sessions, issued = await signed_in()
    bucket.refused = range(1, 10_000)
    device = await connected(sessions, issued)
    [refusal] = device.heard
    assert refusal["type"] == "error" and refusal["code"] == "store_unavailable" and refusal["message"]
    assert refusal["retry_after"] > 0
    assert device.closed == TRY_AGAIN_LATER_CLOSE_CODE != 4401  # the device keeps its session
    assert 2 <= bucket.gets < 100  # read again after a pause, not in a busy loop


async def test_a_recheck_after_the_welcome_past_the_patience_is_the_same_refusal() -> None:
    bucket, sessions, issued = await signed_in()
    bucket.refused = range(2, 10_000)  # the hello's read answered, the check that follows the welcome not
    device = await connected(sessions, issued)
    assert [frame["type"] for frame in device.heard] == ["welcome", "error"]
    assert device.heard[1]["code"] == "store_unavailable" and device.closed == TRY_AGAIN_LATER_CLOSE_CODE
