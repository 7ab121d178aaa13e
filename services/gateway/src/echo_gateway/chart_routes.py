"""Public REST routes of the Chart and the Leagues (echo-challenge.md §16, §17): no login needed. They forward to the
leagues service by NATS request (`leagues.q.<name>`), so the gateway needs no leagues URL.

A session token (`Authorization: Bearer …`) is optional on the public routes: with it, the chart also
carries the caller's own row and neighbourhood, and his «вне Чарта» game, which only he may see. The
caller's account always comes from the verified token, never from the query string. A token that is
sent but invalid is refused (401) rather than silently ignored.

| route                                        | leagues query       |
|----------------------------------------------|---------------------|
| GET /api/v1/charts/{league}/{day}?limit=     | chart               |
| GET /api/v1/results/{league}/{day}?limit=    | results (409 before the Daily closes) |
| GET /api/v1/game-of-the-day/{day}            | game_of_the_day     |
| GET /api/v1/groups/{group_id}                | group               |
| GET /api/v1/leagues/me (login)               | player              |

`create_app` serves them.
"""

from __future__ import annotations

from typing import Any

from litestar import Request, Response, get
from litestar.params import FromPath, FromQuery

from .request_bounds import too_large
from .responses import MAY_PAUSE, NEEDS_SESSION, SESSION_OPTIONAL, Chart, DayResults, GameOfTheDay, Group, MyLeague
from .routes import identity_of
from .service_request import TooLarge, Unavailable, Unencodable, request_json

REQUEST_TIMEOUT = 10.0
STATUS_OF = {"bad_request": 400, "not_found": 404, "not_closed": 409, "internal_error": 502}


async def ask_leagues(request: Request, name: str, body: dict[str, Any]) -> Response[Any]:
    """One query to the leagues service as an HTTP response: its reply as it is (the route's response type in
    `responses` describes it), or its refusal mapped to a 4xx."""
    try:
        nc = request.app.state.runtime.nc  # RuntimeError until NATS is connected
        reply = await request_json(nc, f"leagues.q.{name}", body, timeout=REQUEST_TIMEOUT)
    except TooLarge:
        return too_large()
    except Unencodable as error:
        return Response({"error": {"code": "bad_request", "message": f"Bad request: {error}."}}, status_code=400)
    except (Unavailable, RuntimeError):
        return Response(
            {
                "error": {
                    "code": "leagues_unavailable",
                    "message": "The Chart is not answering; try again shortly.",
                }
            },
            status_code=503,
        )
    if reply.get("ok") is True:
        return Response({k: v for k, v in reply.items() if k != "ok"}, status_code=200)
    error = reply.get("error") or {}
    code = str(error.get("code", "internal_error"))
    return Response(
        {"error": {"code": code, "message": str(error.get("message", ""))}},
        status_code=STATUS_OF.get(code, 400),
    )


def _viewer(request: Request) -> str | None:
    if not request.headers.get("authorization"):
        return None
    return identity_of(request).account_id


@get("/api/v1/charts/{league:str}/{day:str}", operation_id="chartOfTheDay", security=SESSION_OPTIONAL, **MAY_PAUSE)
async def chart(
    request: Request, league: FromPath[str], day: FromPath[str], limit: FromQuery[int] = 100
) -> Response[Chart]:
    return await ask_leagues(
        request, "chart", {"league": league, "date": day, "limit": limit, "viewer": _viewer(request)}
    )


@get("/api/v1/results/{league:str}/{day:str}", operation_id="dayResults", security=SESSION_OPTIONAL, **MAY_PAUSE)
async def results(
    request: Request, league: FromPath[str], day: FromPath[str], limit: FromQuery[int] = 100
) -> Response[DayResults]:
    return await ask_leagues(
        request, "results", {"league": league, "date": day, "limit": limit, "viewer": _viewer(request)}
    )


@get("/api/v1/game-of-the-day/{day:str}", operation_id="gameOfTheDay", **MAY_PAUSE)
async def game_of_the_day(request: Request, day: FromPath[str]) -> Response[GameOfTheDay]:
    return await ask_leagues(request, "game_of_the_day", {"date": day})


@get("/api/v1/groups/{group_id:str}", operation_id="leagueGroup", **MAY_PAUSE)
async def group(request: Request, group_id: FromPath[str]) -> Response[Group]:
    return await ask_leagues(request, "group", {"group_id": group_id})


@get("/api/v1/leagues/me", operation_id="myLeague", **NEEDS_SESSION)
async def my_league(request: Request) -> Response[MyLeague]:
    return await ask_leagues(request, "player", {"account_id": identity_of(request).account_id})


CHART_ROUTES = (chart, results, game_of_the_day, group, my_league)
