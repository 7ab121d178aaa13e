"""A game kind's catalogue for its clients: the reference data its rules keep of their own (a card game's
cards: names, costs, texts in Russian and English), from which a client draws what it shows. It is the hosted
game's `catalogue`, read through the registry by kind; never a game's (no hand, no deck).

`/api/v1/eot/cards`, the path the first apps were given for the one catalogue there was, answers the same
body as that kind's route: the apps already out ask it, so it stays, deprecated in the OpenAPI document."""

from __future__ import annotations

from typing import Annotated, Any

from echo_events.game_rules import KIND_PATTERN
from echo_events.hosting import installed_game, installed_kinds
from litestar import Response, get
from litestar.openapi import ResponseSpec
from litestar.params import Parameter

from .responses import STORE_MAY_PAUSE, GameCatalogue, NoCatalogue

#: the kinds of the games installed (their `echo.games` entry points), read once: an unknown kind is refused
#: without looking for it among the installed packages again
INSTALLED = frozenset(installed_kinds())
#: the kind whose catalogue the deprecated path serves
DEPRECATED_PATH_KIND = "echoes_of_time"

Kind = Annotated[str, Parameter(pattern=KIND_PATTERN.pattern,
                                description="the game's kind (its library's `echo.games` name)")]
RESPONSES = {"responses": {404: ResponseSpec(NoCatalogue, description="No game of this kind is installed "
                                             "(`unknown_kind`), or it has no catalogue (`no_catalogue`)",
                                             generate_examples=False), **STORE_MAY_PAUSE}}


def _refused(code: str, message: str, message_ru: str) -> Response[Any]:
    return Response({"error": {"code": code, "message": message, "message_ru": message_ru}}, status_code=404)


def catalogue_of(kind: str) -> Response[Any]:
    """The installed game's catalogue, or the 404 that says why there is none."""
    if kind not in INSTALLED:
        return _refused("unknown_kind", "There is no such game.", "Такой игры нет.")
    catalogue = installed_game(kind).catalogue()
    if catalogue is None:
        return _refused("no_catalogue", "This game has no catalogue.", "У этой игры нет каталога.")
    return Response(catalogue)


@get("/api/v1/games/{kind:str}/catalogue", operation_id="gameCatalogue", cache=3600, **RESPONSES)
async def game_catalogue(kind: Kind) -> Response[GameCatalogue]:
    """A game kind's reference data, for drawing what its client shows."""
    return catalogue_of(kind)


@get("/api/v1/eot/cards", operation_id="eotCards", cache=3600, deprecated=True,
     description=f"Deprecated: use `/api/v1/games/{DEPRECATED_PATH_KIND}/catalogue`, which answers the same.",
     **RESPONSES)
async def deprecated_game_catalogue() -> Response[GameCatalogue]:
    return catalogue_of(DEPRECATED_PATH_KIND)


GAME_CATALOGUE_ROUTES = (game_catalogue, deprecated_game_catalogue)
