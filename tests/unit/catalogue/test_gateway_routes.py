"""The gateway serves the catalogue: the AsyncAPI JSON and a page for people."""

from __future__ import annotations

import pytest
from echo_events.catalogue import asyncapi, catalogued_events
from echo_gateway.catalogue_routes import CATALOGUE_ROUTES
from litestar import Litestar
from litestar.testing import TestClient

pytestmark = pytest.mark.unit


def test_the_asyncapi_document_and_the_page_are_served() -> None:
    with TestClient(Litestar(route_handlers=list(CATALOGUE_ROUTES))) as client:
        response = client.get("/api/v1/catalogue/asyncapi.json")
        assert response.status_code == 200 and response.headers["content-type"].startswith("application/json")
        assert response.json() == asyncapi()
        page = client.get("/catalogue")
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        for entry in catalogued_events():
            assert f"<code>{entry.type_name}</code> v{entry.version}" in page.text
        assert "echo.game.{game_id}.{kind}" in page.text and "engine.cmd" in page.text
        assert "<code>preset_id</code>" in page.text  # fields are listed


def test_the_gateway_wires_the_catalogue_routes() -> None:
    from echo_gateway.app import create_app
    from echo_gateway.settings import Settings

    app = create_app(Settings(nats_url="nats://127.0.0.1:1", database_url="postgresql://nobody@127.0.0.1:1/x",
                              dev_mode=True))
    paths = {route.path for route in app.routes}
    assert {"/api/v1/catalogue/asyncapi.json", "/catalogue"} <= paths
