"""Traces: one move is one trace across gateway → NATS → engine → JetStream → projections.

The W3C trace context travels in NATS message headers (`traceparent`), as it does in HTTP. Spans go
over OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set, to stdout when OTEL_TRACES_EXPORTER=console (what
`make run` does, into .run/traces.log), and nowhere otherwise. With no exporter, a span is
only its context: the trace id still travels in the headers and reaches the logs, without the SDK's
work for a span nobody will read (that work cost the engine about a tenth of its CPU per move). The
W3C `traceparent` header is then read and written here directly, as the propagators would: their
composite of trace context and baggage cost ~6 µs a message in a loop, for nothing but a trace id.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from types import TracebackType
from typing import Any, TextIO

from opentelemetry import baggage, context, propagate, trace
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, ConsoleSpanExporter, SpanExporter
from opentelemetry.trace import NonRecordingSpan, Span, SpanContext, SpanKind

_configured = False
_context_only = False  # no exporter: spans carry ids for propagation and logs, and nothing else


def configure_tracing(service: str, console: TextIO | None = None) -> None:
    """Once per process; `console` is where OTEL_TRACES_EXPORTER=console writes (default: stdout)."""
    global _configured, _context_only
    if _configured:
        return
    resource = Resource.create({"service.name": os.environ.get("OTEL_SERVICE_NAME", service)})
    exporter = _exporter(console)
    provider = TracerProvider(resource=resource)
    if exporter is not None:
        provider.add_span_processor(BatchSpanProcessor(exporter))
    trace.set_tracer_provider(provider)
    _context_only = exporter is None
    _configured = True


def _exporter(console: TextIO | None) -> SpanExporter | None:
    if os.environ.get("OTEL_EXPORTER_OTLP_ENDPOINT"):
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        return OTLPSpanExporter()
    if os.environ.get("OTEL_TRACES_EXPORTER") == "console":
        return ConsoleSpanExporter() if console is None else ConsoleSpanExporter(out=console)
    return None


tracer = trace.get_tracer("echo")

TRACEPARENT = "traceparent"
TRACESTATE = "tracestate"
#: the propagators in use (OTEL_PROPAGATORS) are W3C's, whose header this module can read and write itself
_W3C_ONLY = propagate.get_global_textmap().fields <= {TRACEPARENT, TRACESTATE, "baggage"}
#: W3C Trace Context's `traceparent`, as opentelemetry's TraceContextTextMapPropagator matches it
_TRACEPARENT_FORMAT = re.compile(
    r"^[ \t]*([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(?:(-.*)|[ \t]*)$")
_TRACEPARENT_MAXIMUM_LENGTH = 512


def inject_headers(headers: dict[str, str] | None = None) -> dict[str, str]:
    """Headers carrying the current trace context (for a NATS publish or request)."""
    carrier = dict(headers or {})
    if not (_context_only and _W3C_ONLY) or baggage.get_all():
        propagate.inject(carrier)
        return carrier
    span_context = trace.get_current_span().get_span_context()
    if span_context.is_valid:
        carrier[TRACEPARENT] = (f"00-{span_context.trace_id:032x}-{span_context.span_id:016x}-"
                                f"{span_context.trace_flags:02x}")
        if span_context.trace_state:
            carrier[TRACESTATE] = span_context.trace_state.to_header()
    return carrier


def span_from_headers(name: str, headers: Mapping[str, str] | None, kind: SpanKind = SpanKind.CONSUMER,
                      **attributes: Any) -> AbstractContextManager[Span]:
    """A span continuing the trace whose context came in the message headers."""
    if _context_only:
        return _ContextSpan(_trace_id_in(headers))
    return _recorded_span_from_headers(name, headers, kind, attributes)


def _trace_id_in(headers: Mapping[str, str] | None) -> int | None:
    """The trace id of the headers' valid `traceparent` (None: none, or not valid)."""
    if not _W3C_ONLY:
        parent = trace.get_current_span(propagate.extract(dict(headers or {}))).get_span_context()
        return parent.trace_id if parent.is_valid else None
    header = headers.get(TRACEPARENT) if headers else None
    if not header or len(header) > _TRACEPARENT_MAXIMUM_LENGTH:
        return None
    match = _TRACEPARENT_FORMAT.search(header)
    if match is None:
        return None
    version, trace_id, span_id, _flags, rest = match.groups()
    if trace_id == "0" * 32 or span_id == "0" * 16 or version == "ff" or (version == "00" and rest):
        return None
    return int(trace_id, 16)


@contextmanager
def _recorded_span_from_headers(name: str, headers: Mapping[str, str] | None, kind: SpanKind,
                                attributes: dict[str, Any]) -> Iterator[Span]:
    parent = propagate.extract(dict(headers or {}))
    token = context.attach(parent)
    try:
        with tracer.start_as_current_span(name, kind=kind, attributes=attributes) as span:
            yield span
    finally:
        context.detach(token)


def start_span(name: str, kind: SpanKind = SpanKind.INTERNAL, **attributes: Any) -> AbstractContextManager[Span]:
    """A span in the current trace (a new trace if there is none)."""
    if _context_only:
        parent = trace.get_current_span().get_span_context()
        return _ContextSpan(parent.trace_id if parent.is_valid else None)
    return tracer.start_as_current_span(name, kind=kind, attributes=attributes)


def recording_in_trace() -> bool:
    """Whether a span made now would be recorded and belong to a trace: spans are exported (or a test
    collects them), and something traced is under way."""
    return not _context_only and trace.get_current_span().get_span_context().is_valid


class _ContextSpan:
    """The current span for a block: the given trace (a new one for None), a span id of its own. A class, not
    a generator: one is made for every message."""

    __slots__ = ("_span", "_token")

    def __init__(self, trace_id: int | None) -> None:
        self._span = NonRecordingSpan(SpanContext(trace_id or random.getrandbits(128), random.getrandbits(64),
                                                  is_remote=False))

    def __enter__(self) -> Span:
        self._token = context.attach(trace.set_span_in_context(self._span))
        return self._span

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        context.detach(self._token)


def current_trace_ids() -> dict[str, str]:
    ctx = trace.get_current_span().get_span_context()
    if not ctx.is_valid:
        return {}
    return {"trace_id": format(ctx.trace_id, "032x"), "span_id": format(ctx.span_id, "016x")}
