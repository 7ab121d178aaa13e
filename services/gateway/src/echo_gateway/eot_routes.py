"""Echoes of Time's card data for its web client: every card and Source of the catalogue the rules play
with (names, costs, strength, texts in Russian and English), from which the client draws the card faces.

It is the rules library's own data (its hosted game's `catalogue`, read through the registry), never a
game's: no hand, no deck."""

from __future__ import annotations

from typing import cast

from echo_events.hosting import installed_game
from litestar import get

from .responses import MAY_PAUSE, EotCatalogue

KIND = "echoes_of_time"


@get("/api/v1/eot/cards", operation_id="eotCards", cache=3600, **MAY_PAUSE)
async def eot_cards() -> EotCatalogue:
    """Echoes of Time's cards and Sources by id (catalogue `version`), for drawing their faces."""
    return cast(EotCatalogue, installed_game(KIND).catalogue())


EOT_ROUTES = (eot_cards,)
