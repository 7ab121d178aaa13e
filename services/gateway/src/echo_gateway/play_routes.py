"""REST for what is not live: start options, a game's current view, a game move by move."""

from __future__ import annotations

from typing import Annotated, Any

from echo_events.play import GetGame, GetOptions, ListGames, PlayRequest, ReplayGame
from litestar import Request, get
from litestar.exceptions import HTTPException, NotFoundException
from litestar.params import Parameter

from .engine_client import EngineUnavailable, ask_engine
from .leagues_client import LeaguesUnavailable, league_of
from .responses import MAY_PAUSE, NEEDS_SESSION, SESSION_OPTIONAL, Game, Games, PlayOptions, Replay
from .routes import identity_of, viewer_of

GameId = Annotated[str, Parameter(pattern=r"^[A-Za-z0-9_-]{1,64}$", description="a game id")]


async def engine_request(request: Request, payload: PlayRequest) -> dict[str, Any]:
    try:
        reply = await ask_engine(request.app.state.runtime.nc, payload, request.app.state.holders)
    except EngineUnavailable as error:
        raise HTTPException(status_code=503, detail=str(error)) from None
    if not reply.get("ok"):
        failure = reply.get("error", {})
        if failure.get("code") == "unknown_game":
            raise NotFoundException(failure.get("message"))
        raise HTTPException(status_code=400, detail=failure.get("message"), extra={"code": failure.get("code")})
    return reply


@get("/api/v1/play/options", operation_id="playOptions", **NEEDS_SESSION)
async def play_options(request: Request) -> PlayOptions:
    """What I can start now: my league's Daily, the Free presets («Как Вызов дня» first), starts left."""
    identity = identity_of(request)
    try:
        league = await league_of(request.app.state.runtime.nc, identity.account_id)
    except LeaguesUnavailable as error:
        raise HTTPException(status_code=503, detail=str(error)) from None
    reply = await engine_request(request, GetOptions(account_id=identity.account_id, league=league))
    return reply["data"]


@get("/api/v1/games", operation_id="listGames", **NEEDS_SESSION)
async def list_games(request: Request) -> Games:
    """My games, newest first; `best` marks my best finished Free game of each preset."""
    identity = identity_of(request)
    return (await engine_request(request, ListGames(account_id=identity.account_id)))["data"]


@get("/api/v1/games/{game_id:str}", operation_id="getGame", **NEEDS_SESSION)
async def get_game(request: Request, game_id: GameId) -> Game:
    identity = identity_of(request)
    reply = await engine_request(request, GetGame(account_id=identity.account_id, game_id=game_id))
    return {"game_id": reply["game_id"], "version": reply["version"], "view": reply["view"]}


@get("/api/v1/games/{game_id:str}/replay", operation_id="replayGame", security=SESSION_OPTIONAL, **MAY_PAUSE)
async def replay_game(request: Request, game_id: GameId) -> Replay:
    """Anyone with the link may replay an ended Free game, or a Daily game once its Daily closed."""
    return (await engine_request(request, ReplayGame(game_id=game_id, account_id=viewer_of(request))))["data"]


PLAY_ROUTES = (play_options, list_games, get_game, replay_game)
