"""A sign-out while a NATS server is lost: the sessions bucket answers "temporarily unavailable" (503) or
nothing while its replicas elect a leader. The gateway removes the session again (a second removal is
harmless) and lists the account's devices again, and when the election outlasts its patience it answers 503
with `Retry-After` and a refusal in both languages — never a server error."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from echo_gateway.identity import TokenSigner
from echo_gateway.routes import resolve_session
from echo_gateway.session_routes import SESSION_ROUTES
from echo_gateway.sessions import Sessions
from echo_gateway.store_unavailable import STORE_HANDLERS
from echo_runtime import elections
from echo_runtime.clock import SystemClock
from litestar import Litestar
from litestar.datastructures import State
from litestar.testing import AsyncTestClient
from nats.errors import NoRespondersError
from nats.js.errors import KeyNotFoundError, ServiceUnavailableError

pytestmark = pytest.mark.unit


@pytest.fixture(autouse=True)
def brief_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(elections, "RETRY_PAUSE", 0.01)


def unavailable() -> ServiceUnavailableError:
    return ServiceUnavailableError(code=503, err_code=10008, description="JetStream system temporarily unavailable")


class Listing:
    """A watcher of the bucket's entries as they are now, then its end (None)."""

    def __init__(self, entries: list[SimpleNamespace]) -> None:
        self.entries: list[SimpleNamespace | None] = [*entries, None]
        self.stopped = False

    def __aiter__(self) -> Listing:
        return self

    async def __anext__(self) -> SimpleNamespace | None:
        return self.entries.pop(0)

    async def stop(self) -> None:
        self.stopped = True


class ElectingBucket:
    """The sessions bucket, whose next reads, removals and listings are refused as many times as it is told."""

    def __init__(self) -> None:
        self.stored: dict[str, bytes] = {}
        self.purge_refusals = self.watch_refusals = self.get_refusals = 0
        self.purges: list[str] = []
        self.listings: list[Listing] = []

    async def key_value(self, bucket: str) -> ElectingBucket:
        return self

    async def get(self, key: str) -> SimpleNamespace:
        if self.get_refusals:
            self.get_refusals -= 1
            raise unavailable()
        if key not in self.stored:
            raise KeyNotFoundError
        return SimpleNamespace(value=self.stored[key])

    async def put(self, key: str, value: bytes) -> int:
        self.stored[key] = value
        return len(self.stored)

    async def purge(self, key: str) -> bool:
        self.purges.append(key)
        if self.purge_refusals:
            self.purge_refusals -= 1
            raise unavailable()
        self.stored.pop(key, None)
        return True

    async def watch(self, keys: str, ignore_deletes: bool = False) -> Listing:
        if self.watch_refusals:
            self.watch_refusals -= 1
            raise NoRespondersError
        prefix = keys.removesuffix("*")
        listing = Listing([SimpleNamespace(key=k, value=v) for k, v in self.stored.items() if k.startswith(prefix)])
        self.listings.append(listing)
        return listing


async def sessions_in(bucket: ElectingBucket) -> Sessions:
    sessions = Sessions(TokenSigner("s" * 48, max_age_seconds=3600), SystemClock())
    await sessions.start(bucket)  # type: ignore[arg-type]
    return sessions


async def test_a_device_signed_out_during_an_election_is_removed_once_it_ends() -> None:
    bucket = ElectingBucket()
    sessions = await sessions_in(bucket)
    here = await sessions.open("ann", "phone")
    bucket.purge_refusals = 2
    assert await sessions.revoke("ann", here.identity.session_id)
    assert len(bucket.purges) == 3 and not bucket.stored
    assert not await sessions.is_open(here.identity)


async def test_every_device_signed_out_during_an_election_is_listed_and_removed_again() -> None:
    bucket = ElectingBucket()
    sessions = await sessions_in(bucket)
    here, phone, laptop = [await sessions.open("ann", device) for device in ("tablet", "phone", "laptop")]
    await sessions.open("bob", "phone")
    bucket.watch_refusals, bucket.purge_refusals = 2, 1
    assert await sessions.revoke_all("ann", keep=here.identity.session_id) == 2
    assert [await sessions.is_open(s.identity) for s in (here, phone, laptop)] == [True, False, False]
    assert all(listing.stopped for listing in bucket.listings)


async def asked(sessions: Sessions, method: str, path: str, token: str) -> Any:  # noqa: ANN401 - the response
    app = Litestar(route_handlers=list(SESSION_ROUTES), before_request=resolve_session,
                   exception_handlers=STORE_HANDLERS, state=State({"sessions": sessions}))
    async with AsyncTestClient(app) as client:
        return await client.request(method, path, headers={"authorization": f"Bearer {token}"})


def assert_told_to_send_again(response: Any) -> None:  # noqa: ANN401 - the test client's response
    assert response.status_code == 503, response.text
    assert int(response.headers["retry-after"]) > 0
    error = response.json()["error"]
    assert error["code"] == "store_unavailable" and error["message"] and error["message_ru"]


async def test_a_sign_out_past_the_patience_is_a_503_to_send_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(elections, "STORE_PATIENCE", 0.2)
    bucket = ElectingBucket()
    sessions = await sessions_in(bucket)
    here = await sessions.open("ann", "phone")
    bucket.purge_refusals = 10_000
    assert_told_to_send_again(await asked(sessions, "DELETE", "/api/v1/sessions/current", here.token))
    assert 2 <= len(bucket.purges) < 100  # asked again after a pause, not in a busy loop
    assert await sessions.is_open(here.identity)  # nothing removed: the device may send it again


async def test_a_token_that_cannot_be_checked_past_the_patience_is_a_503_on_any_route(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(elections, "STORE_PATIENCE", 0.2)
    bucket = ElectingBucket()
    sessions = await sessions_in(bucket)
    here = await sessions.open("ann", "phone")
    bucket.get_refusals = 10_000  # the session's read, before the route runs
    assert_told_to_send_again(await asked(sessions, "GET", "/api/v1/sessions", here.token))
