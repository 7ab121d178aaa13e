"""Bad input (issue 17, point 6): a body or a field too big for the back end is refused with 413 and a
clear message — before, a JSON field over 1 MB reached NATS's payload limit and answered 500 on six
routes; an empty WebSocket text frame gets an error frame like any other malformed one."""

from __future__ import annotations

import json

import httpx
import pytest

from tests.support.social_system import social_beside
from tests.support.wsclient import Device

pytestmark = pytest.mark.integration

HUGE = "x" * (1024 * 1024 + 10)
ROUTES = [
    ("PUT", "/api/v1/account/callsign", {"callsign": HUGE}),
    ("POST", "/api/v1/account/email", {"email": HUGE}),
    ("POST", "/api/v1/account/login", {"email": HUGE}),
    ("POST", "/api/v1/account/login/complete", {"token": HUGE}),
    ("POST", "/api/v1/friends", {"callsign": HUGE}),
    ("POST", "/api/v1/friends/blocks", {"account_id": HUGE}),
    ("POST", "/api/v1/guest", {"anything": HUGE}),
    ("POST", "/api/v1/challenges", {"anything": HUGE}),
]


async def test_a_body_over_the_limit_is_413_with_a_message_on_every_route(system: str) -> None:
    async with httpx.AsyncClient(base_url=system, timeout=30) as client:
        token = (await client.post("/api/v1/guest")).json()["token"]
        for method, path, body in ROUTES:
            response = await client.request(method, path, json=body, headers={"authorization": f"Bearer {token}"})
            assert response.status_code == 413, (method, path, response.status_code, response.text[:200])
            error = response.json()["error"]
            assert error["code"] == "too_large" and "64 KiB" in error["message"] and error["message_ru"]


async def test_long_queries_and_bodies_within_the_limit_are_answered_not_500(
        system: str, private_nats_url: str, fresh_database: str) -> None:
    async with social_beside(system, private_nats_url, fresh_database) as social:
        _, token = await social.guest()
        for path in ("/api/v1/friends/search?q=" + "x" * 60_000, "/api/v1/charts/bronze/" + "2" * 60_000):
            response = await social.call("GET", path, token)
            assert response.status_code == 400, (path[:40], response.status_code, response.text[:200])
        response = await social.call("POST", "/api/v1/account/login", json={"email": "x" * 60_000})
        assert response.status_code == 400 and response.json()["error"]["code"] == "bad_request", response.text


async def test_an_empty_text_frame_gets_an_error_frame(system: str) -> None:
    """Before: an empty text frame was dropped in silence; the client waited for an answer for ever."""
    device = await Device.guest(system)
    assert (await device.connect())["type"] == "welcome"
    await device.send_raw("")
    frame = await device.next_frame(timeout=5)
    assert frame["type"] == "error" and frame["code"] == "bad_frame", frame
    await device.send_raw(json.dumps({"type": "ping", "id": "after"}))
    assert (await device.next_frame())["type"] == "pong"
    await device.close()
