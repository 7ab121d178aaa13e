"""The same read API over HTTP on the leagues service itself (the gateway uses NATS; this is for
operators and tools). Each handler forwards to `QueryApi.answer`, so both transports answer alike."""

from __future__ import annotations

from typing import Any

from litestar import Response, get
from litestar.datastructures import State
from litestar.params import FromPath, FromQuery

STATUS = {"bad_request": 400, "not_found": 404, "not_closed": 409, "internal_error": 500}


async def _answer(state: State, name: str, request: dict[str, Any]) -> Response[dict[str, Any]]:
    api = getattr(state, "api", None)
    if api is None:
        return Response({"ok": False, "error": {"code": "starting", "message": "not ready"}}, status_code=503)
    reply = await api.answer(name, _json(request))
    status = 200 if reply["ok"] else STATUS.get(reply["error"]["code"], 400)
    return Response(reply, status_code=status)


def _json(request: dict[str, Any]) -> bytes:
    import json

    return json.dumps({k: v for k, v in request.items() if v is not None}).encode()


@get("/v1/charts/{league:str}/{day:str}", operation_id="leaguesChart")
async def chart(state: State, league: FromPath[str], day: FromPath[str], limit: FromQuery[int] = 100,
                viewer: FromQuery[str | None] = None) -> Response:
    return await _answer(state, "chart", {"league": league, "date": day, "limit": limit, "viewer": viewer})


@get("/v1/results/{league:str}/{day:str}", operation_id="leaguesResults")
async def results(state: State, league: FromPath[str], day: FromPath[str], limit: FromQuery[int] = 100) -> Response:
    return await _answer(state, "results", {"league": league, "date": day, "limit": limit})


@get("/v1/game-of-the-day/{day:str}", operation_id="leaguesGameOfTheDay")
async def game_of_the_day(state: State, day: FromPath[str]) -> Response:
    return await _answer(state, "game_of_the_day", {"date": day})


@get("/v1/groups/{group_id:str}", operation_id="leaguesGroup")
async def group(state: State, group_id: FromPath[str]) -> Response:
    return await _answer(state, "group", {"group_id": group_id})


@get("/v1/players/{account_id:str}", operation_id="leaguesPlayer")
async def player(state: State, account_id: FromPath[str], day: FromQuery[str | None] = None) -> Response:
    return await _answer(state, "player", {"account_id": account_id, "date": day})


HTTP_HANDLERS = (chart, results, game_of_the_day, group, player)
