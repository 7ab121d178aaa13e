"""A PostgreSQL query is a span of the trace it runs in — and no span outside one, or when spans are only
context (nothing exports them)."""

import pytest
from echo_runtime import telemetry
from echo_runtime.db import STATEMENT_CHARS, query_span
from echo_runtime.telemetry import start_span
from opentelemetry.trace import SpanKind

from tests.support.tracing import collected_spans

pytestmark = pytest.mark.unit


@pytest.fixture
def spans():  # noqa: ANN201
    exporter = collected_spans()
    exporter.clear()
    return exporter


def test_a_query_in_a_trace_is_its_child_with_the_statement_cut_short(spans) -> None:  # noqa: ANN001
    statement = "  select * from leagues_games where account_id = $1 " + "-- padding " * 200
    with start_span("leagues friends", SpanKind.SERVER):
        with query_span(statement):
            pass
    query, handling = spans.get_finished_spans()
    assert query.name == "postgresql SELECT" and query.kind == SpanKind.CLIENT
    assert query.parent.span_id == handling.context.span_id
    assert query.attributes["db.system"] == "postgresql" and query.attributes["db.operation"] == "SELECT"
    assert query.attributes["db.statement"] == statement[:STATEMENT_CHARS]


def test_no_span_outside_a_trace(spans) -> None:  # noqa: ANN001
    with query_span("SELECT 1"):
        pass
    assert spans.get_finished_spans() == ()


def test_no_span_when_spans_are_only_context(spans, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    monkeypatch.setattr(telemetry, "_context_only", True)
    with start_span("leagues friends"):
        with query_span("SELECT 1"):
            pass
    assert spans.get_finished_spans() == ()
