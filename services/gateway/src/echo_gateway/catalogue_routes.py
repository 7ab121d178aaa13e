"""The event catalogue, served: the AsyncAPI 3.0 document as JSON and a small HTML page for people.

Both are generated from `echo_events` (see `echo_events.catalogue`) once per process, on first request.
They describe the contract only — type names, fields, subjects — never any event's data.

Wire them in with `CATALOGUE_ROUTES` (a tuple of Litestar handlers).
"""

from __future__ import annotations

from functools import cache
from html import escape
from typing import Any

from echo_events.catalogue import asyncapi
from echo_events.catalogue_markdown import type_of
from litestar import MediaType, Response, get

from .responses import MAY_PAUSE, AsyncApiDocument


@cache
def _document() -> dict[str, Any]:
    return asyncapi()


@cache
def _page() -> str:
    document = _document()
    schemas, messages = document["components"]["schemas"], document["components"]["messages"]
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Echo Challenge — events</title>",
        "<style>body{font:15px/1.4 system-ui,sans-serif;max-width:70em;margin:2em auto;padding:0 1em}"
        "table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #ccc;padding:.2em .5em;"
        "text-align:left;vertical-align:top}code{font-size:90%}</style></head><body>",
        "<h1>Echo Challenge — event catalogue</h1>",
        f"<p>{escape(document['info']['description'].split(chr(10))[0])}</p>",
        "<p>Machine-readable: <a href='/api/v1/catalogue/asyncapi.json'>AsyncAPI "
        f"{escape(document['asyncapi'])} (JSON)</a>.</p>",
        "<h2>Subjects</h2><table><tr><th>subject</th><th>stream</th><th>meaning</th></tr>",
    ]
    for channel in document["channels"].values():
        parts.append(f"<tr><td><code>{escape(channel['address'] or '(reply inbox)')}</code></td>"
                     f"<td>{escape(channel.get('x-stream') or '— core NATS')}</td>"
                     f"<td>{escape(channel['description'])}</td></tr>")
    parts.append("</table><h2>Events</h2>")
    for name, message in messages.items():
        if "x-event-type" not in message:
            continue
        payload = message["payload"]["$ref"].rsplit("/", 1)[1].removesuffix("Envelope")
        upcasters = ", ".join(f"v{v}→v{v + 1}" for v in message["x-upcasters-from"]) or "none"
        subject, stream = message["x-subject"] or "unknown", message["x-stream"] or "unknown"
        parts.append(f"<h3 id='{escape(name)}'><code>{escape(name)}</code> v{message['x-schema-version']}</h3>"
                     f"<p>{escape(message['summary'])}<br>Subject <code>{escape(subject)}</code> "
                     f"(stream {escape(stream)}); upcasters: {upcasters}.</p>")
        parts.append(_fields(schemas[payload]))
    parts.append("</body></html>")
    return "".join(parts)


def _fields(schema: dict[str, Any]) -> str:
    required = set(schema.get("required", ()))
    rows = ["<table><tr><th>field</th><th>type</th><th>required</th><th>meaning</th></tr>"]
    for field, prop in schema.get("properties", {}).items():
        rows.append(f"<tr><td><code>{escape(field)}</code></td><td><code>{escape(type_of(prop))}</code></td>"
                    f"<td>{'yes' if field in required else ''}</td>"
                    f"<td>{escape(prop.get('description', ''))}</td></tr>")
    rows.append("</table>")
    return "".join(rows)


@get("/api/v1/catalogue/asyncapi.json", operation_id="catalogueAsyncApi", **MAY_PAUSE)
async def catalogue_asyncapi() -> AsyncApiDocument:
    """The AsyncAPI 3.0 document of every stream, subject and event, generated from the contract."""
    return _document()


@get("/catalogue", operation_id="cataloguePage", media_type=MediaType.HTML, **MAY_PAUSE)
async def catalogue_page() -> Response[str]:
    """The catalogue for people: subjects, events, versions and fields."""
    return Response(_page(), media_type=MediaType.HTML)


CATALOGUE_ROUTES = (catalogue_asyncapi, catalogue_page)
