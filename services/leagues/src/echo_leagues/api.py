"""The leagues read API over NATS request/reply: `leagues.q.<name>`, queue group `leagues`.

Requests and replies are JSON objects. A reply is `{"ok": true, ...}` or
`{"ok": false, "error": {"code", "message"}}` with code `bad_request`, `not_found`, `not_closed` or
`internal_error`. `viewer` (an account id) is set by the gateway from a verified session token, never
by a client; the service trusts it because `leagues.q.*` is an internal subject.

| subject                     | request                                              |
|-----------------------------|------------------------------------------------------|
| leagues.q.chart             | league, date (YYYY-MM-DD), limit?, viewer?           |
| leagues.q.results           | league, date, limit?, viewer?  (after the close)     |
| leagues.q.game_of_the_day   | date (the Bronze Daily's; after the close)           |
| leagues.q.daily             | league, date  (a Daily's number, name, preset, special: its image) |
| leagues.q.group             | group_id («2026-11-23:bronze:1»)                     |
| leagues.q.player            | account_id, date?                                    |
| leagues.q.league            | account_id  (only the league: what a Daily start asks) |
| leagues.q.leagues           | account_ids [..]  (each one's league: whom a notice goes to) |
| leagues.q.friends           | account_ids [..], date?, viewer?                     |
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg
import structlog
from echo_runtime.clock import Clock
from echo_runtime.telemetry import span_from_headers
from echo_runtime.today import DailiesToday
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription
from opentelemetry.trace import SpanKind

from . import queries
from .frames import FrameCache
from .groups import LEAGUE_ORDER, parse_group_id

log = structlog.get_logger(__name__)

PREFIX = "leagues.q."
QUEUE = "leagues"
MAX_IDS = 500


def subject(name: str) -> str:
    return PREFIX + name


class BadRequest(ValueError):
    code = "bad_request"


async def _date(request: dict[str, Any], today: DailiesToday) -> dt.date:
    """The request's date; without one, today as the Dailies say (not this service's wall clock)."""
    value = request.get("date")
    if value is None:
        return await today.date()
    try:
        return dt.date.fromisoformat(str(value))
    except ValueError:
        raise BadRequest("date must be YYYY-MM-DD") from None


def _league(request: dict[str, Any]) -> str:
    league = request.get("league")
    if league not in LEAGUE_ORDER:
        raise BadRequest(f"league must be one of {', '.join(LEAGUE_ORDER)}")
    return league


def _limit(request: dict[str, Any]) -> int:
    try:
        return max(1, min(int(request.get("limit", 100)), queries.MAX_LIMIT))
    except (TypeError, ValueError):
        raise BadRequest("limit must be a number") from None


def _account_ids(request: dict[str, Any]) -> list[str]:
    ids = request.get("account_ids")
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids) or len(ids) > MAX_IDS:
        raise BadRequest(f"account_ids must be a list of at most {MAX_IDS} ids")
    return ids


def _viewer(request: dict[str, Any]) -> str | None:
    viewer = request.get("viewer")
    return str(viewer) if viewer else None


class QueryApi:
    def __init__(self, pool: asyncpg.Pool, nc: Client, clock: Clock) -> None:
        self._pool = pool
        self._js = nc.jetstream()
        self._today = DailiesToday(nc, self._js, clock)
        self._frames = FrameCache(nc)
        self._inflight: set[asyncio.Task[None]] = set()
        self.routes: dict[str, Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]] = {
            "chart": self.chart,
            "results": self.results,
            "game_of_the_day": self.game_of_the_day,
            "daily": self.daily,
            "group": self.group,
            "player": self.player,
            "league": self.league,
            "leagues": self.leagues,
            "friends": self.friends,
        }

    async def _day(self, r: dict[str, Any]) -> dt.date:
        return await _date(r, self._today)

    async def chart(self, r: dict[str, Any]) -> dict[str, Any]:
        return await queries.chart(self._pool, _league(r), await self._day(r), limit=_limit(r), viewer=_viewer(r))

    async def results(self, r: dict[str, Any]) -> dict[str, Any]:
        return await queries.day_results(
            self._pool, _league(r), await self._day(r), limit=_limit(r), viewer=_viewer(r)
        )

    async def daily(self, r: dict[str, Any]) -> dict[str, Any]:
        return await queries.daily_card(self._pool, _league(r), await self._day(r))

    async def game_of_the_day(self, r: dict[str, Any]) -> dict[str, Any]:
        day = await self._day(r)
        leader = await queries.leader_game(self._pool, day)
        if leader is None:
            raise queries.NotFound(f"nobody scored in the Bronze Daily of {day}")
        game_id, callsign = leader
        frames = await self._frames.frames(game_id)
        return {
            "date": day.isoformat(),
            "league": "bronze",
            "game_id": game_id,
            "callsign": callsign,
            "credits": frames[-1]["credits"],
            "frames": frames,
        }

    async def group(self, r: dict[str, Any]) -> dict[str, Any]:
        try:
            week, league, number = parse_group_id(str(r.get("group_id", "")))
        except ValueError:
            raise BadRequest("group_id looks like 2026-11-23:bronze:1") from None
        return await queries.group_standings(self._pool, week, league, number)

    async def player(self, r: dict[str, Any]) -> dict[str, Any]:
        account_id = r.get("account_id")
        if not isinstance(account_id, str) or not account_id:
            raise BadRequest("account_id is required")
        return await queries.player(self._pool, account_id, await self._day(r))

    async def league(self, r: dict[str, Any]) -> dict[str, Any]:
        account_id = r.get("account_id")
        if not isinstance(account_id, str) or not account_id:
            raise BadRequest("account_id is required")
        return {"account_id": account_id, "league": await queries.league_of(self._pool, account_id)}

    async def leagues(self, r: dict[str, Any]) -> dict[str, Any]:
        return {"leagues": await queries.leagues_of(self._pool, _account_ids(r))}

    async def friends(self, r: dict[str, Any]) -> dict[str, Any]:
        scores = await queries.friends_scores(self._pool, _account_ids(r), await self._day(r), viewer=_viewer(r))
        return {"scores": scores}

    async def answer(self, name: str, data: bytes) -> dict[str, Any]:
        route = self.routes.get(name)
        try:
            if route is None:
                raise BadRequest(f"unknown query {name!r}")
            request = json.loads(data or b"{}")
            if not isinstance(request, dict):
                raise BadRequest("the request must be a JSON object")
            return {"ok": True, **(await route(request))}
        except json.JSONDecodeError:
            return _error("bad_request", "the request is not JSON")
        except (BadRequest, queries.NotFound, queries.NotClosed) as error:
            return _error(error.code, str(error))
        except Exception as error:  # noqa: BLE001 - logged with its traceback and answered, never swallowed
            log.exception("query failed", query=name)
            return _error("internal_error", type(error).__name__)

    async def serve(self, nc: Client) -> Subscription:
        async def respond(msg: Msg) -> None:
            name = msg.subject.removeprefix(PREFIX)
            # the caller's trace (the gateway's HTTP request) goes on here, and on into the queries
            with span_from_headers(f"leagues {name}", msg.headers, kind=SpanKind.SERVER, subject=msg.subject):
                reply = await self.answer(name, msg.data)
            await msg.respond(json.dumps(reply, ensure_ascii=False).encode())

        async def on_request(msg: Msg) -> None:  # queries run concurrently, not one after another
            if not msg.reply:  # nobody to answer: a query published, not requested, is dropped unrun
                log.warning("query without a reply subject dropped", subject=msg.subject)
                return
            task = asyncio.create_task(respond(msg))
            self._inflight.add(task)
            task.add_done_callback(self._inflight.discard)

        return await nc.subscribe(PREFIX + "*", queue=QUEUE, cb=on_request)


def _error(code: str, message: str) -> dict[str, Any]:
    return {"ok": False, "error": {"code": code, "message": message}}
