"""The content catalogue (docs/games/ark.md §4): its models, the 18+ filter and the minimum sizes.

The project's own catalogue is `data/catalogue.json`, shipped inside the package.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache, cached_property
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

CATEGORIES = ("profession", "biology", "health", "hobby", "phobia", "baggage", "fact")
ENDING_KEYS = ("kind_failed", "no_survivors", "ark_saved", "exiles_only")
Team = Literal["exiled", "ark", "any"]

MIN_PER_CATEGORY = 16
MIN_CATASTROPHES = 1
MIN_ARK = 5
MIN_INCIDENTS_EXILED = 16  # exiled + any
MIN_INCIDENTS_ARK = 8  # ark + any
MIN_INCIDENTS = 24


class Item(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1)
    title: str = Field(min_length=1)
    text: str
    adult: bool = False
    tags: tuple[str, ...] = ()


class Catastrophe(Item):
    years_min: int = Field(ge=1, le=100)
    years_max: int = Field(ge=1, le=100)


class Card(Item):
    category: Literal["profession", "biology", "health", "hobby", "phobia", "baggage", "fact"]
    sex: Literal["male", "female"] | None = None
    age: int | None = Field(default=None, ge=0, le=130)


class Incident(Item):
    team: Team


class Ending(Item):
    key: Literal["kind_failed", "no_survivors", "ark_saved", "exiles_only"]


class Catalogue(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    version: str = Field(min_length=1)
    catastrophes: tuple[Catastrophe, ...]
    cards: dict[str, tuple[Card, ...]]
    ark: tuple[Item, ...]
    incidents: tuple[Incident, ...]
    endings: tuple[Ending, ...]

    def filtered(self, adult: bool) -> Catalogue:
        """The catalogue a game draws from: without the adult items when 18+ is off."""
        if adult:
            return self

        def keep(items: tuple[Any, ...]) -> tuple[Any, ...]:
            return tuple(item for item in items if not item.adult)

        kept = self.model_copy(update={
            "catastrophes": keep(self.catastrophes),
            "cards": {category: keep(cards) for category, cards in self.cards.items()},
            "ark": keep(self.ark), "incidents": keep(self.incidents), "endings": keep(self.endings),
        })
        kept.__dict__.pop("_cards_by_id", None)  # a copy would carry the full catalogue's index
        return kept

    @cached_property
    def _cards_by_id(self) -> dict[str, Card]:
        return {card.id: card for cards in self.cards.values() for card in cards}

    def card(self, card_id: str) -> Card | None:
        return self._cards_by_id.get(card_id)

    def catastrophe(self, catastrophe_id: str) -> Catastrophe | None:
        return next((c for c in self.catastrophes if c.id == catastrophe_id), None)


def structure_errors(catalogue: Catalogue) -> list[str]:
    """What is wrong whatever the 18+ setting: categories, card fields, years, duplicate ids."""
    errors = []
    if set(catalogue.cards) != set(CATEGORIES):
        errors.append(f"cards must have exactly the categories {', '.join(CATEGORIES)}")
    for category, cards in catalogue.cards.items():
        for card in cards:
            if card.category != category:
                errors.append(f"card {card.id}: category {card.category} listed under {category}")
            if category == "biology" and (card.sex is None or card.age is None):
                errors.append(f"card {card.id}: a biology card needs sex and age")
            if category != "biology" and (card.sex is not None or card.age is not None):
                errors.append(f"card {card.id}: only biology cards carry sex and age")
    for catastrophe in catalogue.catastrophes:
        if catastrophe.years_min > catastrophe.years_max:
            errors.append(f"catastrophe {catastrophe.id}: years_min > years_max")
    ids = Counter(item.id for item in all_items(catalogue))
    errors += [f"id {item_id} is used {count} times" for item_id, count in sorted(ids.items()) if count > 1]
    return errors


def size_errors(catalogue: Catalogue) -> list[str]:
    """The minimum sizes, on a catalogue already filtered for 18+."""
    errors = []
    for category in CATEGORIES:
        count = len(catalogue.cards.get(category, ()))
        if count < MIN_PER_CATEGORY:
            errors.append(f"category {category}: {count} cards, at least {MIN_PER_CATEGORY} needed")
    teams = Counter(incident.team for incident in catalogue.incidents)
    minimums = [
        ("catastrophes", len(catalogue.catastrophes), MIN_CATASTROPHES),
        ("ark cards", len(catalogue.ark), MIN_ARK),
        ("incident cards for exiles (exiled + any)", teams["exiled"] + teams["any"], MIN_INCIDENTS_EXILED),
        ("incident cards for Ark players (ark + any)", teams["ark"] + teams["any"], MIN_INCIDENTS_ARK),
        ("incident cards", len(catalogue.incidents), MIN_INCIDENTS),
    ]
    errors += [f"{name}: {count}, at least {least} needed" for name, count, least in minimums if count < least]
    keys = {ending.key for ending in catalogue.endings}
    errors += [f"no ending for key {key}" for key in ENDING_KEYS if key not in keys]
    return errors


def check(data: Any, adult: bool) -> list[str]:
    """Every error of a catalogue given as parsed JSON, with 18+ on or off; [] when it is fit to play."""
    try:
        catalogue = Catalogue.model_validate(data)
    except ValidationError as error:
        return [f"{'.'.join(str(part) for part in e['loc'])}: {e['msg']}" for e in error.errors()]
    return structure_errors(catalogue) + size_errors(catalogue.filtered(adult))


def all_items(catalogue: Catalogue) -> list[Item]:
    cards = [card for category in catalogue.cards.values() for card in category]
    return [*catalogue.catastrophes, *cards, *catalogue.ark, *catalogue.incidents, *catalogue.endings]


def shipped_json() -> dict[str, Any]:
    text = resources.files("ark").joinpath("data/catalogue.json").read_text(encoding="utf-8")
    return json.loads(text)


@cache
def shipped() -> Catalogue:
    """The project's own catalogue."""
    return Catalogue.model_validate(shipped_json())
