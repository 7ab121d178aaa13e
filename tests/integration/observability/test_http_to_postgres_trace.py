"""One REST request is one trace: the gateway's HTTP span → its NATS request → the social and leagues
services' handling of it → their PostgreSQL queries, each span the child of the one before."""

import asyncio

import pytest
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.trace import SpanKind

from tests.support.social_system import social_beside
from tests.support.tracing import collected_spans

pytestmark = pytest.mark.integration
ROUTE = "/api/v1/friends/scores"  # asks the social service who, then the leagues service how much


def _children(spans: list[ReadableSpan], parent: ReadableSpan, name: str) -> list[ReadableSpan]:
    return [s for s in spans if s.name == name and s.parent is not None and s.parent.span_id == parent.context.span_id]


async def test_a_rest_request_is_one_trace_down_to_postgresql(
    system: str, private_nats_url: str, fresh_database: str
) -> None:
    exporter = collected_spans()
    async with social_beside(system, private_nats_url, fresh_database) as social:
        _, token = await social.player("Трасса")
        exporter.clear()
        answer = await social.call("GET", ROUTE, token)
        assert answer.status_code == 200, answer.text
        for _ in range(100):  # the server span ends just after the response went out
            spans = list(exporter.get_finished_spans())
            http = [s for s in spans if s.kind == SpanKind.SERVER and s.attributes.get("http.route") == f"GET {ROUTE}"]
            if http:
                break
            await asyncio.sleep(0.05)
        [http] = http
        for service, subject, handled in (("social", "social.cmd.friends.list", "social friends.list"),
                                          ("leagues", "leagues.q.friends", "leagues friends")):
            [request] = _children(spans, http, f"request {subject}")
            assert request.kind == SpanKind.CLIENT
            [handling] = _children(spans, request, handled)
            assert handling.kind == SpanKind.SERVER, service
            queries = _children(spans, handling, "postgresql SELECT") + _children(spans, handling, "postgresql WITH")
            assert queries, f"{service} ran no traced query: {[s.name for s in spans]}"
            for query in _descendants(spans, handling):
                assert query.name.startswith("postgresql "), query.name
                assert query.kind == SpanKind.CLIENT and query.attributes["db.system"] == "postgresql"
                assert "pg_advisory_unlock_all" not in query.attributes["db.statement"]  # not the pool's reset
        assert {s.context.trace_id for s in [http, *_descendants(spans, http)]} == {http.context.trace_id}


def _descendants(spans: list[ReadableSpan], root: ReadableSpan) -> list[ReadableSpan]:
    below = [s for s in spans if s.parent is not None and s.parent.span_id == root.context.span_id]
    return [*below, *[d for s in below for d in _descendants(spans, s)]]
