"""The REST side: the gateway's account, friends and challenge routes forward to the social service over
NATS and map its refusals to 4xx with the code and both messages."""

from __future__ import annotations

from urllib.parse import urlsplit

import httpx
import pytest
from echo_gateway.app import create_app as create_gateway
from echo_gateway.settings import Settings as GatewaySettings

from tests.support.servers import running
from tests.support.social import SocialEnv

pytestmark = pytest.mark.integration


def _path(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.path}?{parts.query}"


async def _session(client: httpx.AsyncClient) -> tuple[str, dict[str, str]]:
    response = await client.post("/api/v1/guest")
    assert response.status_code == 201
    return response.json()["account_id"], {"Authorization": f"Bearer {response.json()['token']}"}


async def test_account_friends_and_challenges_over_rest(env: SocialEnv, nats_url: str) -> None:
    gateway = create_gateway(
        GatewaySettings(nats_url=nats_url, database_url=env.database_url, dev_mode=True))
    async with running(gateway) as base, httpx.AsyncClient(base_url=base) as client:
        anna, as_anna = await _session(client)
        assert (await client.get("/api/v1/account")).status_code == 401

        short = await client.put("/api/v1/account/callsign", json={"callsign": "ab"}, headers=as_anna)
        assert short.status_code == 400
        assert short.json()["error"]["code"] == "callsign_too_short" and short.json()["error"]["message_ru"]
        assert (
            await client.put("/api/v1/account/callsign", content=b"{", headers=as_anna)
        ).status_code == 400
        named = await client.put("/api/v1/account/callsign", json={"callsign": "Анна"}, headers=as_anna)
        assert named.status_code == 200 and named.json() == {"callsign": "Анна", "changed": True}

        assert (await client.post("/api/v1/challenges", headers=as_anna)).status_code == 403
        sent = await client.post("/api/v1/account/email", json={"email": "anna@example.com"}, headers=as_anna)
        assert sent.status_code == 200
        letter = await env.sink.wait_for("anna@example.com")
        opened = await client.get(_path(letter.links[0]))  # a mail scanner's prefetch spends nothing
        assert opened.status_code == 200 and "text/html" in opened.headers["content-type"]
        confirm = {"token": letter.links[0].rsplit("token=", 1)[1]}
        preview = await client.get("/api/v1/account/email/confirmation", params=confirm, headers=as_anna)
        assert preview.json()["callsign"] == "Анна" and preview.json()["this_browser"] == "same"
        confirmed = await client.post("/api/v1/account/email/confirm", json=confirm)  # the press
        assert confirmed.status_code == 200 and confirmed.json()["account_id"] == anna
        assert (await client.post("/api/v1/account/email/confirm", json=confirm)).status_code == 410  # used
        profile = (await client.get("/api/v1/account", headers=as_anna)).json()["account"]
        assert profile["email_confirmed"] is True and profile["callsign"] == "Анна"

        challenge = (await client.post("/api/v1/challenges", headers=as_anna)).json()["challenge"]
        boris, as_boris = await _session(client)
        opened = await client.get(f"/api/v1/challenges/{challenge['token']}", headers=as_boris)
        assert opened.status_code == 200 and opened.json()["challenge"]["sender"]["callsign"] == "Анна"
        assert (await client.get("/api/v1/challenges/" + "z" * 30, headers=as_boris)).status_code == 404

        await client.put("/api/v1/account/callsign", json={"callsign": "Boris"}, headers=as_boris)
        found = (await client.get("/api/v1/friends/search", params={"q": "ан"}, headers=as_boris)).json()
        assert found["players"][0]["account_id"] == anna
        assert (
            await client.post("/api/v1/friends", json={"callsign": "анна"}, headers=as_boris)
        ).status_code == 200
        listed = (await client.get("/api/v1/friends", headers=as_anna)).json()
        assert listed["added_you"] == [{"account_id": boris, "callsign": "Boris"}]
        assert (await client.delete(f"/api/v1/friends/{anna}", headers=as_boris)).json() == {"removed": True}
        blocked = await client.post("/api/v1/friends/blocks", json={"account_id": boris}, headers=as_anna)
        assert blocked.status_code == 200
        refused = await client.post("/api/v1/friends", json={"account_id": anna}, headers=as_boris)
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "blocked"
        assert (await client.delete(f"/api/v1/friends/blocks/{boris}", headers=as_anna)).status_code == 200

        # another device logs in by an e-mailed link
        assert (await client.post("/api/v1/account/login", json={"email": "anna@example.com"})).json() == {}
        login = await env.sink.wait_for("anna@example.com", count=2)
        page = await client.get(_path(login.links[0]))
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]
        token = login.links[0].rsplit("token=", 1)[1]
        session = await client.post("/api/v1/account/login/complete", json={"token": token})
        assert session.status_code == 200 and session.json()["account_id"] == anna
        new_device = {"Authorization": f"Bearer {session.json()['token']}"}
        assert (await client.get("/api/v1/account", headers=new_device)).json()["account"][
            "account_id"
        ] == anna
        again = await client.post("/api/v1/account/login/complete", json={"token": token})
        assert again.status_code == 410 and again.json()["error"]["code"] == "token_used"


async def test_the_gateway_says_so_when_the_social_service_is_down(nats_url: str, database_url: str) -> None:
    gateway = create_gateway(
        GatewaySettings(nats_url=nats_url, database_url=database_url, dev_mode=True))
    async with running(gateway) as base, httpx.AsyncClient(base_url=base) as client:
        _, headers = await _session(client)
        response = await client.get("/api/v1/account", headers=headers)
    assert response.status_code == 503 and response.json()["error"]["code"] == "social_unavailable"
