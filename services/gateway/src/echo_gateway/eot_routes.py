"""Echoes of Time's card data for its web client: every card and Source of the catalogue the rules play
with (names, costs, strength, texts in Russian and English), from which the client draws the card faces.

It is the rules library's own data (`echoes_of_time.CARDS`, `SOURCES`), never a game's: no hand, no deck."""

from __future__ import annotations

from dataclasses import asdict
from functools import cache
from typing import Any

from echoes_of_time import CARDS, CATALOGUE_VERSION, SOURCES
from litestar import get

from .responses import EotCatalogue

_DROPPED = ("effect", "notation")  # the rules' parsed form; the texts say the same for people


def _public(entry: object) -> dict[str, Any]:
    return {k: v for k, v in asdict(entry).items() if k not in _DROPPED}  # type: ignore[call-overload]


@cache
def _catalogue() -> EotCatalogue:
    return {"version": CATALOGUE_VERSION, "cards": {i: _public(c) for i, c in CARDS.items()},
            "sources": {i: _public(s) for i, s in SOURCES.items()}}


@get("/api/v1/eot/cards", operation_id="eotCards", cache=3600)
async def eot_cards() -> EotCatalogue:
    """Echoes of Time's cards and Sources by id (catalogue `version`), for drawing their faces."""
    return _catalogue()


EOT_ROUTES = (eot_cards,)
