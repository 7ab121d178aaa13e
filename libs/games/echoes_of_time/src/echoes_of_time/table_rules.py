"""Derived numbers of a table that several rules read: statics, strength, playability, usable activations."""

from __future__ import annotations

from .catalogue import CARDS, SOURCES, Card
from .effects import Effect
from .state import TOKEN_ROOM, Table


def effect_of(card_or_source: str) -> Effect:
    return CARDS[card_or_source].effect if card_or_source in CARDS else SOURCES[card_or_source].effect


def static_bonus(table: Table, player: str, modifier: str, card: Card | None = None) -> int:
    """Statics of the active fellowship add up; `card` is the played card the filter is matched against."""
    total = 0
    for card_id in table.seat(player).fellowship:
        effect = CARDS[card_id].effect
        if effect.kind == "static" and effect.modifier == modifier and (card is None or card.matches(effect.filter)):
            total += effect.amount
    return total


def strength(card_id: str, source_id: str) -> int:
    """Printed strength plus the match bonus (by the card's own faction, not its symbols)."""
    card = CARDS[card_id]
    return card.strength + (1 if card.faction == SOURCES[source_id].faction else 0)


def defence(table: Table, source_id: str) -> int:
    slot = table.source(source_id)
    return sum(strength(c, source_id) for c in slot.under) if slot else 0


def play_cost(table: Table, player: str, card_id: str, d_less: int = 0, t_less: int = 0) -> tuple[int, int, int]:
    """(D′, lowest space T′, highest space T) of a card played now with the given extra reductions."""
    card = CARDS[card_id]
    discards = max(0, card.discard - static_bonus(table, player, "discount_d", card) - d_less)
    lowest = max(0, card.time - static_bonus(table, player, "discount_t", card) - t_less)
    return discards, lowest, card.time


def room_on(table: Table, player: str, space: int) -> bool:
    return space == 0 or len(table.seat(player).board[space - 1]) < TOKEN_ROOM


def lowest_space(table: Table, player: str, card_id: str, d_less: int = 0, t_less: int = 0) -> int | None:
    _, low, high = play_cost(table, player, card_id, d_less, t_less)
    return next((s for s in range(low, high + 1) if room_on(table, player, s)), None)


def playable(table: Table, player: str, card_id: str, d_less: int = 0, t_less: int = 0) -> bool:
    discards, _, _ = play_cost(table, player, card_id, d_less, t_less)
    enough = len(table.seat(player).hand) - 1 >= discards
    return enough and lowest_space(table, player, card_id, d_less, t_less) is not None


def playable_cards(table: Table, player: str, flt: str = "any", d_less: int = 0, t_less: int = 0) -> list[str]:
    return [c for c in table.seat(player).hand if CARDS[c].matches(flt) and playable(table, player, c, d_less, t_less)]


def activatable(table: Table, player: str) -> list[str]:
    """Targets Activate would accept now: active cards and held Sources with an act clause, no token, cost payable."""
    hand = len(table.seat(player).hand)
    targets = [*table.seat(player).fellowship, *(s.id for s in table.held(player))]
    return [t for t in targets
            if (e := effect_of(t)).kind == "act" and t not in table.tokens and hand >= e.cost]


def ready_targets(table: Table, player: str) -> list[str]:
    """Cards and Sources of the player carrying a token, in view order; cards whose effect has `ready` excluded."""
    targets = [*table.seat(player).fellowship, *(s.id for s in table.held(player))]
    return [t for t in targets if t in table.tokens and all(op.name != "ready" for op in effect_of(t).ops)]


def board_cards(table: Table, player: str) -> list[str]:
    return [card for stack in table.seat(player).board for card in stack]
