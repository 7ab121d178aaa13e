"""A game kind's catalogue for its clients: the reference data its rules keep of their own (a card game's
cards: names, costs, texts in Russian and English), from which a client draws what it shows. It is the hosted
game's `catalogue`, read through the registry by kind; never a game's (no hand, no deck).

`/api/v1/eot/cards`, the path the first apps were given for the one catalogue there was, answers the same
body as that kind's route: the apps already out ask it, so it stays, deprecated in the OpenAPI document."""

from __future__ import annotations

from typing import Any

from echo_events.hosting import installed_game
from litestar import Response, get
from litestar.openapi import ResponseSpec

from .game_kinds import INSTALLED, Kind, refused, unknown_kind
from .responses import STORE_MAY_PAUSE, GameCatalogue, NoCatalogue

#: the kind whose catalogue the deprecated path serves
DEPRECATED_PATH_KIND = "echoes_of_time"

RESPONSES = {"responses": {404: ResponseSpec(NoCatalogue, description="No game of this kind is installed "
                                             "(`unknown_kind`), or it has no catalogue (`no_catalogue`)",
                                             generate_examples=False), **STORE_MAY_PAUSE}}


def catalogue_of(kind: str) -> Response[Any]:
    """The installed game's catalogue, or the 404 that says why there is none."""
    if kind not in INSTALLED:
        return unknown_kind()
    catalogue = installed_game(kind).catalogue()
    if catalogue is None:
        return refused("no_catalogue", "This game has no catalogue.", "У этой игры нет каталога.")
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
