"""Sessions (issue 17, point 2): a token signed with a known secret cannot reach another player's updates,
a token has a lifetime and can be renewed, and «Выйти» / «Выйти на всех устройствах» sign devices out at
once, on REST and on the WebSocket."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
import websockets
from echo_gateway.settings import DEV_SESSION_SECRET
from itsdangerous import URLSafeSerializer, URLSafeTimedSerializer

from tests.support.sessions import another_device
from tests.support.wsclient import Device

pytestmark = pytest.mark.integration


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


async def hello(base: str, token: str) -> dict:
    async with websockets.connect(base.replace("http", "ws") + "/ws") as socket:
        await socket.send(json.dumps({"type": "hello", "v": 1, "token": token}))
        return json.loads(await asyncio.wait_for(socket.recv(), 10))


def legacy_token(account: str, device: str = "d") -> str:
    return URLSafeSerializer(DEV_SESSION_SECRET, salt="echo.session.v1").dumps({"a": account, "d": device})


@pytest.mark.parametrize("account", [">", "*"])
async def test_a_forged_wildcard_account_gets_nobodys_updates(system: str, account: str) -> None:
    """Before: a token for account `>` (signed with the dev secret) was welcomed on /ws and subscribed to
    `echo.updates.>`: it received every player's game updates."""
    victim = await Device.guest(system)
    await victim.connect()
    for forged in (legacy_token(account),
                   URLSafeTimedSerializer(DEV_SESSION_SECRET, salt="echo.session.v2").dumps(
                       {"a": account, "d": "d", "s": "s"})):
        answer = await hello(system, forged)
        assert answer["type"] == "error" and answer["code"] == "not_authenticated", answer
        async with httpx.AsyncClient(base_url=system) as client:
            assert (await client.get("/api/v1/me", headers=bearer(forged))).status_code == 401
    await victim.close()


async def test_a_signed_token_without_an_open_session_is_refused(system: str) -> None:
    """Knowing the secret is not enough any more: the session must exist in the store."""
    forged = URLSafeTimedSerializer(DEV_SESSION_SECRET, salt="echo.session.v2").dumps(
        {"a": "someone", "d": "d", "s": "guessed"})
    async with httpx.AsyncClient(base_url=system) as client:
        response = await client.get("/api/v1/me", headers=bearer(forged))
    assert response.status_code == 401 and "signed out" in response.json()["detail"]
    assert (await hello(system, forged))["code"] == "not_authenticated"


async def test_renewal_gives_a_fresh_token_of_the_same_session(system: str) -> None:
    async with httpx.AsyncClient(base_url=system) as client:
        guest = (await client.post("/api/v1/guest")).json()
        assert guest["expires_at"] > "2026"
        renewed = await client.post("/api/v1/session/renew", headers=bearer(guest["token"]))
        assert renewed.status_code == 200, renewed.text
        fresh = renewed.json()
        assert fresh["account_id"] == guest["account_id"] and fresh["expires_at"] >= guest["expires_at"]
        me = await client.get("/api/v1/me", headers=bearer(fresh["token"]))
        assert me.json()["account_id"] == guest["account_id"]
        listed = (await client.get("/api/v1/sessions", headers=bearer(fresh["token"]))).json()["sessions"]
        assert len(listed) == 1 and listed[0]["current"] is True


async def test_a_token_of_the_first_format_is_refused_everywhere_renewal_too(system: str) -> None:
    """Before (issue 35, point 7): an undated token of the first format never expired, and renewal turned it
    into a session — even for an account that does not exist. Now nothing accepts it."""
    async with httpx.AsyncClient(base_url=system) as client:
        guest = (await client.post("/api/v1/guest")).json()
        for account in (guest["account_id"], "nobody-at-all"):
            old = legacy_token(account)
            assert (await client.get("/api/v1/me", headers=bearer(old))).status_code == 401
            assert (await client.post("/api/v1/session/renew", headers=bearer(old))).status_code == 401
            assert (await hello(system, old))["code"] == "not_authenticated"


async def test_sign_out_and_sign_out_everywhere(system: str, private_nats_url: str) -> None:
    async with httpx.AsyncClient(base_url=system) as client:
        phone = (await client.post("/api/v1/guest", headers={"user-agent": "Phone/1"})).json()
        account = phone["account_id"]
        laptop = await another_device(private_nats_url, account, "lap", "Laptop/2")
        tablet = await another_device(private_nats_url, account, "tab", "Tablet/3")

        devices = (await client.get("/api/v1/sessions", headers=bearer(phone["token"]))).json()["sessions"]
        assert [d["agent"] for d in devices] == ["Phone/1", "Laptop/2", "Tablet/3"]
        assert [d["current"] for d in devices] == [True, False, False]
        assert {"session_id", "device_id", "signed_in_at", "renewed_at"} <= set(devices[0])

        # «Выйти» on the tablet: only the tablet is out, at once, on REST and on the WebSocket
        out = await client.delete("/api/v1/sessions/current", headers=bearer(tablet["token"]))
        assert out.status_code == 200 and out.json() == {"signed_out": 1}
        assert (await client.get("/api/v1/me", headers=bearer(tablet["token"]))).status_code == 401
        assert (await hello(system, tablet["token"]))["code"] == "not_authenticated"
        assert (await client.post("/api/v1/session/renew", headers=bearer(tablet["token"]))).status_code == 401
        assert (await hello(system, phone["token"]))["type"] == "welcome"

        # one device signs another out; an unknown or foreign session is not found
        laptop_session = devices[1]["session_id"]
        assert (await client.delete("/api/v1/sessions/nope", headers=bearer(phone["token"]))).status_code == 404
        stranger = (await client.post("/api/v1/guest")).json()
        foreign = await client.delete(f"/api/v1/sessions/{laptop_session}", headers=bearer(stranger["token"]))
        assert foreign.status_code == 404
        assert (await client.get("/api/v1/me", headers=bearer(laptop["token"]))).status_code == 200

        # «Выйти на всех устройствах»: the phone and the laptop, this device included
        everywhere = await client.delete("/api/v1/sessions", headers=bearer(phone["token"]))
        assert everywhere.json() == {"signed_out": 2}
        for token in (phone["token"], laptop["token"]):
            assert (await client.get("/api/v1/me", headers=bearer(token))).status_code == 401
        assert (await client.get("/api/v1/me", headers=bearer(stranger["token"]))).status_code == 200
