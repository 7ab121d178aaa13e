"""A game kind's catalogue through the registry: the one route by kind answers the rules' own `catalogue`, the
first apps' path answers the same, and a kind that is not installed, or has no catalogue, is a 404 that says
which in both languages (a malformed kind, a 400, never reaches the registry)."""

from __future__ import annotations

import json

import pytest
from echo_events.hosting import installed_game
from echo_gateway.game_catalogue_routes import GAME_CATALOGUE_ROUTES
from litestar import Litestar
from litestar.testing import AsyncTestClient

pytestmark = pytest.mark.unit


def app() -> Litestar:
    return Litestar(list(GAME_CATALOGUE_ROUTES))


async def test_a_kinds_catalogue_is_its_rules_own_and_the_deprecated_path_answers_the_same() -> None:
    async with AsyncTestClient(app()) as client:
        answer = await client.get("/api/v1/games/echoes_of_time/catalogue")
        old = await client.get("/api/v1/eot/cards")
    assert answer.status_code == old.status_code == 200
    catalogue = json.loads(json.dumps(installed_game("echoes_of_time").catalogue()))  # its tuples as lists
    assert answer.json() == old.json() == catalogue


@pytest.mark.parametrize(("kind", "code", "message_ru"), [
    ("no_such_game", "unknown_kind", "Такой игры нет."),
    ("ghost_five", "no_catalogue", "У этой игры нет каталога."),
])
async def test_a_kind_not_installed_or_without_a_catalogue_is_a_404_that_says_which(
        kind: str, code: str, message_ru: str) -> None:
    async with AsyncTestClient(app()) as client:
        answer = await client.get(f"/api/v1/games/{kind}/catalogue")
    assert answer.status_code == 404
    assert answer.json() == {"error": {"code": code, "message": answer.json()["error"]["message"],
                                       "message_ru": message_ru}}


@pytest.mark.parametrize("kind", ["Echoes", "x" * 33, "1abc", "a-b"])
async def test_a_malformed_kind_is_refused_before_the_registry(kind: str) -> None:
    async with AsyncTestClient(app()) as client:
        answer = await client.get(f"/api/v1/games/{kind}/catalogue")
    assert answer.status_code == 400
    assert [(e["key"], e["source"]) for e in answer.json()["extra"]] == [("kind", "path")]
