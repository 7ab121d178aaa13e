"""A signed-out session's open WebSockets close (issue 17, point 2), on every gateway replica. Before: a
sign-out refused the session's next hello, but a socket already open kept receiving the account's updates
and sending moves until it reconnected."""

from __future__ import annotations

import httpx
import pytest
import websockets
from echo_events.streams import SESSIONS
from echo_gateway.app import create_app as create_gateway
from echo_gateway.settings import Settings as GatewaySettings
from echo_runtime.nats_client import connect

from tests.integration.security.test_sessions import bearer
from tests.support.servers import running
from tests.support.sessions import another_device
from tests.support.wsclient import Device

pytestmark = pytest.mark.integration


async def signed_out(device: Device) -> None:
    """The device is told it was signed out, then its socket closes with 4401; nothing else comes."""
    frame = await device.next_frame()
    while frame["type"] == "heartbeat":
        frame = await device.next_frame()
    assert frame["type"] == "error" and frame["code"] == "not_authenticated", frame
    assert "signed out" in frame["message"]
    with pytest.raises(websockets.ConnectionClosed) as closed:
        await device.next_frame()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401


async def still_open(device: Device) -> None:
    assert (await device.command("ping"))["type"] == "pong"


async def test_a_sign_out_on_one_gateway_closes_the_sessions_sockets_on_every_gateway(
        system: str, private_nats_url: str, fresh_database: str) -> None:
    other = create_gateway(GatewaySettings(nats_url=private_nats_url, database_url=fresh_database, dev_mode=True))
    async with running(other) as second, httpx.AsyncClient() as client:
        phone = (await client.post(f"{system}/api/v1/guest")).json()
        account = phone["account_id"]
        laptop = await another_device(private_nats_url, account, "lap")
        phone_here, phone_there = Device(system, phone["token"]), Device(second, phone["token"])
        laptop_there = Device(second, laptop["token"])
        for device in (phone_here, phone_there, laptop_there):
            assert (await device.connect())["type"] == "welcome"

        # «Выйти» on the phone, through the second gateway: both of the phone's sockets close, the laptop's not
        assert (await client.delete(f"{second}/api/v1/sessions/current", headers=bearer(phone["token"]))).is_success
        await signed_out(phone_there)
        await signed_out(phone_here)
        await still_open(laptop_there)

        # an operator's purge of the laptop's session (runbook) closes its socket too
        laptop_session = next(s["session_id"] for s in (await client.get(
            f"{system}/api/v1/sessions", headers=bearer(laptop["token"]))).json()["sessions"] if s["current"])
        operator = await connect(private_nats_url, name="tests-operator")
        try:
            kv = await operator.jetstream().key_value(SESSIONS.name)
            await kv.purge(f"{account}.{laptop_session}")
        finally:
            await operator.close()
        await signed_out(laptop_there)


async def test_signing_out_the_other_devices_keeps_this_one(system: str, private_nats_url: str) -> None:
    async with httpx.AsyncClient(base_url=system) as client:
        phone = (await client.post("/api/v1/guest")).json()
        tablet = await another_device(private_nats_url, phone["account_id"], "tab")
        here, there = Device(system, phone["token"]), Device(system, tablet["token"])
        for device in (here, there):
            assert (await device.connect())["type"] == "welcome"
        out = await client.delete("/api/v1/sessions/others", headers=bearer(phone["token"]))
        assert out.json() == {"signed_out": 1}
        await signed_out(there)
        await still_open(here)
        listed = (await client.get("/api/v1/sessions", headers=bearer(phone["token"]))).json()["sessions"]
        assert [s["current"] for s in listed] == [True]
        await here.close()


async def test_sign_out_everywhere_closes_every_device_of_the_account_and_no_other(
        system: str, private_nats_url: str) -> None:
    async with httpx.AsyncClient(base_url=system) as client:
        phone = (await client.post("/api/v1/guest")).json()
        tablet = await another_device(private_nats_url, phone["account_id"], "tab")
        stranger = await Device.guest(system)
        devices = [Device(system, phone["token"]), Device(system, tablet["token"]), stranger]
        for device in devices:
            assert (await device.connect())["type"] == "welcome"
        assert (await client.delete("/api/v1/sessions", headers=bearer(tablet["token"]))).json() == {"signed_out": 2}
        await signed_out(devices[0])
        await signed_out(devices[1])
        await still_open(stranger)
        await stranger.close()
