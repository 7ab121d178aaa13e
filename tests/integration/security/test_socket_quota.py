"""WebSockets per session and per client address (issue 36): past either bound a new socket is told
`too_many_connections` and closed with 4429, those open keep working, and a place freed is taken again.
Before: one token held 300 sockets."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator

import httpx
import pytest
import websockets
from echo_gateway.app import create_app as create_gateway
from echo_gateway.settings import Settings as GatewaySettings
from echo_gateway.ws.socket_quota import TOO_MANY_CLOSE_CODE

from tests.support.servers import running

pytestmark = pytest.mark.integration
PER_SESSION, PER_ADDRESS = 2, 3


@pytest.fixture
async def gateway(private_nats_url: str, fresh_database: str) -> AsyncIterator[str]:
    settings = GatewaySettings(nats_url=private_nats_url, database_url=fresh_database, dev_mode=True,
                               trusted_proxy_hops=1, ws_per_session=PER_SESSION, ws_per_address=PER_ADDRESS)
    async with running(create_gateway(settings)) as base:
        yield base


async def guest(base: str, address: str) -> str:
    async with httpx.AsyncClient(base_url=base) as http:
        response = await http.post("/api/v1/guest", headers={"x-forwarded-for": address})
    assert response.status_code == 201, response.text
    return response.json()["token"]


@contextlib.asynccontextmanager
async def socket(base: str, token: str, address: str) -> AsyncIterator[tuple[websockets.ClientConnection, dict]]:
    """A socket after its hello: the first frame the gateway answered (welcome, or the refusal)."""
    async with websockets.connect(base.replace("http", "ws") + "/ws",
                                  additional_headers={"X-Forwarded-For": address}) as ws:
        with contextlib.suppress(websockets.ConnectionClosed):  # an address past its quota is closed at once
            await ws.send(json.dumps({"type": "hello", "v": 2, "token": token}))
        yield ws, json.loads(await ws.recv())


async def refused(ws: websockets.ClientConnection, first: dict) -> None:
    if first["type"] == "welcome":  # a session's quota is known once its hello names the session
        first = json.loads(await ws.recv())
    assert first["type"] == "error" and first["code"] == "too_many_connections", first
    with pytest.raises(websockets.ConnectionClosed) as closed:
        await ws.recv()
    assert closed.value.rcvd.code == TOO_MANY_CLOSE_CODE


async def alive(ws: websockets.ClientConnection) -> None:
    await ws.send(json.dumps({"type": "ping", "id": "p"}))
    assert json.loads(await ws.recv())["type"] == "pong"


async def test_one_session_holds_a_bounded_number_of_sockets(gateway: str) -> None:
    token = await guest(gateway, "198.51.100.1")
    async with socket(gateway, token, "198.51.100.1") as (one, hello_one), \
            socket(gateway, token, "198.51.100.2") as (two, hello_two):
        assert hello_one["type"] == hello_two["type"] == "welcome"
        async with socket(gateway, token, "198.51.100.3") as (three, hello_three):
            await refused(three, hello_three)
        await alive(one)
        await alive(two)
    async with socket(gateway, token, "198.51.100.4") as (again, hello):  # the places are free again
        assert hello["type"] == "welcome"
        await alive(again)


async def test_one_address_holds_a_bounded_number_of_sockets(gateway: str) -> None:
    shared = "203.0.113.9"
    tokens = [await guest(gateway, f"192.0.2.{n}") for n in range(PER_ADDRESS + 1)]
    async with contextlib.AsyncExitStack() as stack:
        for token in tokens[:PER_ADDRESS]:
            _, hello = await stack.enter_async_context(socket(gateway, token, shared))
            assert hello["type"] == "welcome"
        async with socket(gateway, tokens[-1], shared) as (extra, first):
            await refused(extra, first)
        async with socket(gateway, tokens[-1], "192.0.2.200") as (elsewhere, hello):  # another address is not
            assert hello["type"] == "welcome"                                          # touched
    async with socket(gateway, tokens[-1], shared) as (later, hello):
        assert hello["type"] == "welcome"
