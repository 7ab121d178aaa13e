"""The services' AsyncAPI document (docs/asyncapi.json): FastStream's description of the durables and
publications every service declares — the declarations its runtime runs — joined to the event contract."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from echo_events.catalogue import asyncapi, to_json
from echo_events.catalogue_markdown import markdown
from echo_events.play import ENGINE_SUBJECT, replica_subject
from echo_runtime.asyncapi import declarations, document, faststream_document, overlaps
from echo_runtime.consumer import dead_letter_subject
from echo_runtime.messaging import Messaging
from echo_runtime.service import ServiceRuntime
from echo_runtime.settings import ServiceSettings
from faststream.specification import AsyncAPI

from .test_catalogue import check_asyncapi_3_structure, check_faststream_parses

pytestmark = pytest.mark.unit
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def services() -> list[Messaging]:
    return declarations(ROOT / "services")


@pytest.fixture(scope="module")
def services_document(services) -> dict[str, Any]:  # noqa: ANN001
    return document(services)


def test_every_service_with_a_messaging_module_is_in(services) -> None:  # noqa: ANN001
    assert {m.service for m in services} == {"daily", "engine", "leagues", "social"}


def test_every_durable_has_its_channel_operation_and_dead_letters(services, services_document) -> None:  # noqa: ANN001
    channels, operations = services_document["channels"], services_document["operations"]
    durables = [(m.service, spec) for m in services for spec in m.consumers]
    assert {spec.durable for _, spec in durables} >= {
        "engine-games", "engine-expiry", "engine-timers", "leagues-accounts", "leagues-games", "leagues-daily",
        "leagues-weeks", "social-accounts", "social-challenge-games"}
    for service, spec in durables:
        channel = channels[spec.durable]
        assert channel["address"] == spec.filter_subject and channel["x-stream"] == spec.stream
        operation = operations[spec.durable]
        assert operation["action"] == "receive" and operation["x-service"] == service
        assert operation["x-consumer"]["max_deliver"] == spec.max_deliver
        assert operation["x-consumer"]["dead_letters"] == dead_letter_subject(spec)
        assert channels[f"{spec.durable}-dead-letters"]["address"] == dead_letter_subject(spec)
        assert operations[f"{spec.durable}-dead-letters"]["action"] == "send"


def test_a_durables_messages_are_the_contracts_batches_of_its_subjects(services_document) -> None:  # noqa: ANN001
    channels = services_document["channels"]
    assert set(channels["leagues-games"]["messages"]) == {"gamesBatch"}
    assert set(channels["leagues-daily"]["messages"]) == {"dailyPublishedBatch", "dailyClosedBatch",
                                                          "dailyWarningBatch"}
    assert set(channels["engine-expiry"]["messages"]) == {"dailyClosedBatch"}
    timer = services_document["components"]["messages"]["engine-timers-message"]
    assert timer["payload"] == {"$ref": "#/components/schemas/TimerFired"}
    assert "TimerFired" in services_document["components"]["schemas"]


def test_the_engines_subjects_are_described(services_document) -> None:  # noqa: ANN001
    channels, operations = services_document["channels"], services_document["operations"]
    assert channels["engineCommands"]["address"] == ENGINE_SUBJECT
    assert channels["engineReplicaCommands"]["address"] == replica_subject("{replica}")
    assert operations["handleEngineCommand"]["action"] == "receive"
    for publication, channel in (("engine-game-events", "games"), ("engine-game-updates", "gameUpdates"),
                                 ("engine-timer-schedules", "engine-timer-schedules")):
        assert operations[publication]["channel"] == {"$ref": f"#/channels/{channel}"}
        assert operations[publication]["x-service"] == "engine"
    assert channels["engine-timer-schedules"]["x-stream"] == "TIMERS"


def test_the_contracts_event_schemas_are_kept(services_document) -> None:  # noqa: ANN001
    contract = asyncapi()
    for name, message in contract["components"]["messages"].items():
        assert services_document["components"]["messages"][name] == message
    for name, schema in contract["components"]["schemas"].items():
        assert services_document["components"]["schemas"][name] == schema
    assert services_document["x-streams"] == contract["x-streams"]


def test_the_document_is_valid_asyncapi_3(services_document) -> None:  # noqa: ANN001
    check_asyncapi_3_structure(services_document)
    check_faststream_parses(services_document)


def test_a_runtime_registers_exactly_what_the_document_describes(services) -> None:  # noqa: ANN001
    """The runtime's broker, given the service's declaration, has the subscribers and publishers FastStream
    describes in the document — no other — and refuses handlers that do not match the declared durables."""
    for messaging in services:
        runtime = ServiceRuntime(messaging.service, ServiceSettings())
        runtime.consume(messaging, {spec.durable: _handler for spec in messaging.consumers})
        running = AsyncAPI(runtime.broker, schema_version="3.0.0").to_specification().to_jsonable()
        described = faststream_document([messaging])
        assert set(running["channels"]) == set(described["channels"])
        assert set(running["operations"]) == set(described["operations"])
    engine = next(m for m in services if m.service == "engine")
    with pytest.raises(ValueError, match="durables declared"):
        ServiceRuntime("engine", ServiceSettings()).consume(engine, {"engine-games": _handler})
    with pytest.raises(ValueError, match="durables declared"):
        ServiceRuntime("engine", ServiceSettings()).consume(
            engine, {**{spec.durable: _handler for spec in engine.consumers}, "stray": _handler})


async def _handler(msg) -> None:  # noqa: ANN001
    raise AssertionError("not run")


def test_a_renamed_durable_keeps_the_rest() -> None:
    from echo_social.messaging import MESSAGING

    renamed = MESSAGING.renamed("social-accounts", "social-accounts-test")
    assert [c.durable for c in renamed.consumers] == ["social-accounts-test", "social-challenge-games"]
    assert renamed.consumers[0].filter_subject == MESSAGING.consumers[0].filter_subject
    with pytest.raises(LookupError):
        MESSAGING.renamed("nobody", "x")


@pytest.mark.parametrize(("a", "b", "expected"), [
    ("echo.game.*.lifecycle", "echo.game.*.*", True),
    ("echo.game.*.lifecycle", "echo.game.*.move", False),
    ("daily.>", "daily.closed.*", True),
    ("daily.>", "daily.warning", True),
    ("daily.>", "league.week.closed", False),
    ("account.>", "account.*", True),
    ("echo.timer.fired.>", "echo.timer.set.*.*", False),
    ("daily.closed.*", "daily.closed", False),
])
def test_subject_patterns_overlap(a: str, b: str, expected: bool) -> None:
    assert overlaps(a, b) is expected and overlaps(b, a) is expected


def test_the_committed_asyncapi_json_is_current(services_document) -> None:  # noqa: ANN001
    committed = (ROOT / "docs/asyncapi.json").read_text(encoding="utf-8")
    assert committed == to_json(services_document), "docs/asyncapi.json is stale: run `make catalogue`"


def test_the_committed_event_reference_is_current(services_document) -> None:  # noqa: ANN001
    committed = (ROOT / "docs/event-reference.md").read_text(encoding="utf-8")
    assert committed == markdown(services_document), "docs/event-reference.md is stale: run `make catalogue`"
    assert "## Durable consumers" in committed and "`leagues-weeks` | leagues | DAILY" in committed
