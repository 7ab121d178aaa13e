"""The OpenAPI document tells the truth: a route that answers 401 without a session declares the session
scheme, one that does not declares none (or the scheme as optional), and real bodies of the running system
validate against the types it documents — strictly, a field it does not name is a failure."""

import asyncio
from typing import Any

import httpx
import pytest
from echo_events.moscow import moscow_date
from echo_gateway.responses import SESSION
from echo_runtime.clock import SystemClock

from tests.support.openapi import body_validator, operations
from tests.support.play import ask, publish_daily
from tests.support.social_system import Social, social_beside

pytestmark = pytest.mark.integration

SAMPLE = {"league": "bronze", "day": "2026-12-01"}  # any other path parameter: a well-formed id


async def _document(base: str) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=base) as client:
        return (await client.get("/api/schema/openapi.json")).json()


async def test_a_route_declares_the_session_scheme_exactly_when_it_needs_a_session(
    system: str, private_nats_url: str, fresh_database: str
) -> None:
    document = await _document(system)
    async with social_beside(system, private_nats_url, fresh_database) as social:
        for path, method, operation in operations(document):
            concrete = path
            for name in [part[1:-1] for part in path.split("/") if part.startswith("{")]:
                concrete = concrete.replace(f"{{{name}}}", SAMPLE.get(name, "abc123"))
            answer = await social.call(method.upper(), concrete)
            needs = answer.status_code == 401
            assert (operation.get("security") == SESSION) == needs, (method, path, answer.status_code)


class Checked:
    """Calls the gateway and holds every body to the document's type for its route and status."""

    def __init__(self, social: Social, document: dict[str, Any]) -> None:
        self.social, self.document, self.checked = social, document, set()

    async def __call__(self, method: str, path: str, token: str | None = None, *, status: int = 200,
                       json: Any = None, query: dict[str, str] | None = None, **params: str) -> Any:
        answer = await self.social.call(method, path.format(**params), token, json=json, params=query)
        assert answer.status_code == status, (method, path, answer.text)
        body = answer.json()
        errors = [e.message for e in body_validator(self.document, path, method, status).iter_errors(body)]
        assert not errors, (method, path, errors, body)
        self.checked.add((method, path))
        return body


async def test_real_bodies_validate_against_their_documented_types(
    system: str, private_nats_url: str, fresh_database: str
) -> None:
    document = await _document(system)
    async with social_beside(system, private_nats_url, fresh_database) as social:
        check = Checked(social, document)
        today = moscow_date(SystemClock().now()).isoformat()
        await publish_daily(social.nc.jetstream(), moscow_date(SystemClock().now()), seed=7)
        guest = await check("POST", "/api/v1/guest", status=201)
        await check("GET", "/api/v1/me", guest["token"])
        me, token = await social.player("Сверка")
        ann, _ = await social.player("Анна")

        await check("GET", "/api/v1/sessions", token)
        await check("GET", "/api/v1/account", token)
        await check("PUT", "/api/v1/account/callsign", token, json={"callsign": "Сверка"})
        added = await check("POST", "/api/v1/friends", token, json={"callsign": "Анна"})
        assert added["friend"]["account_id"] == ann
        friends = await check("GET", "/api/v1/friends", token)
        assert [f["account_id"] for f in friends["friends"]] == [ann]
        found = await check("GET", "/api/v1/friends/search", token, query={"q": "Ан"})
        assert [p["account_id"] for p in found["players"]] == [ann]
        await check("GET", "/api/v1/friends/scores", token)
        await check("GET", "/api/v1/daily/today")
        await check("GET", "/api/v1/daily/today/all")
        await check("GET", "/api/v1/play/options", token)

        started = await ask(social.nc, type="start", account_id=me, mode="free", preset="standard")
        assert started["ok"], started
        game = await check("GET", "/api/v1/games/{game_id}", token, game_id=started["game_id"])
        assert game["view"]["mode"] == "free"
        for _ in range(100):  # the engine's projection of its games lists the new one
            games = await check("GET", "/api/v1/games", token)
            if games["games"]:
                break
            await asyncio.sleep(0.1)
        assert [g["game_id"] for g in games["games"]] == [started["game_id"]]

        await check("GET", "/api/v1/charts/{league}/{day}", token, league="bronze", day=today)
        await check("GET", "/api/v1/leagues/me", token)
        await check("GET", "/api/v1/eot/cards")
        await check("GET", "/api/v1/catalogue/asyncapi.json")
        await check("POST", "/api/v1/session/renew", token)
        await check("DELETE", "/api/v1/sessions/current", token)
        assert len(check.checked) == 20
