"""The REST API's OpenAPI document, as a mobile client's developer reads it: the project's title and version,
the Bearer session scheme, and every public route in it."""

import pytest
from echo_gateway.app import API_VERSION, create_app
from echo_gateway.settings import Settings

pytestmark = pytest.mark.unit


def test_the_openapi_document_names_the_api_its_version_and_the_bearer_scheme() -> None:
    app = create_app(Settings(dev_mode=True))
    document = app.openapi_schema.to_schema()
    assert document["info"]["title"] == "Echo platform API" and document["info"]["version"] == API_VERSION
    assert document["components"]["securitySchemes"]["session"] == {
        "type": "http", "scheme": "bearer", "description": document["components"]["securitySchemes"]["session"][
            "description"]}
    assert app.openapi_config.path == "/api/schema"
    for path in ("/api/v1/guest", "/api/v1/daily/today", "/api/v1/games/{game_id}/replay", "/api/v1/me"):
        assert path in document["paths"]
    assert not [p for p in document["paths"] if p in ("/healthz", "/readyz", "/metrics")]
