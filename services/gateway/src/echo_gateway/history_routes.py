"""REST for what a player has played at tables: his finished games of every kind (each replayable through
`/api/v1/games/<id>/replay`), and a rated game's «Лидеры» by its kind (a kind the registry knows whose rules
rate matches). The history's account is always the session's own.

`/api/v1/ghost/leaders`, the path the first apps were given for the one rated game there was, answers the same
as that kind's route: the apps already out ask it, so it stays, deprecated in the OpenAPI document."""

from __future__ import annotations

from typing import Annotated, Any

from echo_events.hosting import installed_game
from echo_events.play import GetLeaders, ListHistory
from litestar import Request, Response, get
from litestar.openapi import ResponseSpec
from litestar.params import Parameter

from .game_kinds import INSTALLED, GameKind, Kind, refused, unknown_kind
from .play_routes import engine_request
from .responses import NEEDS_SESSION, SESSION_OPTIONAL, STORE_MAY_PAUSE, History, Leaders, NoLeaders
from .routes import identity_of, viewer_of

#: the kind whose «Лидеры» the deprecated path serves
DEPRECATED_PATH_KIND = "ghost_five"

LEADERS = {"security": SESSION_OPTIONAL, "responses": {
    404: ResponseSpec(NoLeaders, description="No game of this kind is installed (`unknown_kind`), or its matches "
                      "are not rated (`not_rated`)", generate_examples=False), **STORE_MAY_PAUSE}}


@get("/api/v1/history", operation_id="tableHistory", **NEEDS_SESSION)
async def table_history(
    request: Request,
    kind: Annotated[GameKind | None, Parameter(description="one game's kind (default: every kind)")] = None,
    limit: Annotated[int, Parameter(ge=1, le=50, description="how many games, newest first")] = 50,
) -> History:
    """My finished table games, newest first: seats, each seat's result, Ghost Five's rounds."""
    payload = ListHistory(account_id=identity_of(request).account_id, kind=kind, limit=limit)
    return (await engine_request(request, payload))["data"]


async def leaders_of(request: Request, kind: str) -> Response[Any]:
    """The rated game's «Лидеры», or the 404 that says why there are none."""
    if kind not in INSTALLED:
        return unknown_kind()
    if not installed_game(kind).is_rated:
        return refused("not_rated", "This game has no rating.", "В этой игре нет рейтинга.")
    return Response((await engine_request(request, GetLeaders(kind=kind, account_id=viewer_of(request))))["data"])


@get("/api/v1/games/{kind:str}/leaders", operation_id="gameLeaders", **LEADERS)
async def game_leaders(request: Request, kind: Kind) -> Response[Leaders]:
    """A rated game's «Лидеры»: the top 100 of the accounts with at least 5 rated matches, and my own row."""
    return await leaders_of(request, kind)


@get("/api/v1/ghost/leaders", operation_id="ghostLeaders", deprecated=True,
     description=f"Deprecated: use `/api/v1/games/{DEPRECATED_PATH_KIND}/leaders`, which answers the same.",
     **LEADERS)
async def deprecated_ghost_leaders(request: Request) -> Response[Leaders]:
    return await leaders_of(request, DEPRECATED_PATH_KIND)


HISTORY_ROUTES = (table_history, game_leaders, deprecated_ghost_leaders)
