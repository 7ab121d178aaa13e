"""`apply`: the one place where an event changes a table (in place; `evolve` copies first)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import events as ev
from .chance import seed_bytes
from .state import Pending, Seat, SourceSlot, Table, Turn

Handler = Callable[[Table, Any], None]
_HANDLERS: dict[type, Handler] = {}


def _on(kind: type) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        _HANDLERS[kind] = fn
        return fn

    return register


def apply(table: Table, event: ev.EotEvent) -> None:
    handler = _HANDLERS.get(type(event))
    if handler is not None:
        handler(table, event)
    table.version += 1
    table.log.append(event)


def _take_from_hand(table: Table, player: str, cards: tuple[str, ...]) -> None:
    hand = table.seat(player).hand
    for card in cards:
        hand.remove(card)


@_on(ev.GameCreated)
def _created(t: Table, e: ev.GameCreated) -> None:
    t.game_id, t.key, t.catalogue, t.turn_timer_s = e.game_id, seed_bytes(e.seed), e.catalogue, e.turn_timer_s
    t.seats = [Seat(player) for player in e.seats]


@_on(ev.GameStarted)
def _started(t: Table, e: ev.GameStarted) -> None:
    t.first = list(e.seats).index(e.first_player)
    t.sources = [SourceSlot(source) for source in e.sources_in]
    t.sources_out = list(e.sources_out)
    t.vp_main = e.main_supply


@_on(ev.DeckShuffled)
def _shuffled(t: Table, e: ev.DeckShuffled) -> None:
    t.deck = list(e.order)
    t.discard = []
    t.reshuffles = e.k


@_on(ev.CardsDealt)
@_on(ev.CardsDrawn)
def _drawn(t: Table, e: ev.CardsDrawn | ev.CardsDealt) -> None:
    del t.deck[:len(e.cards)]
    t.seat(e.player).hand.extend(e.cards)


@_on(ev.CardsLooked)
def _looked(t: Table, e: ev.CardsLooked) -> None:
    del t.deck[:len(e.cards)]
    t.looking.extend(e.cards)


@_on(ev.CardsKept)
def _kept(t: Table, e: ev.CardsKept) -> None:
    for card in e.cards:
        t.looking.remove(card)
    t.seat(e.player).hand.extend(e.cards)


@_on(ev.CardsDiscarded)
def _discarded(t: Table, e: ev.CardsDiscarded) -> None:
    if e.reason == "look":
        for card in e.cards:
            t.looking.remove(card)
    else:
        _take_from_hand(t, e.player, e.cards)
    t.discard.extend(e.cards)


@_on(ev.CardsRetrieved)
def _retrieved(t: Table, e: ev.CardsRetrieved) -> None:
    for card in e.cards:
        t.discard.remove(card)
    t.seat(e.player).hand.extend(e.cards)


@_on(ev.RoundStarted)
def _round(t: Table, e: ev.RoundStarted) -> None:
    t.round = e.round
    t.turns_taken = 0


@_on(ev.PhaseStarted)
def _phase(t: Table, e: ev.PhaseStarted) -> None:
    t.phase = e.phase


@_on(ev.TimeStepped)
def _stepped(t: Table, e: ev.TimeStepped) -> None:
    board = t.seat(e.player).board
    board.pop(0)
    board.append([])


@_on(ev.CardSummoned)
def _summoned(t: Table, e: ev.CardSummoned) -> None:
    t.seat(e.player).fellowship.append(e.card)


@_on(ev.VpGained)
def _vp(t: Table, e: ev.VpGained) -> None:
    t.seat(e.player).vp += e.n
    t.vp_main -= e.from_main
    t.vp_extra += e.from_extra


@_on(ev.EndFlagRaised)
def _flag(t: Table, e: ev.EndFlagRaised) -> None:
    t.flags[e.flag] = e.round


@_on(ev.TurnStarted)
def _turn(t: Table, e: ev.TurnStarted) -> None:
    t.turn = Turn(e.player, e.index, False, e.step_id, e.deadline)
    t.steps += 1


@_on(ev.MainActionTaken)
def _main(t: Table, e: ev.MainActionTaken) -> None:
    t.seat(e.player).cubes.append(e.slot)
    if t.turn is not None:
        t.turn = Turn(t.turn.player, t.turn.index, True, t.turn.step_id, t.turn.deadline)


@_on(ev.CardPlayed)
def _played(t: Table, e: ev.CardPlayed) -> None:
    seat = t.seat(e.player)
    seat.hand.remove(e.card)
    if e.space > 0:
        seat.board[e.space - 1].append(e.card)


@_on(ev.CardAdvanced)
def _advanced(t: Table, e: ev.CardAdvanced) -> None:
    board = t.seat(e.player).board
    board[e.origin - 1].remove(e.card)
    if e.to > 0:
        board[e.to - 1].append(e.card)


@_on(ev.SourceCaptured)
def _captured(t: Table, e: ev.SourceCaptured) -> None:
    slot = t.source(e.source)
    assert slot is not None
    fellowship = t.seat(e.player).fellowship
    for card in e.creatures:
        fellowship.remove(card)
        t.tokens.discard(card)
    if e.from_player is not None:
        t.seat(e.from_player).fellowship.extend(e.returned)
    slot.state, slot.holder, slot.under = "captured", e.player, list(e.creatures)


def _put_under(t: Table, player: str, source: str, creatures: tuple[str, ...]) -> SourceSlot:
    slot = t.source(source)
    assert slot is not None
    fellowship = t.seat(player).fellowship
    for card in creatures:
        fellowship.remove(card)
        t.tokens.discard(card)
    slot.under.extend(creatures)
    return slot


@_on(ev.SourceReinforced)
def _reinforced(t: Table, e: ev.SourceReinforced) -> None:
    _put_under(t, e.player, e.source, e.creatures)


@_on(ev.SourceEntrenched)
def _entrenched(t: Table, e: ev.SourceEntrenched) -> None:
    _put_under(t, e.player, e.source, e.creatures).state = "entrenched"


@_on(ev.AbilityActivated)
def _activated(t: Table, e: ev.AbilityActivated) -> None:
    t.tokens.add(e.target)


@_on(ev.ActivationTokenRemoved)
def _token_removed(t: Table, e: ev.ActivationTokenRemoved) -> None:
    t.tokens.discard(e.target)


@_on(ev.DecisionRequested)
def _requested(t: Table, e: ev.DecisionRequested) -> None:
    t.pending = Pending(e.decision_id, e.player, e.kind, e.options, e.min, e.max, e.step_id, e.deadline,
                        dict(e.context))
    t.agenda = list(e.agenda)
    t.decisions += 1
    t.steps += 1


@_on(ev.DecisionMade)
def _decided(t: Table, e: ev.DecisionMade) -> None:
    # The resolution the decision interrupted continues inside the same `decide`; at rest it is empty again.
    t.pending = None
    t.agenda = []


@_on(ev.TurnEnded)
def _turn_ended(t: Table, e: ev.TurnEnded) -> None:
    t.turn = None
    t.turns_taken += 1


@_on(ev.CubesReturned)
def _cubes(t: Table, e: ev.CubesReturned) -> None:
    for seat in t.seats:
        seat.cubes.clear()


@_on(ev.FirstPlayerPassed)
def _first(t: Table, e: ev.FirstPlayerPassed) -> None:
    t.first = [s.id for s in t.seats].index(e.player)


@_on(ev.PlayerConceded)
def _conceded(t: Table, e: ev.PlayerConceded) -> None:
    t.seat(e.player).conceded = True


@_on(ev.GameFinished)
def _finished(t: Table, e: ev.GameFinished) -> None:
    t.phase = "over"
    t.turn = None
    t.pending = None
    t.agenda = []
    t.result = {"reason": list(e.reason), "winners": list(e.winners), "tie_break": e.tie_break,
                "scores": {p: dict(s) for p, s in e.scores.items()}}
