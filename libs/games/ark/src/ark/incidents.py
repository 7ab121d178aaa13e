"""The incidents: the seeded deal and which cards a teammate may cite."""

from __future__ import annotations

from echo_events.model import Event

from . import events as ev
from .catalogue import CATEGORIES
from .draw import shuffle
from .state import Room

CARDS_PER_EXILE = 2
CARDS_PER_ARK_PLAYER = 1


def deal_incidents(room: Room) -> Event:
    """One `incidents` shuffle; exiles take from exiled-then-any cards, Ark players from ark-then-any."""
    pool = room.catalogue.filtered(room.settings.adult).incidents
    team = {incident.id: incident.team for incident in pool}
    deck = shuffle(room.seed, "incidents", team)
    exile_stream = [c for c in deck if team[c] == "exiled"] + [c for c in deck if team[c] == "any"]
    ark_stream = [c for c in deck if team[c] == "ark"] + [c for c in deck if team[c] == "any"]
    dealt: set[str] = set()
    cards: dict[str, tuple[str, ...]] = {}

    def take(stream: list[str], count: int) -> tuple[str, ...]:
        taken = tuple([c for c in stream if c not in dealt][:count])
        dealt.update(taken)
        return taken

    for player in room.players:
        if player.exiled:
            cards[player.id] = take(exile_stream, CARDS_PER_EXILE)
    for player in room.players:
        if not player.exiled:
            cards[player.id] = take(ark_stream, CARDS_PER_ARK_PLAYER)
    return ev.IncidentsDealt(cards=cards)


def same_team(room: Room, a: str, b: str) -> bool:
    return room.get(a).exiled == room.get(b).exiled


def citable(room: Room, subject: str, reference: str) -> str | None:
    """The card id a reference (card id or `PLAYER:category`) names, if the subject's team may cite it."""
    owner_id, _, category = reference.partition(":")
    if category:
        owner = room.find(owner_id)
        if owner is None or category not in CATEGORIES:
            return None
        card_id = owner.card(category)
    else:
        card_id = reference
        if card_id in room.ark_cards:
            return card_id if not room.get(subject).exiled else None
        owner = next((p for p in room.players if card_id in p.cards), None)
        if owner is None:
            return None
        category = owner.category_of(card_id) or ""
    if not same_team(room, subject, owner.id):
        return None
    return card_id if owner.alive or category == "baggage" else None
