"""With no exporter, `traceparent` is read and written without the propagators, as they would: the same
headers continue the same trace, the same ones start a new trace, and what is sent is what they send."""

import pytest
from echo_runtime import telemetry
from echo_runtime.telemetry import current_trace_ids, inject_headers, span_from_headers, start_span
from opentelemetry import propagate, trace

pytestmark = pytest.mark.unit

TRACE = "4bf92f3577b34da6a3ce929d0e0e4736"
SPAN = "00f067aa0ba902b7"
TRACEPARENTS = [
    f"00-{TRACE}-{SPAN}-01", f"00-{TRACE}-{SPAN}-00", f" \t00-{TRACE}-{SPAN}-01 \t", f"01-{TRACE}-{SPAN}-01-later",
    f"00-{TRACE}-{SPAN}-01-extra", f"ff-{TRACE}-{SPAN}-01", f"00-{TRACE.upper()}-{SPAN}-01",
    f"00-{'0' * 32}-{SPAN}-01", f"00-{TRACE}-{'0' * 16}-01", f"00-{TRACE}-{SPAN}", f"00-{TRACE}-{SPAN}-01" + " " * 500,
    f"00-{TRACE}-{SPAN}-01\n", "", "garbage",
]


@pytest.fixture(autouse=True)
def context_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(telemetry, "_context_only", True)


def _propagators_trace_id(headers: dict[str, str]) -> str | None:
    context = trace.get_current_span(propagate.extract(headers)).get_span_context()
    return format(context.trace_id, "032x") if context.is_valid else None


@pytest.mark.parametrize("traceparent", TRACEPARENTS)
def test_a_message_continues_the_trace_the_propagators_read_in_it(traceparent):
    headers = {"traceparent": traceparent, "tracestate": "vendor=1"}
    expected = _propagators_trace_id(headers)
    with span_from_headers("consume", headers):
        continued = current_trace_ids()["trace_id"]
    assert continued == expected if expected is not None else continued != TRACE.lower()


def test_what_is_sent_is_what_the_propagators_send():
    with start_span("ask"):
        assert inject_headers({"Nats-Msg-Id": "x"}) == propagate_inject({"Nats-Msg-Id": "x"})
    assert inject_headers() == propagate_inject({}) == {}


def propagate_inject(headers: dict[str, str]) -> dict[str, str]:
    carrier = dict(headers)
    propagate.inject(carrier)
    return carrier
