"""The continuation of kind and the finale: winners, ending key, ending text."""

from __future__ import annotations

from echo_events.model import Event

from . import events as ev
from .catalogue import CATEGORIES
from .state import Room

FERTILE_AGES = range(18, 51)


def kind_candidates(room: Room) -> tuple[str, ...]:
    """Ark players (in Survival only the living ones), departed ones included."""
    survival = room.settings.mode == "survival"
    return tuple(p.id for p in room.players if not p.exiled and (p.alive or not survival))


def hint_pairs(room: Room, candidates: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """Pairs passing the card check: opposite sex, both aged 18–50, no card tagged `infertile`. Advice only."""
    fit: list[tuple[str, str]] = []  # (player, sex)
    for pid in candidates:
        player = room.get(pid)
        biology = room.catalogue.card(player.card("biology"))
        cards = [room.catalogue.card(card_id) for card_id in player.cards]
        if biology is None or biology.sex is None or biology.age not in FERTILE_AGES:
            continue
        if any(card is not None and "infertile" in card.tags for card in cards):
            continue
        fit.append((pid, biology.sex))
    return tuple((a, b) for i, (a, sex_a) in enumerate(fit) for b, sex_b in fit[i + 1:] if sex_a != sex_b)


def winners(room: Room) -> tuple[str, ...]:
    if room.kind is not None and room.kind.result == "failed":
        return ()
    if room.settings.mode == "rescue":
        return room.not_exiled
    return tuple(p.id for p in room.players if p.alive)


def ending_key(room: Room, won: tuple[str, ...]) -> str:
    if room.kind is not None and room.kind.result == "failed":
        return "kind_failed"
    if not won:
        return "no_survivors"
    return "ark_saved" if any(not room.get(pid).exiled for pid in won) else "exiles_only"


def ending_card(room: Room, key: str) -> str | None:
    """The ending of that key that best fits the mode and the Incubator (by tags), the lowest id among equals."""
    wanted = {room.settings.mode, "incubator_on" if room.settings.incubator else "incubator_off"}
    endings = [e for e in room.catalogue.filtered(room.settings.adult).endings if e.key == key]
    if not endings:
        return None
    return min(endings, key=lambda e: (-len(wanted & set(e.tags)), e.id)).id


def finish(room: Room, at: float) -> list[Event]:
    won = winners(room)
    key = ending_key(room, won)
    return [ev.GameFinished(
        ending=key,  # type: ignore[arg-type]
        ending_card=ending_card(room, key),
        winners=won,
        results={p.id: "win" if p.id in won else "loss" for p in room.players},
        cards={p.id: {c: p.card(c) for c in CATEGORIES} for p in room.players},
        at=at,
    )]
