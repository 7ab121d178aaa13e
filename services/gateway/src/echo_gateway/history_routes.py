"""REST for what a player has played at tables: his finished games of every kind (each replayable through
`/api/v1/games/<id>/replay`) and Ghost Five's «Лидеры». The account is always the session's own."""

from __future__ import annotations

from typing import Annotated, Literal

from echo_events.hosting import installed_kinds
from echo_events.play import GetLeaders, ListHistory
from litestar import Request, get
from litestar.params import Parameter

from .play_routes import engine_request
from .responses import MAY_PAUSE, NEEDS_SESSION, SESSION_OPTIONAL, History, Leaders
from .routes import identity_of, viewer_of

#: The kinds of the games installed (their `echo.games` entry points), read once: no game is imported here.
GameKind = Literal[tuple(installed_kinds())]  # type: ignore[valid-type]


@get("/api/v1/history", operation_id="tableHistory", **NEEDS_SESSION)
async def table_history(
    request: Request,
    kind: Annotated[GameKind | None, Parameter(description="one game's kind (default: every kind)")] = None,
    limit: Annotated[int, Parameter(ge=1, le=50, description="how many games, newest first")] = 50,
) -> History:
    """My finished table games, newest first: seats, each seat's result, Ghost Five's rounds."""
    payload = ListHistory(account_id=identity_of(request).account_id, kind=kind, limit=limit)
    return (await engine_request(request, payload))["data"]


@get("/api/v1/ghost/leaders", operation_id="ghostLeaders", security=SESSION_OPTIONAL, **MAY_PAUSE)
async def ghost_leaders(request: Request) -> Leaders:
    """Ghost Five's «Лидеры»: the top 100 of the accounts with at least 5 rated matches, and my own row."""
    return (await engine_request(request, GetLeaders(account_id=viewer_of(request))))["data"]


HISTORY_ROUTES = (table_history, ghost_leaders)
