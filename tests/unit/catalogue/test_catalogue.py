"""The event catalogue: every event of the contract, with its version and a schema real instances satisfy;
a structurally valid AsyncAPI 3.0 document; the committed copies in docs/ are current."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from echo_events.catalogue import (
    asyncapi,
    catalogued_events,
    installed_games,
    load_event_modules,
    play_request_models,
)
from echo_events.catalogue_markdown import markdown
from echo_events.envelope import Batch, encode, wrap
from echo_events.registry import registered_events, registered_upcasters

from .samples import UTC_NOW, build, known_samples

pytestmark = pytest.mark.unit
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return asyncapi()


def validator(document: dict[str, Any], schema_name: str) -> jsonschema.Draft202012Validator:
    """A validator for one component schema, whose `#/components/...` references resolve in the document."""
    root = {**document, "$ref": f"#/components/schemas/{schema_name}"}
    return jsonschema.Draft202012Validator(root)


def wire(event, version: int = 1) -> dict[str, Any]:  # noqa: ANN001
    envelope = wrap(event, event_id=uuid.uuid4().hex, stream_id="s1", version=version, occurred_at=UTC_NOW,
                    correlation_id="c1")
    return json.loads(encode(Batch(events=(envelope,))))


def test_every_event_of_the_contract_and_of_each_game_is_catalogued_with_its_version_and_upcasters(document) -> None:  # noqa: ANN001, E501
    load_event_modules()
    games = installed_games()
    assert {"echo_challenge", "ghost_five", "ark", "echoes_of_time"} <= set(games)
    ours = {t: m for t, m in registered_events().items()
            if m.__module__.startswith("echo_events.") or m.__module__.split(".")[0] in games}
    assert {"echo.GameCreated", "account.GuestCreated", "daily.DailyPublished"} <= set(ours)
    assert {"echo.GameStarted", "echo.TickResolved", "echo.GameFinished"} <= set(ours)  # Echo's own, from its library
    messages = document["components"]["messages"]
    for type_name, model in ours.items():
        message = messages[type_name]
        assert message["x-schema-version"] == model.schema_version
        assert message["x-upcasters-from"] == sorted(v for (t, v) in registered_upcasters() if t == type_name)
        assert message["x-subject"] and message["x-stream"], f"{type_name}: describe its subject in channel_of"
    assert sorted(e.type_name for e in catalogued_events()) == sorted(ours)
    streams_of = {e.type_name: e.channel.stream for e in catalogued_events()}
    assert {streams_of[t] for t in ours if t.startswith(("echo.", "ghost_five.", "echoes_of_time."))} == {"GAMES"}
    assert {streams_of[t] for t in ours if t.startswith("ark.")} == {"ROOMS"}  # a room's stream is deleted at its end


def test_an_event_of_an_unknown_context_is_listed_as_unrouted() -> None:
    from echo_events.catalogue import UNROUTED, channel_of
    from echo_events.model import Event

    class Stray(Event):
        pass

    assert channel_of("leagues.SomethingNew", Stray) is UNROUTED and UNROUTED.address is None


def test_events_registered_outside_the_contract_stay_out(document) -> None:  # noqa: ANN001
    from echo_events.model import Event
    from echo_events.registry import event

    @event("test.catalogue.Throwaway")
    class Throwaway(Event):
        note: str

    assert "test.catalogue.Throwaway" in registered_events()
    assert "test.catalogue.Throwaway" not in asyncapi()["components"]["messages"]
    assert asyncapi() == document  # a test's registration changes nothing in the document


def test_real_instances_validate_against_their_schemas_on_the_wire(document) -> None:  # noqa: ANN001
    samples = known_samples()
    seen = {type(s).event_type for s in samples}
    samples += [build(e.model) for e in catalogued_events() if e.type_name not in seen]  # contexts merged later
    assert {type(s).event_type for s in samples} == {e.type_name for e in catalogued_events()}
    for sample in samples:
        entry = next(e for e in catalogued_events() if e.type_name == sample.event_type)
        body = wire(sample)
        validator(document, f"{entry.channel.key}BatchPayload").validate(body)
        envelope_schema = document["components"]["messages"][sample.event_type]["payload"]["$ref"].rsplit("/", 1)[1]
        validator(document, envelope_schema).validate(body["events"][0])


def test_the_schemas_are_not_vacuous(document) -> None:  # noqa: ANN001
    from echo_events.play import GameCreated

    body = wire(GameCreated(game_id="g", account_id="a", mode="free", kind="echo", msk_date="2026-11-30"))
    check = validator(document, "gamesBatchPayload")
    check.validate(body)
    for broken in ({"mode": "Chess!"}, {"kind": "no such kind"}, {"preset_id": "standard"}, {"surprise": 1}):
        bad = json.loads(json.dumps(body))
        bad["events"][0]["payload"].update(broken)
        with pytest.raises(jsonschema.ValidationError):
            check.validate(bad)
    missing = json.loads(json.dumps(body))
    del missing["events"][0]["occurred_at"]
    with pytest.raises(jsonschema.ValidationError):
        check.validate(missing)
    with pytest.raises(jsonschema.ValidationError):
        check.validate({"events": []})


def test_engine_requests_and_replies_validate(document) -> None:  # noqa: ANN001
    from echo_events.play import PLAY_REQUEST, GameUpdate, PlayError, PlayReply

    for raw in ({"type": "start", "account_id": "a", "command_id": "c1", "mode": "free", "preset": "standard"},
                {"type": "act", "account_id": "a", "command_id": "c2", "game_id": "g",
                 "action": {"type": "probe", "sector": 5}},
                {"type": "replay", "game_id": "g"}):
        request = PLAY_REQUEST.validate_python(raw)
        validator(document, "PlayRequest").validate(json.loads(request.model_dump_json()))
    with pytest.raises(jsonschema.ValidationError):
        validator(document, "PlayRequest").validate({"type": "act", "account_id": "a", "game_id": "g",
                                                     "command_id": "c", "action": {f"k{i}": i for i in range(17)}})
    reply = PlayReply(ok=False, error=PlayError(code="game_over", message="over"))
    validator(document, "PlayReply").validate(json.loads(reply.model_dump_json()))
    update = GameUpdate(game_id="g", version=2, view={})
    validator(document, "GameUpdate").validate(json.loads(update.model_dump_json()))


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return own + [r for v in node.values() for r in _refs(v)]
    if isinstance(node, list):
        return [r for v in node for r in _refs(v)]
    return []


def _resolve(document: dict[str, Any], ref: str) -> Any:
    assert ref.startswith("#/"), ref
    node: Any = document
    for part in ref[2:].split("/"):
        node = node[part]
    return node


def test_the_document_has_the_asyncapi_3_structure(document) -> None:  # noqa: ANN001
    check_asyncapi_3_structure(document)


def check_asyncapi_3_structure(document: dict[str, Any]) -> None:
    assert document["asyncapi"] == "3.0.0"
    assert document["info"]["title"] and document["info"]["version"]
    assert "generated from the code" in document["info"]["description"].lower()
    assert "FastStream" in document["info"]["description"]
    assert document["servers"]["nats"]["protocol"] == "nats"
    for key, channel in document["channels"].items():
        assert set(channel) <= {"address", "title", "summary", "description", "servers", "parameters", "messages",
                                "tags", "externalDocs", "bindings", "x-stream"}, key
        assert channel["address"] is None or isinstance(channel["address"], str)
        params = set(channel.get("parameters", {}))
        assert params == {p.strip("{}") for p in re.findall(r"\{[^}]+\}", channel["address"] or "")}
        assert channel["messages"]
    for key, operation in document["operations"].items():
        assert operation["action"] in ("send", "receive"), key
        assert operation["channel"]["$ref"].startswith("#/channels/")
        for message in operation["messages"]:
            assert message["$ref"].startswith(operation["channel"]["$ref"] + "/messages/")
    for message in document["components"]["messages"].values():
        assert "payload" in message
    for ref in _refs(document):  # every reference resolves
        assert _resolve(document, ref) is not None
    for section in ("schemas", "messages"):  # AsyncAPI 3 component keys
        assert all(re.fullmatch(r"[\w.\-]+", k) for k in document["components"][section])
    for section in ("channels", "operations"):  # AsyncAPI 3 channel and operation ids
        assert all(re.fullmatch(r"[A-Za-z0-9_\-]+", k) for k in document[section]), section
    json.dumps(document)  # plain JSON


def test_the_engine_request_reply_is_described(document) -> None:  # noqa: ANN001
    operation = document["operations"]["handleEngineCommand"]
    assert operation["action"] == "receive" and operation["reply"]["channel"]["$ref"] == "#/channels/engineReplies"
    assert document["channels"]["engineCommands"]["address"] == "engine.cmd"
    requests = {_resolve(document, r["$ref"])["properties"]["type"]["const"]
                for r in document["components"]["schemas"]["PlayRequest"]["oneOf"]}
    assert requests == {m.model_fields["type"].default for m in play_request_models()}  # all of them
    assert {"start", "act", "get", "options", "replay", "open", "join"} <= requests
    assert document["channels"]["gameUpdates"]["address"] == "echo.updates.{account_id}"


def test_the_social_services_commands_are_described(document) -> None:  # noqa: ANN001
    from echo_events.catalogue import service_commands

    commands = service_commands()
    assert commands, "the social service's commands are part of the contract"
    for entry in commands:
        key = "command_" + entry.name.replace(".", "_")
        assert document["channels"][key]["address"] == entry.subject_prefix + entry.name
        operation = document["operations"]["handle_" + key]
        assert operation["action"] == "receive" and operation["bindings"]["nats"]["queue"] == entry.queue
        sample = json.loads(build(entry.model).model_dump_json())
        payload = document["components"]["messages"][key]["payload"]["$ref"].rsplit("/", 1)[1]
        validator(document, payload).validate(sample)
    validator(document, "ServiceReply").validate({"ok": False, "error": {"code": "x", "message": "y"}})


def test_the_reference_names_every_event_and_field() -> None:
    text = markdown()
    for entry in catalogued_events():
        assert f"`{entry.type_name}` — v{entry.version}" in text
        for field in entry.model.model_fields:
            assert f"`{field}`" in text


def test_faststreams_asyncapi_3_models_accept_the_document(document) -> None:  # noqa: ANN001
    """A second opinion on the structure: FastStream's own AsyncAPI 3.0.0 models parse it. (Servers are
    left out: FastStream's Server model requires `pathname`, which AsyncAPI 3.0 makes optional.)"""
    check_faststream_parses(document)


def check_faststream_parses(document: dict[str, Any]) -> None:
    from faststream.specification.asyncapi.v3_0_0.schema import ApplicationSchema

    parsed = ApplicationSchema.model_validate({k: v for k, v in document.items() if k != "servers"})
    assert set(parsed.channels) == set(document["channels"])
    assert {o.action.value for o in parsed.operations.values()} == {"send", "receive"}
    assert set(parsed.components.messages) == set(document["components"]["messages"])
