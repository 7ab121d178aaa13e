"""The commands a bot considers: main actions, activations and answers, with arguments picked by a card order
(`ranked`: cards in hand, least wanted first). Rules still check every command a bot sends."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any

from ..catalogue import CARDS, SOURCES
from ..commands import Activate, Decide, EndTurn, TakeMainAction
from ..state import Table
from ..table_rules import (
    activatable,
    board_cards,
    defence,
    effect_of,
    lowest_space,
    play_cost,
    playable_cards,
    static_bonus,
    strength,
)

Ranked = Callable[[list[str]], list[str]]


def free_slot(table: Table, player: str, action: str) -> str | None:
    cubes = table.seat(player).cubes
    return next((f"{action}.{n}" for n in (1, 2) if f"{action}.{n}" not in cubes), None)


def play_args(table: Table, player: str, card: str, ranked: Ranked, d_less: int = 0, t_less: int = 0) -> dict:
    need, _, _ = play_cost(table, player, card, d_less, t_less)
    others = ranked([c for c in table.seat(player).hand if c != card])
    return {"card": card, "discards": others[:need], "space": lowest_space(table, player, card, d_less, t_less)}


def advance_moves(table: Table, player: str, steps: int) -> list[list[dict]]:
    cards = board_cards(table, player)
    moves = [[{"card": c, "steps": k}] for c in cards for k in range(1, steps + 1)]
    if steps >= 2:
        moves += [[{"card": a, "steps": 1}, {"card": b, "steps": 1}] for a, b in combinations(cards, 2)]
    return moves


def _creatures_for(table: Table, player: str, source: str, need: int) -> list[str] | None:
    """The strongest creatures first until the total reaches need (None if all of them do not)."""
    creatures = sorted((c for c in table.seat(player).fellowship if CARDS[c].is_creature),
                       key=lambda c: -strength(c, source))
    total, chosen = 0, []
    for card in creatures:
        if total >= need:
            break
        chosen.append(card)
        total += strength(card, source)
    return chosen if total >= need else None


def main_actions(table: Table, player: str, ranked: Ranked) -> dict[str, list[TakeMainAction]]:
    """Legal-looking main actions by kind (the rules still check them)."""
    found: dict[str, list[TakeMainAction]] = {}
    if (slot := free_slot(table, player, "draw")) is not None:
        found["draw"] = [TakeMainAction(player=player, slot=slot, args={})]
    if (slot := free_slot(table, player, "play")) is not None:
        plays = [TakeMainAction(player=player, slot=slot, args=play_args(table, player, card, ranked))
                 for card in playable_cards(table, player)]
        if plays:
            found["play"] = plays
    return {**found, **board_actions(table, player)}


def board_actions(table: Table, player: str) -> dict[str, list[TakeMainAction]]:
    """`main_actions`' advances, captures and entrenchments: what the seat's `moves` check one by one (its
    draw and play need no candidates)."""
    found: dict[str, list[TakeMainAction]] = {}

    def add(action: str, args: dict) -> None:
        slot = free_slot(table, player, action)
        if slot is not None:
            found.setdefault(action, []).append(TakeMainAction(player=player, slot=slot, args=args))

    for moves in advance_moves(table, player, 2 + static_bonus(table, player, "advance_steps")):
        add("advance", {"moves": moves})
    bonus = static_bonus(table, player, "capture_str")
    for slot in table.sources:
        if slot.state == "entrenched":
            continue
        if slot.holder != player:
            need = SOURCES[slot.id].capture if slot.holder is None else max(SOURCES[slot.id].capture,
                                                                             defence(table, slot.id) + 1)
            chosen = _creatures_for(table, player, slot.id, need - bonus)
            if chosen:
                add("capture", {"source": slot.id, "creatures": chosen})
        else:
            gap = SOURCES[slot.id].entrench - defence(table, slot.id) - bonus
            chosen = [] if gap <= 0 else _creatures_for(table, player, slot.id, gap)
            if chosen is not None:
                add("entrench", {"source": slot.id, "creatures": chosen})
    return found


def activations(table: Table, player: str, ranked: Ranked) -> list[Activate]:
    hand = ranked(list(table.seat(player).hand))
    return [Activate(player=player, target=t, discards=tuple(hand[:effect_of(t).cost]))
            for t in activatable(table, player)]


def end_turn(player: str) -> EndTurn:
    return EndTurn(player=player)


def answers(table: Table, ranked: Ranked) -> list[Decide]:
    """A few answers to the pending decision: every single option, or the least / most wanted cards."""
    pending = table.pending
    assert pending is not None
    player, options = pending.player, list(pending.options)

    def answer(choice: Any) -> Decide:
        return Decide(player=player, decision_id=pending.decision_id, choice=choice)

    if pending.kind in ("summon_order", "ready"):
        return [answer(o) for o in options]
    if pending.kind in ("discard", "hand_limit"):
        return [answer(ranked(options)[:pending.min])]
    if pending.kind == "keep":
        return [answer(list(reversed(ranked(options)))[:pending.min])]
    if pending.kind == "retrieve":
        best = list(reversed(ranked(options)))
        return [answer(best[:n]) for n in range(pending.max + 1)]
    if pending.kind == "advance":
        return [answer([]), *(answer(m) for m in advance_moves(table, player, pending.max))]
    ctx = pending.context
    plays = [answer(play_args(table, player, c, ranked, int(ctx["d"]), int(ctx["t"]))) for c in options]
    return [answer("decline"), *plays]
