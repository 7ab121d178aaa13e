"""A newcomer's guest is made while a NATS server is lost: the ACCOUNTS stream and the sessions bucket answer
"temporarily unavailable" (503) or nothing while their replicas elect a leader. The gateway asks them again
(the guest's event with the same id: one guest), and when the election outlasts its patience it answers 503
with `Retry-After` and a refusal in both languages — never a server error. A session's check reads the
bucket again the same way."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from echo_gateway.app import create_app
from echo_gateway.flood_limits import FloodLimits
from echo_gateway.identity import TokenSigner
from echo_gateway.routes import create_guest_session
from echo_gateway.sessions import Sessions
from echo_gateway.settings import Settings
from echo_gateway.store_unavailable import STORE_HANDLERS
from echo_runtime import elections
from echo_runtime.clock import SystemClock
from litestar import Litestar
from litestar.datastructures import State
from litestar.testing import AsyncTestClient
from nats.errors import NoRespondersError
from nats.js.api import PubAck
from nats.js.errors import ServiceUnavailableError

from tests.support.openapi import assert_documented

pytestmark = pytest.mark.unit


def unavailable() -> ServiceUnavailableError:
    return ServiceUnavailableError(code=503, err_code=10008, description="JetStream system temporarily unavailable")


class ElectingStore:
    """The ACCOUNTS stream (`publish`) and the sessions bucket (`put`), each refusing its first attempts."""

    def __init__(self, stream_refusals: int, bucket_refusals: int) -> None:
        self.stream_refusals, self.bucket_refusals = stream_refusals, bucket_refusals
        self.published: list[str] = []  # the message id of each attempt
        self.stored: dict[str, bytes] = {}
        self.puts = self.gets = 0

    async def key_value(self, bucket: str) -> ElectingStore:
        return self

    async def publish(self, subject: str, payload: bytes, *, stream: str, headers: dict[str, str],
                      timeout: float) -> PubAck:
        self.published.append(headers["Nats-Msg-Id"])
        if len(self.published) <= self.stream_refusals:
            raise unavailable()
        return PubAck(stream=stream, seq=1)

    async def get(self, key: str) -> SimpleNamespace:
        self.gets += 1
        if self.gets <= self.bucket_refusals:
            raise unavailable()
        return SimpleNamespace(value=self.stored[key])

    async def put(self, key: str, value: bytes) -> int:
        self.puts += 1
        if self.puts <= self.bucket_refusals:
            raise NoRespondersError if self.puts % 2 else unavailable()
        self.stored[key] = value
        return self.puts


async def sessions_in(store: ElectingStore) -> Sessions:
    sessions = Sessions(TokenSigner("s" * 48, max_age_seconds=3600), SystemClock())
    await sessions.start(store)  # type: ignore[arg-type]
    return sessions


async def guest_asked(store: ElectingStore) -> Any:  # noqa: ANN401 - the test client's response
    sessions = await sessions_in(store)

    class Runtime:
        js, clock = store, SystemClock()

    app = Litestar(route_handlers=[create_guest_session], exception_handlers=STORE_HANDLERS,
                   state=State({"runtime": Runtime(), "sessions": sessions,
                                "limits": FloodLimits(SystemClock(), enabled=False)}))
    async with AsyncTestClient(app) as client:
        return await client.post("/api/v1/guest")


async def test_a_guest_asked_during_an_election_is_made_once_it_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(elections, "RETRY_PAUSE", 0.01)
    store = ElectingStore(stream_refusals=3, bucket_refusals=2)
    response = await guest_asked(store)
    assert response.status_code == 201, response.text
    assert len(store.published) == 4 and len(set(store.published)) == 1  # the same event id: one guest
    [session] = store.stored  # the session of the guest made
    assert session.startswith(f"{response.json()['account_id']}.")


async def test_an_election_longer_than_the_patience_is_a_503_to_send_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(elections, "RETRY_PAUSE", 0.01)
    monkeypatch.setattr(elections, "STORE_PATIENCE", 0.2)
    store = ElectingStore(stream_refusals=0, bucket_refusals=10_000)
    response = await guest_asked(store)
    assert response.status_code == 503
    assert int(response.headers["retry-after"]) > 0
    error = response.json()["error"]
    assert error["code"] == "store_unavailable" and error["message"] and error["message_ru"]
    assert 2 <= store.puts < 100  # asked again after a pause, not in a busy loop
    document = create_app(Settings(dev_mode=True)).openapi_schema.to_schema()
    assert_documented(document, "/api/v1/guest", "post", response.json(), 503)  # as a mobile client reads it


async def test_a_session_checked_during_an_election_is_read_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(elections, "RETRY_PAUSE", 0.01)
    store = ElectingStore(stream_refusals=0, bucket_refusals=0)
    sessions = await sessions_in(store)
    issued = await sessions.open("ann", "phone")
    store.bucket_refusals, store.gets = 2, 0  # the bucket's leader lost: its next reads are refused
    assert await sessions.verify(issued.token) == issued.identity
    assert store.gets == 3
