"""The REST API's OpenAPI document, as a mobile client's developer reads it: the project's title and version,
the Bearer session scheme, every public route in it, each with its body's type and whether it needs a session
(that the bodies and the security are true is `tests/integration/gateway/test_openapi_conformance.py`), and the
503 of a store between leaders that any of them may answer."""

import pytest
from echo_gateway.app import API_VERSION, create_app
from echo_gateway.responses import SESSION, SESSION_OPTIONAL
from echo_gateway.settings import Settings

from tests.support.openapi import operations, success

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


def test_every_operation_describes_its_success_body_and_says_whether_it_needs_a_session() -> None:
    document = create_app(Settings(dev_mode=True)).openapi_schema.to_schema()
    schemas = document["components"]["schemas"]
    seen = 0
    for path, method, operation in operations(document):
        seen += 1
        _, media, schema = success(operation)
        if media == "text/html":
            assert schema == {"type": "string"}, path
            continue
        assert media == "application/json", (method, path, media)
        if schema.get("title") == "GameCatalogue":  # an object of the game kind's own: no field common to all
            assert schema["type"] == "object" and schema["additionalProperties"] == {}, path
        else:
            assert set(schema) == {"$ref"}, f"{method} {path}: its body is not a named type: {schema}"
            named = schemas[schema["$ref"].removeprefix("#/components/schemas/")]
            assert named["type"] == "object" and "properties" in named, (method, path, named)
        assert operation.get("security") in (None, SESSION, SESSION_OPTIONAL), (method, path)
        if operation.get("security") == SESSION:
            assert operation["responses"]["401"]["content"]["application/json"]["schema"] == {
                "$ref": "#/components/schemas/HttpError"}, (method, path)
    assert seen >= 39
    security = {(m, p): o.get("security") for p, m, o in operations(document)}
    assert security[("get", "/api/v1/friends")] == SESSION and security[("post", "/api/v1/guest")] is None
    assert security[("get", "/api/v1/charts/{league}/{day}")] == SESSION_OPTIONAL


def test_a_games_catalogue_is_one_route_by_kind_and_the_first_apps_path_is_deprecated_for_it() -> None:
    document = create_app(Settings(dev_mode=True)).openapi_schema.to_schema()
    paths = document["paths"]
    generic, old = paths["/api/v1/games/{kind}/catalogue"]["get"], paths["/api/v1/eot/cards"]["get"]
    assert generic["operationId"] == "gameCatalogue" and not generic["deprecated"]
    [kind] = generic["parameters"]
    assert kind["schema"]["pattern"] == "^[a-z][a-z0-9_]{0,31}$"
    assert old["operationId"] == "eotCards" and old["deprecated"]
    assert "/api/v1/games/echoes_of_time/catalogue" in old["description"]
    assert success(old)[2] == success(generic)[2]
    for operation in (generic, old):
        assert operation["responses"]["404"]["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/NoCatalogue"}


def test_a_rated_games_leaders_are_one_route_by_kind_and_the_first_apps_path_is_deprecated_for_it() -> None:
    document = create_app(Settings(dev_mode=True)).openapi_schema.to_schema()
    paths = document["paths"]
    generic, old = paths["/api/v1/games/{kind}/leaders"]["get"], paths["/api/v1/ghost/leaders"]["get"]
    assert generic["operationId"] == "gameLeaders" and not generic["deprecated"]
    assert old["operationId"] == "ghostLeaders" and old["deprecated"]
    assert "/api/v1/games/ghost_five/leaders" in old["description"]
    assert success(old)[2] == success(generic)[2] == {"$ref": "#/components/schemas/Leaders"}
    assert generic["security"] == old["security"] == SESSION_OPTIONAL
    for operation in (generic, old):
        assert operation["responses"]["404"]["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/NoLeaders"}


def test_every_operation_documents_the_503_of_a_store_between_leaders() -> None:
    """Any route may meet the store choosing a leader (a session token it is sent is read from it; a guest, a
    sign-in, a sign-out and a flood limit write to it): a mobile client learns there to send again later."""
    document = create_app(Settings(dev_mode=True)).openapi_schema.to_schema()
    for path, method, operation in operations(document):
        unavailable = operation["responses"].get("503")
        assert unavailable is not None, f"{method} {path} does not document the store's 503"
        assert "Retry-After" in unavailable["description"], (method, path)
        assert unavailable["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/StoreUnavailable"}, (method, path)
    body = document["components"]["schemas"]["StoreUnavailable"]
    refusal = document["components"]["schemas"][body["properties"]["error"]["$ref"].rsplit("/", 1)[1]]
    assert set(refusal["required"]) == {"code", "message", "message_ru"}
