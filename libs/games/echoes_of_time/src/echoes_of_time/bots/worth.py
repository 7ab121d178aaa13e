"""The evaluator of `greedy` and `balanced`: a table's worth to a player in VP-equivalents, in four weighted
families (Sources, printed VP, ★ cards, VP tokens) plus cards in hand, strength and effects still to come."""

from __future__ import annotations

from dataclasses import dataclass

from ..catalogue import CARDS, SOURCES
from ..scoring import formula_value, scoring_fellowship
from ..state import HAND_LIMIT, Table
from ..table_rules import board_cards, defence


@dataclass(frozen=True, slots=True)
class Weights:
    sources: float = 1.0
    printed: float = 1.0
    stars: float = 1.0
    tokens: float = 1.0


def card_wish(card_id: str) -> float:
    """How much a card in hand is wanted, for choosing discards (low first) and keeps (high first)."""
    card = CARDS[card_id]
    return card.vp + 0.4 * card.strength - 0.6 * card.discard - 0.3 * card.time + (1.0 if card.effect.kind != "none"
                                                                                     else 0.0)


def _arriving(table: Table, player: str) -> list[tuple[str, float]]:
    """Cards on the board with the share of their worth expected to arrive (later spaces arrive less surely)."""
    seat = table.seat(player)
    return [(c, max(0.2, 1.0 - 0.12 * space)) for space, stack in enumerate(seat.board, start=1) for c in stack]


def worth(table: Table, player: str, weights: Weights) -> float:
    seat = table.seat(player)
    arriving = _arriving(table, player)
    owned = scoring_fellowship(table, player)
    projected = owned + [c for c, _ in arriving]
    printed = sum(CARDS[c].vp for c in owned) + sum(CARDS[c].vp * share for c, share in arriving)
    stars = sum(formula_value(CARDS[c].effect, projected) for c in projected if CARDS[c].effect.kind == "score")
    sources = 0.0
    for slot in table.held(player):
        info = SOURCES[slot.id]
        if slot.state == "entrenched":
            sources += info.vp_entrenched
        else:
            sources += info.vp_captured + (info.vp_entrenched - info.vp_captured) * min(
                1.0, defence(table, slot.id) / info.entrench) * 0.6 + 0.5
    open_sources = any(slot.state != "entrenched" for slot in table.sources)
    strength = sum(CARDS[c].strength for c in seat.fellowship) if open_sources else 0
    effects = sum(0.8 * share for c, share in arriving if CARDS[c].effect.kind != "none")
    hand = min(len(seat.hand), HAND_LIMIT) * 0.45
    return (weights.sources * sources + weights.printed * printed + weights.stars * stars
            + weights.tokens * seat.vp + 0.25 * strength + effects + hand + 0.1 * len(board_cards(table, player)))


def standing(table: Table, player: str, weights: dict[str, Weights]) -> float:
    """A player's worth against the others' (half of their mean worth counts against him)."""
    others = [worth(table, s.id, weights[s.id]) for s in table.seats if s.id != player]
    return worth(table, player, weights[player]) - 0.5 * sum(others) / max(1, len(others))
