"""With no span exporter, spans are context only: the trace still travels in headers and reaches logs."""

import pytest
from echo_runtime import telemetry
from echo_runtime.telemetry import current_trace_ids, inject_headers, span_from_headers, start_span

pytestmark = pytest.mark.unit


@pytest.fixture(autouse=True)
def context_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(telemetry, "_context_only", True)


def test_a_message_continues_the_trace_of_the_request_that_sent_it():
    with start_span("gateway asks") as _:
        sent = inject_headers({"Nats-Msg-Id": "x"})
        asking = current_trace_ids()
    assert sent["Nats-Msg-Id"] == "x" and asking["trace_id"] in sent["traceparent"]
    with span_from_headers("engine handles", sent):
        handling = current_trace_ids()
        onward = inject_headers()
    assert handling["trace_id"] == asking["trace_id"] and handling["span_id"] != asking["span_id"]
    assert onward["traceparent"].split("-")[1:3] == [handling["trace_id"], handling["span_id"]]
    assert current_trace_ids() == {}  # nothing is left current afterwards


@pytest.mark.parametrize("traceparent", [None, "", "garbage", "00-zz-yy-01", "00-" + "0" * 32 + "-" + "0" * 16 + "-01"])
def test_a_message_without_a_valid_trace_starts_a_new_one(traceparent):
    headers = {} if traceparent is None else {"traceparent": traceparent}
    with span_from_headers("consume", headers):
        ids = current_trace_ids()
    assert len(ids["trace_id"]) == 32 and ids["trace_id"] != "0" * 32
