"""The card set as versioned data (`data/<version>.json`), validated when it is loaded."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from .effects import FACTIONS, Effect, parse_effect

CATALOGUE_VERSION = "eot-2026-1"
FELLOWSHIP_SIZE = 72
SOURCE_COUNT = 8


class CatalogueError(ValueError):
    """The card data breaks one of the catalogue's rules."""


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    design: str
    name_ru: str
    name_en: str
    type: str
    faction: str
    discard: int
    time: int
    vp: int
    strength: int
    symbols: tuple[str, ...]
    notation: str
    effect: Effect
    text_en: str
    text_ru: str

    @property
    def is_creature(self) -> bool:
        return self.type == "creature"

    def matches(self, flt: str) -> bool:
        """The filters of the notation: any, a card type, or a faction (by the card's own faction)."""
        return flt == "any" or flt == self.type or flt == self.faction


@dataclass(frozen=True, slots=True)
class Source:
    id: str
    name_ru: str
    name_en: str
    faction: str
    capture: int
    entrench: int
    vp_captured: int
    vp_entrenched: int
    notation: str
    effect: Effect
    text_en: str
    text_ru: str


@dataclass(frozen=True, slots=True)
class Catalogue:
    version: str
    cards: dict[str, Card]
    sources: dict[str, Source]


def _card_ids(design: str, copies: int) -> list[str]:
    if copies == 1:
        return [design]
    if copies == 2:
        return [design + "a", design + "b"]
    raise CatalogueError(f"{design}: a design has 1 or 2 copies")


def _cards(designs: list[dict]) -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for row in designs:
        design, kind, faction = row["design"], row["type"], row["faction"]
        symbols = tuple(row["symbols"])
        if kind not in ("creature", "artifact") or faction not in FACTIONS:
            raise CatalogueError(f"{design}: bad type or faction")
        if not symbols or symbols[0] != faction or any(s not in FACTIONS for s in symbols) or len(symbols) > 2:
            raise CatalogueError(f"{design}: 1 or 2 faction symbols, the first its own faction")
        if (row["strength"] is None) != (kind == "artifact"):
            raise CatalogueError(f"{design}: creatures and only creatures have strength")
        if not (0 <= row["discard"] <= 3 and 0 <= row["time"] <= 5 and row["vp"] >= 0):
            raise CatalogueError(f"{design}: discard cost 0-3, time 0-5, VP ≥ 0")
        for card_id in _card_ids(design, row["copies"]):
            if card_id in cards:
                raise CatalogueError(f"{card_id} appears twice")
            cards[card_id] = Card(
                id=card_id, design=design, name_ru=row["name_ru"], name_en=row["name_en"], type=kind,
                faction=faction, discard=row["discard"], time=row["time"], vp=row["vp"],
                strength=row["strength"] or 0, symbols=symbols, notation=row["effect"],
                effect=parse_effect(row["effect"]), text_en=row["text_en"], text_ru=row["text_ru"])
    return cards


def _sources(rows: list[dict]) -> dict[str, Source]:
    sources: dict[str, Source] = {}
    for row in rows:
        effect = parse_effect(row["effect"])
        if effect.kind != "act" or row["faction"] not in FACTIONS or row["capture"] >= row["entrench"]:
            raise CatalogueError(f"{row['id']}: a Source has an act ability, a faction and C < E")
        sources[row["id"]] = Source(
            id=row["id"], name_ru=row["name_ru"], name_en=row["name_en"], faction=row["faction"],
            capture=row["capture"], entrench=row["entrench"], vp_captured=row["vp_captured"],
            vp_entrenched=row["vp_entrenched"], notation=row["effect"], effect=effect,
            text_en=row["text_en"], text_ru=row["text_ru"])
    return sources


def parse_catalogue(data: dict) -> Catalogue:
    """Validate raw catalogue data: 72 cards, 18 per faction (11 creatures + 7 artifacts), 8 Sources."""
    cards = _cards(data["designs"])
    sources = _sources(data["sources"])
    if len(cards) != FELLOWSHIP_SIZE or len(sources) != SOURCE_COUNT:
        raise CatalogueError(f"{len(cards)} cards and {len(sources)} Sources; 72 and 8 expected")
    for faction in FACTIONS:
        own = [c for c in cards.values() if c.faction == faction]
        if len(own) != 18 or sum(c.is_creature for c in own) != 11:
            raise CatalogueError(f"{faction}: 18 cards, 11 of them creatures")
        if sum(s.faction == faction for s in sources.values()) != 2:
            raise CatalogueError(f"{faction}: 2 Sources")
    return Catalogue(version=data["version"], cards=dict(sorted(cards.items())), sources=dict(sorted(sources.items())))


@lru_cache(maxsize=4)
def load_catalogue(version: str = CATALOGUE_VERSION) -> Catalogue:
    text = resources.files(__package__).joinpath("data", f"{version}.json").read_text(encoding="utf-8")
    catalogue = parse_catalogue(json.loads(text))
    if catalogue.version != version:
        raise CatalogueError(f"the file of {version} says it is {catalogue.version}")
    return catalogue


CATALOGUE = load_catalogue()
CARDS = CATALOGUE.cards
SOURCES = CATALOGUE.sources

_FOR_RULES_ONLY = ("effect", "notation")  # the rules' parsed form of a text; the texts say the same for people


def _public_entry(entry: Card | Source) -> dict[str, Any]:
    return {k: v for k, v in dataclasses.asdict(entry).items() if k not in _FOR_RULES_ONLY}


@lru_cache(maxsize=1)
def catalogue() -> dict[str, Any]:
    """Every card and Source the rules play with, as a client draws their faces (names, costs, strength, texts
    in Russian and English; catalogue `version`): the library's own data, never a game's — no hand, no deck."""
    return {"version": CATALOGUE.version, "cards": {i: _public_entry(c) for i, c in CARDS.items()},
            "sources": {i: _public_entry(s) for i, s in SOURCES.items()}}
