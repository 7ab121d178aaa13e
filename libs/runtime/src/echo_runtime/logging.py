"""structlog set up once per process: JSON when not on a terminal, pretty on one. Records of the
standard library's loggers (uvicorn, asyncio, nats) go through the same renderer."""

from __future__ import annotations

import logging
import sys

import structlog

from .telemetry import current_trace_ids


def _add_trace_ids(_: object, __: str, event: dict) -> dict:
    event.update(current_trace_ids())
    return event


def configure_logging(service: str, fmt: str = "auto", level: str = "info") -> None:
    use_json = fmt == "json" or (fmt == "auto" and not sys.stderr.isatty())
    renderer: structlog.types.Processor = (
        structlog.processors.JSONRenderer(ensure_ascii=False) if use_json else structlog.dev.ConsoleRenderer()
    )
    shared: list[structlog.types.Processor] = [
        structlog.contextvars.merge_contextvars,
        _add_trace_ids,
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
    ]
    structlog.configure(
        processors=[*shared, structlog.processors.StackInfoRenderer(),
                    structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=shared,
        processors=[structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                    structlog.processors.format_exc_info, renderer],
    ))
    root = logging.getLogger()
    root.handlers = [handler]
    numeric = logging.getLevelNamesMapping().get(level.upper(), logging.INFO)
    root.setLevel(numeric)
    for noisy in ("asyncio", "nats", "uvicorn.access"):
        logging.getLogger(noisy).setLevel(max(numeric, logging.WARNING))
    structlog.contextvars.bind_contextvars(service=service)
