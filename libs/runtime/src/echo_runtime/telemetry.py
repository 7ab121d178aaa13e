"""Traces: one move is one trace across gateway → NATS → engine → JetStream → projections.

The W3C trace context travels in NATS message headers (`traceparent`), as it does in HTTP. Spans go
over OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set, to stdout when OTEL_TRACES_EXPORTER=console (what
`make run` does, into .run/traces-<service>.log), and nowhere otherwise.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from opentelemetry import context, propagate, trace
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, ConsoleSpanExporter
from opentelemetry.trace import Span, SpanKind

_configured = False


def configure_tracing(service: str) -> None:
    global _configured
    if _configured:
        return
    provider = TracerProvider(resource=Resource.create({"service.name": os.environ.get("OTEL_SERVICE_NAME", service)}))
    if os.environ.get("OTEL_EXPORTER_OTLP_ENDPOINT"):
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
    elif os.environ.get("OTEL_TRACES_EXPORTER") == "console":
        provider.add_span_processor(BatchSpanProcessor(ConsoleSpanExporter()))
    trace.set_tracer_provider(provider)
    _configured = True


tracer = trace.get_tracer("echo")


def inject_headers(headers: dict[str, str] | None = None) -> dict[str, str]:
    """Headers carrying the current trace context (for a NATS publish or request)."""
    carrier = dict(headers or {})
    propagate.inject(carrier)
    return carrier


@contextmanager
def span_from_headers(name: str, headers: Mapping[str, str] | None, kind: SpanKind = SpanKind.CONSUMER,
                      **attributes: Any) -> Iterator[Span]:
    """A span continuing the trace whose context came in the message headers."""
    parent = propagate.extract(dict(headers or {}))
    token = context.attach(parent)
    try:
        with tracer.start_as_current_span(name, kind=kind, attributes=attributes) as span:
            yield span
    finally:
        context.detach(token)


def current_trace_ids() -> dict[str, str]:
    ctx = trace.get_current_span().get_span_context()
    if not ctx.is_valid:
        return {}
    return {"trace_id": format(ctx.trace_id, "032x"), "span_id": format(ctx.span_id, "016x")}
