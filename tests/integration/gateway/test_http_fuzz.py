"""Fuzzing the HTTP API: whatever a client sends to any route of the gateway — odd path parameters, query
strings and bodies, with no session, a garbage one or a real guest's — the answer is never a 5xx, every
4xx is JSON that says what was wrong, the gateway stays ready, and nobody else's data changes.

Not even a 503: every service the routes ask (engine, leagues, social) is running, and today's Daily is
published, so "unavailable" would be a bug too. The routes come from the gateway's app itself, so a new
route is fuzzed without touching this file. Examples are drawn synchronously by hypothesis first, then sent
(as the WebSocket fuzzer does): the services share the test's event loop, and no shrinking is needed when a
failure lists every offending request, ready to replay by hand. ECHO_HTTP_FUZZ_SCALE=10 hunts longer.
Inputs it found answered with a 500 are kept as plain examples in test_http_hostile.py.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from echo_events.moscow import moscow_date
from echo_gateway.app import create_app as create_gateway
from echo_gateway.settings import DEV_SESSION_SECRET
from echo_gateway.settings import Settings as GatewaySettings
from echo_runtime.clock import SystemClock
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from itsdangerous import URLSafeSerializer
from litestar.routes import HTTPRoute

from tests.support.play import free_sectors, publish_daily
from tests.support.social_system import social_beside
from tests.support.wsclient import Device

pytestmark = [pytest.mark.integration, pytest.mark.slow]

PARAMETER = re.compile(r"\{(\w+):\w+\}")
FUZZED_METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")
AUTHS = ("none", "garbage", "guest")
SCALE = int(os.environ.get("ECHO_HTTP_FUZZ_SCALE", "1"))  # more examples per route, for a longer hunt
HTML_PAGES = ("/schema", "/api/schema")  # Litestar's API docs, for people: their 404 is an HTML page
MAX_TARGET = 60_000  # httpx refuses to send a URL component over 64 KiB


def http_routes() -> list[tuple[str, str]]:
    """(method, path template) of every HTTP route the gateway serves, from the app itself."""
    app = create_gateway(GatewaySettings(nats_url="nats://127.0.0.1:1", database_url="postgresql://unused/unused",
                                         dev_mode=True))  # nothing connects until the app starts
    found = set()
    for route in app.routes:
        if isinstance(route, HTTPRoute):
            found.update((method, route.path) for method in route.methods if method in FUZZED_METHODS)
    return sorted(found, key=lambda r: (r[1], r[0]))


# --- what goes in -----------------------------------------------------------------------------------------

header_safe = st.characters(blacklist_categories=("Cs", "Cc"))  # what a client can put in a header
texts = st.text(max_size=40)
long_texts = st.sampled_from([300, 3000, 20000]).flatmap(
    lambda n: st.sampled_from(["a" * n, "я" * n, "../" * (n // 3), "%" * n, "0" * n]))
tricky = st.sampled_from([
    "", " ", "0", "-1", "1.5", "1e309", "NaN", "null", "undefined", "true", "[]", "{}", "..", "../", "./",
    "../../etc/passwd", "..%2f..%2fetc%2fpasswd", "%2e%2e", "%", "%zz", "%00", "\x00", "\u202e", "🦆", "Ω",
    "bronze", "silver", "gold", "diamond", "me", "today", "all", "2026-11-01", "2026-02-30", "9999-12-31",
    "0000-00-00", "2026-13-45", "-2026-01-01", "2026-11-01T00:00:00", "' OR 1=1 --", "<script>", "a" * 64,
    "a" * 65, "x" * 16, "A-_" * 10, "index.html", "js", "\\..\\..\\windows",
])
numbers = st.integers(-2**70, 2**70).map(str)
dates = st.dates().map(lambda d: d.isoformat())


@dataclass
class Known:
    """Ids of the real other player and his game, for the fuzzer to aim at."""

    ids: list[str] = field(default_factory=list)


known = Known()
real_ids = st.builds(lambda i: known.ids[i % len(known.ids)] if known.ids else "", st.integers(0, 10))
URL_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
id_like = st.text(URL_SAFE, min_size=1, max_size=130)  # passes the services' shape checks, reaches their data
segments = st.one_of(tricky, texts, long_texts, numbers, dates, real_ids, id_like)
encodings = st.sampled_from(["plain", "slashes-kept", "every-byte"])


def encode_segment(value: str, how: str) -> str:
    if how == "plain":
        return quote(value, safe="")
    if how == "slashes-kept":
        return quote(value, safe="/")
    return "".join(f"%{b:02X}" for b in value.encode())


beyond_64_bits = st.sampled_from([2**63, 2**64, -(2**63) - 1, 10**30])
scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), beyond_64_bits, st.floats(allow_nan=False),
                    texts, real_ids)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(texts, inner, max_size=3),
                      max_leaves=8)
deep = st.sampled_from([20, 255, 300, 900, 5000]).map(lambda depth: "[" * depth + "]" * depth)
json_bodies = st.one_of(
    values.map(json.dumps),
    st.dictionaries(st.sampled_from(["callsign", "email", "token", "account_id", "query", "limit", "x"]),
                    st.one_of(values, long_texts, tricky), max_size=3).map(json.dumps),
    st.sampled_from(["callsign", "email", "token", "account_id"]).flatmap(
        lambda key: deep.map(lambda nested: f'{{"{key}": {nested}}}')),
    st.sampled_from(['{"callsign": NaN}', '{"callsign": 1e400}', '{"email": Infinity}', '{"token": -1e999}']),
)
raw_bodies = st.one_of(
    st.binary(max_size=200), st.sampled_from([b"{", b"[1,", b"\xff\xfe", b"not json", b"null", b"", b"a=1&b=2"]),
    st.sampled_from([100_000, 1_000_000]).map(lambda n: b'{"callsign": "' + b"x" * n + b'"}'),
)
emails = st.one_of(st.builds("{}@{}".format, texts, texts), st.builds("{}@example.org".format, id_like), tricky)
plausible_bodies = st.fixed_dictionaries({}, optional={
    "callsign": st.one_of(st.text(min_size=1, max_size=24), tricky, values),
    "email": st.one_of(emails, values),
    "token": st.one_of(id_like, tricky, values),
    "account_id": st.one_of(real_ids, id_like, tricky, values),
}).map(json.dumps)  # the fields the routes read, shaped like or near what they expect
bodies = st.one_of(st.none(), plausible_bodies.map(str.encode), plausible_bodies.map(str.encode),
                   json_bodies.map(str.encode), raw_bodies)
content_types = st.sampled_from([None, "application/json", "application/json; charset=latin-1", "text/plain",
                                 "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "*/*"])
query_keys = st.one_of(st.sampled_from(["league", "limit", "token", "q", "day", "game_id", "viewer", "account_id"]),
                       texts)
query_values = st.one_of(segments, st.sampled_from(["1", "0", "-1", "100", "1000000", "2e3", str(2**64), str(2**70)]))
queries = st.one_of(
    st.lists(st.tuples(query_keys, query_values), max_size=4).map(
        lambda pairs: "&".join(f"{quote(k, safe='')}={quote(v, safe='')}" for k, v in pairs)),
    st.sampled_from(["", "&&&", "=", "==x", "%", "%zz=%zz", "a", "limit", "limit=", "limit=1&limit=2", "?"]),
)
garbage_tokens = st.one_of(
    st.text(header_safe, max_size=60).map(lambda t: f"Bearer {t}".strip()),
    st.sampled_from(["Bearer", "Bearer  x", "bearer x", "Basic dXNlcjpwYXNz", "Token abc", "", "Bearer a.b",
                     "Bearer " + "x" * 10000]),
    st.sampled_from([["x"], {"a": 1, "d": "d"}, {"a": "a"}, "just a string", None]).map(
        lambda payload: "Bearer " + URLSafeSerializer("not-the-secret", salt="echo.session.v1").dumps(payload)),
    st.sampled_from([["x"], {"a": 1, "d": "d"}, {"d": "d"}, 7]).map(  # signed right, shaped wrong
        lambda payload: "Bearer " + URLSafeSerializer(DEV_SESSION_SECRET, salt="echo.session.v1").dumps(payload)),
)


@dataclass
class Shot:
    method: str
    target: str
    auth: str
    authorization: str | None
    body: bytes | None
    content_type: str | None

    def describe(self) -> str:
        body = None if self.body is None else self.body[:120]
        authorization = None if self.authorization is None else self.authorization[:80]
        return (f"{self.method} {self.target[:300]} auth={self.auth} authorization={authorization!r} "
                f"content-type={self.content_type!r} body={body!r}")


def shots_for(method: str, template: str, auth: str) -> st.SearchStrategy[Shot]:
    names = PARAMETER.findall(template)

    @st.composite
    def shot(draw: st.DrawFn) -> Shot:
        path = template
        for name in names:
            value = encode_segment(draw(segments), draw(encodings))
            path = re.sub(r"\{" + name + r":\w+\}", lambda _m, v=value: v, path)
        query = draw(queries)
        authorization = draw(garbage_tokens) if auth == "garbage" else None
        body = content_type = None
        if method in ("POST", "PUT", "PATCH", "DELETE"):
            body, content_type = draw(bodies), draw(content_types)
        target = (path + ("?" + query if query else ""))[:MAX_TARGET]
        return Shot(method, target, auth, authorization, body, content_type)

    return shot()


def examples_for(template: str) -> int:
    """Per route, method and kind of session. Hypothesis's first example is the minimal one (every string
    empty); the others are random. Routes with path parameters have the most to explore."""
    return SCALE * ((2 if template.startswith("/api/") else 1) + (1 if PARAMETER.search(template) else 0))


def draw_shots(routes: list[tuple[str, str]]) -> list[Shot]:
    shots: list[Shot] = []
    for method, template in routes:
        for auth in AUTHS:

            @settings(max_examples=examples_for(template), deadline=None, database=None,
                      suppress_health_check=list(HealthCheck))
            @given(shots_for(method, template, auth))
            def collect(shot: Shot) -> None:
                shots.append(shot)

            collect()
    return shots


# --- what must come out -----------------------------------------------------------------------------------


def message_of(body: Any) -> Any:
    """The gateway's two error shapes: Litestar's `{"status_code", "detail", "extra"?}` and the services'
    `{"error": {"code", "message", ...}}`."""
    if not isinstance(body, dict):
        return None
    if isinstance(body.get("error"), dict):
        return body["error"].get("message")
    return body.get("detail")


def problem_with(shot: Shot, response: httpx.Response) -> str | None:
    if response.status_code >= 500:
        return f"{response.status_code} {response.text[:300]}"
    if response.status_code >= 400 and not shot.target.startswith(HTML_PAGES):
        try:
            body = response.json()
        except ValueError:
            return f"{response.status_code} not JSON: {response.text[:300]!r}"
        message = message_of(body)
        if not isinstance(message, str) or not message.strip():
            return f"{response.status_code} without a message: {response.text[:300]}"
    return None


async def send(client: httpx.AsyncClient, shot: Shot, guest_token: str) -> httpx.Response:
    headers: dict[str, Any] = {}
    if shot.auth == "guest":
        headers["authorization"] = f"Bearer {guest_token}"
    elif shot.authorization is not None:
        headers["authorization"] = shot.authorization.encode()
    if shot.content_type is not None:
        headers["content-type"] = shot.content_type
    url = httpx.URL(client.base_url, raw_path=shot.target.encode("ascii"))
    return await client.request(shot.method, url, headers=headers, content=shot.body)


async def test_random_requests_never_break_the_gateway(system: str, private_nats_url: str,
                                                       fresh_database: str) -> None:
    async with social_beside(system, private_nats_url, fresh_database) as social:
        await publish_daily(social.nc.jetstream(), moscow_date(SystemClock().now()))
        _, token = await social.guest()
        other = await Device.guest(system)
        welcome = await other.connect()
        game = await other.command("start", mode="free", preset="standard")
        sectors = free_sectors(welcome["account_id"], "standard")
        assert (await other.command("probe", game_id=game["game_id"], sector=sectors[0]))["type"] == "ack"
        for _ in range(50):  # the social service adopts the guest from the ACCOUNTS stream
            named = await social.call("PUT", "/api/v1/account/callsign", other.token, json={"callsign": "Чужой"})
            if named.status_code != 404:
                break
            await asyncio.sleep(0.1)
        assert named.status_code == 200, named.text
        known.ids[:] = [welcome["account_id"], game["game_id"]]

        async def others_state() -> tuple[Any, Any]:
            seen = await social.call("GET", f"/api/v1/games/{game['game_id']}", other.token)
            account = await social.call("GET", "/api/v1/account", other.token)
            assert seen.status_code == 200 and account.status_code == 200, (seen.text, account.text)
            return seen.json(), account.json()

        before = await others_state()
        routes = http_routes()
        assert {path for _, path in routes} >= {"/api/v1/guest", "/api/v1/games/{game_id:str}",
                                                "/api/v1/charts/{league:str}/{day:str}"}
        shots = draw_shots(routes)

        started = time.monotonic()
        failures: list[str] = []
        statuses: Counter[int] = Counter()
        async with httpx.AsyncClient(base_url=system, timeout=30) as client:
            for shot in shots:
                try:
                    response = await send(client, shot, token)
                except httpx.HTTPError as error:
                    failures.append(f"{shot.describe()}\n  -> {type(error).__name__}: {error}")
                    continue
                statuses[response.status_code] += 1
                if problem := problem_with(shot, response):
                    failures.append(f"{shot.describe()}\n  -> {problem}")
        elapsed = time.monotonic() - started
        print(f"{len(shots)} requests over {len(routes)} routes in {elapsed:.1f} s: {dict(sorted(statuses.items()))}")
        assert not failures, f"{len(failures)} of {len(shots)} requests answered badly:\n" + "\n".join(failures)

        async with httpx.AsyncClient(base_url=system, timeout=10) as client:
            assert (await client.get("/readyz")).status_code == 200
            assert (await client.get("/api/v1/daily/today")).status_code == 200
            options = await client.get("/api/v1/play/options", headers={"authorization": f"Bearer {token}"})
            assert options.status_code == 200, options.text
        after = await others_state()
        assert after[0]["version"] == before[0]["version"]
        assert after == before  # the other player's game (view and version) and account
        assert (await other.command("probe", game_id=game["game_id"], sector=sectors[1]))["type"] == "ack"
        await other.close()
