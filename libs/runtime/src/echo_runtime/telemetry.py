"""Traces: one move is one trace across gateway → NATS → engine → JetStream → projections.

The W3C trace context travels in NATS message headers (`traceparent`), as it does in HTTP. Spans go
over OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set, to stdout when OTEL_TRACES_EXPORTER=console (what
`make run` does, into .run/traces-<service>.log), and nowhere otherwise. With no exporter, a span is
only its context: the trace id still travels in the headers and reaches the logs, without the SDK's
work for a span nobody will read (that work cost the engine about a tenth of its CPU per move).
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from opentelemetry import context, propagate, trace
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, ConsoleSpanExporter, SpanExporter
from opentelemetry.trace import NonRecordingSpan, Span, SpanContext, SpanKind

_configured = False
_context_only = False  # no exporter: spans carry ids for propagation and logs, and nothing else


def configure_tracing(service: str) -> None:
    global _configured, _context_only
    if _configured:
        return
    resource = Resource.create({"service.name": os.environ.get("OTEL_SERVICE_NAME", service)})
    exporter = _exporter()
    provider = TracerProvider(resource=resource)
    if exporter is not None:
        provider.add_span_processor(BatchSpanProcessor(exporter))
    trace.set_tracer_provider(provider)
    _context_only = exporter is None
    _configured = True


def _exporter() -> SpanExporter | None:
    if os.environ.get("OTEL_EXPORTER_OTLP_ENDPOINT"):
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        return OTLPSpanExporter()
    if os.environ.get("OTEL_TRACES_EXPORTER") == "console":
        return ConsoleSpanExporter()
    return None


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
    if _context_only:
        with _context_span(trace.get_current_span(parent).get_span_context()) as span:
            yield span
        return
    token = context.attach(parent)
    try:
        with tracer.start_as_current_span(name, kind=kind, attributes=attributes) as span:
            yield span
    finally:
        context.detach(token)


@contextmanager
def start_span(name: str, kind: SpanKind = SpanKind.INTERNAL, **attributes: Any) -> Iterator[Span]:
    """A span in the current trace (a new trace if there is none)."""
    if _context_only:
        with _context_span(trace.get_current_span().get_span_context()) as span:
            yield span
        return
    with tracer.start_as_current_span(name, kind=kind, attributes=attributes) as span:
        yield span


def recording_in_trace() -> bool:
    """Whether a span made now would be recorded and belong to a trace: spans are exported (or a test
    collects them), and something traced is under way."""
    return not _context_only and trace.get_current_span().get_span_context().is_valid


@contextmanager
def _context_span(parent: SpanContext) -> Iterator[Span]:
    """The current span for a block: the parent's trace (a new one if it has none), a span id of its own."""
    trace_id = parent.trace_id if parent.is_valid else random.getrandbits(128)
    span = NonRecordingSpan(SpanContext(trace_id, random.getrandbits(64), is_remote=False))
    token = context.attach(trace.set_span_in_context(span))
    try:
        yield span
    finally:
        context.detach(token)


def current_trace_ids() -> dict[str, str]:
    ctx = trace.get_current_span().get_span_context()
    if not ctx.is_valid:
        return {}
    return {"trace_id": format(ctx.trace_id, "032x"), "span_id": format(ctx.span_id, "016x")}
