"""The legality of playing, advancing, capturing, entrenching and activating, in the spec's precedence.
Each check returns a `Refused` or the validated plan the resolution carries out."""

from __future__ import annotations

from dataclasses import dataclass

from echo_events.game_rules import Refused

from .catalogue import CARDS, SOURCES
from .state import TOKEN_ROOM, Table
from .table_rules import (
    activatable,
    board_cards,
    defence,
    effect_of,
    play_cost,
    playable_cards,
    room_on,
    static_bonus,
    strength,
)


@dataclass(frozen=True, slots=True)
class PlayPlan:
    card: str
    discards: tuple[str, ...]
    space: int


@dataclass(frozen=True, slots=True)
class Move:
    card: str
    origin: int
    to: int


@dataclass(frozen=True, slots=True)
class SourcePlan:
    source: str
    creatures: tuple[str, ...]
    total: int


def check_play(table: Table, player: str, card: object, discards: object, space: object,
               flt: str = "any", d_less: int = 0, t_less: int = 0) -> Refused | PlayPlan:
    hand = table.seat(player).hand
    if not playable_cards(table, player, flt, d_less, t_less):
        return Refused("nothing_playable", "no card in hand can be played")
    if not isinstance(card, str) or card not in hand:
        return Refused("not_in_hand", f"{card} is not in your hand")
    if not CARDS[card].matches(flt):
        return Refused("bad_choice", f"{card} is not a {flt} card")
    need, low, high = play_cost(table, player, card, d_less, t_less)
    if len(hand) - 1 < need:
        return Refused("not_enough_cards", f"{card} needs {need} other cards to discard")
    if not isinstance(discards, list | tuple) or len(discards) != need or card in discards \
            or len(set(discards)) != len(discards):
        return Refused("bad_discards", f"{card} needs exactly {need} other, distinct discards")
    if any(d not in hand for d in discards):
        return Refused("not_in_hand", "a discard is not in your hand")
    if space is None:
        space = next((s for s in range(low, high + 1) if room_on(table, player, s)), low)
    if not isinstance(space, int) or not low <= space <= high:
        return Refused("bad_space", f"{card} goes on a space from {low} to {high}")
    if not room_on(table, player, space):
        return Refused("token_full", f"space {space} holds 2 cards")
    return PlayPlan(card, tuple(discards), space)


def check_advance(table: Table, player: str, moves: object, steps: int, allow_none: bool) -> Refused | list[Move]:
    if not board_cards(table, player) and not allow_none:
        return Refused("board_empty", "no card on your time board")
    board = [list(stack) for stack in table.seat(player).board]
    plan: list[Move] = []
    used = 0
    for move in moves if isinstance(moves, list | tuple) else [None]:
        card, k = (move.get("card"), move.get("steps")) if isinstance(move, dict) else (None, None)
        origin = next((i + 1 for i, stack in enumerate(board) if card in stack), 0)
        if not isinstance(k, int) or isinstance(k, bool) or k < 1 or origin == 0:
            return Refused("bad_move", f"cannot move {card} by {k}")
        used += k
        if used > steps:
            return Refused("too_many_steps", f"at most {steps} steps")
        to = max(0, origin - k)
        if to > 0 and len(board[to - 1]) >= TOKEN_ROOM:
            return Refused("token_full", f"space {to} holds 2 cards")
        board[origin - 1].remove(card)
        if to > 0:
            board[to - 1].append(card)
        plan.append(Move(card, origin, to))
    if used == 0 and not allow_none:
        return Refused("bad_move", "an Advance uses at least one step")
    return plan


def _check_creatures(table: Table, player: str, creatures: object, allow_none: bool) -> Refused | tuple[str, ...]:
    if not isinstance(creatures, list | tuple) or (not creatures and not allow_none):
        return Refused("no_creatures", "name at least one creature")
    if len(set(creatures)) != len(creatures):
        return Refused("bad_choice", "a creature is named twice")
    fellowship = table.seat(player).fellowship
    for card in creatures:
        if card not in fellowship:
            return Refused("not_your_creature", f"{card} is not in your active fellowship")
        if not CARDS[card].is_creature:
            return Refused("not_a_creature", f"{card} is not a creature")
    return tuple(creatures)


def check_capture(table: Table, player: str, source: object, creatures: object) -> Refused | SourcePlan:
    slot = table.source(source) if isinstance(source, str) else None
    if slot is None:
        return Refused("bad_choice", f"{source} is not in the Source row")
    if slot.state == "entrenched":
        return Refused("source_entrenched", f"{source} is entrenched")
    if slot.holder == player:
        return Refused("source_yours", f"you hold {source}")
    chosen = _check_creatures(table, player, creatures, allow_none=False)
    if isinstance(chosen, Refused):
        return chosen
    attack = sum(strength(c, slot.id) for c in chosen) + static_bonus(table, player, "capture_str")
    if attack < SOURCES[slot.id].capture or (slot.holder is not None and attack <= defence(table, slot.id)):
        return Refused("not_enough_strength", f"attack {attack} does not take {source}")
    return SourcePlan(slot.id, chosen, attack)


def check_entrench(table: Table, player: str, source: object, creatures: object) -> Refused | SourcePlan:
    slot = table.source(source) if isinstance(source, str) else None
    if slot is None:
        return Refused("bad_choice", f"{source} is not in the Source row")
    if slot.state == "free":
        return Refused("not_captured", f"{source} is not captured")
    if slot.state == "entrenched":
        return Refused("source_entrenched", f"{source} is entrenched")
    if slot.holder != player:
        return Refused("source_not_yours", f"{source} is held by {slot.holder}")
    chosen = _check_creatures(table, player, creatures, allow_none=True)
    if isinstance(chosen, Refused):
        return chosen
    hold = defence(table, slot.id) + sum(strength(c, slot.id) for c in chosen) \
        + static_bonus(table, player, "capture_str")
    if hold < SOURCES[slot.id].entrench and not chosen:
        return Refused("not_enough_strength", f"hold {hold} is below {SOURCES[slot.id].entrench}")
    return SourcePlan(slot.id, chosen, hold)


def check_activate(table: Table, player: str, target: object, discards: object) -> Refused | tuple[str, ...]:
    held = [s.id for s in table.held(player)]
    if target in table.seat(player).fellowship:
        if effect_of(target).kind != "act":
            return Refused("not_activatable", f"{target} has no activation")
        if target in table.tokens:
            return Refused("already_activated", f"{target} carries an activation token")
    elif target in held:
        if target in table.tokens:
            return Refused("already_activated", f"{target} carries an activation token")
    else:
        return Refused("not_activatable", f"{target} is not an active card or a Source of yours")
    cost = effect_of(target).cost
    hand = table.seat(player).hand
    if len(hand) < cost:
        return Refused("cannot_pay", f"{target} costs {cost} discards")
    if not isinstance(discards, list | tuple) or len(discards) != cost or len(set(discards)) != len(discards):
        return Refused("bad_discards", f"{target} needs exactly {cost} distinct discards")
    if any(d not in hand for d in discards):
        return Refused("not_in_hand", "a discard is not in your hand")
    assert target in activatable(table, player)
    return tuple(discards)
