"""Resolution: the agenda of tasks (a stack, top last) that summons, ops, time steps and triggers push.
Tasks are plain tuples so that a decision can carry the resolution waiting behind it."""

from __future__ import annotations

from . import events as ev
from .catalogue import CARDS
from .checks import Move, PlayPlan
from .effects import Op
from .run import Run
from .scoring import finish
from .state import HAND_LIMIT, ROUND_CAP
from .table_rules import activatable, board_cards, effect_of, playable_cards, ready_targets


def push(run: Run, *task: str | int) -> None:
    run.table.agenda.append(task)


def push_summons(run: Run, player: str, cards: list[str], origin: str) -> None:
    """Summons resolve in the given order: the first is pushed last (it is on top)."""
    for card in reversed(cards):
        push(run, "summon", player, card, origin)


def carry_out_play(run: Run, player: str, plan: PlayPlan, cause: str) -> None:
    if plan.discards:
        run.emit(ev.CardsDiscarded(player=player, cards=plan.discards, reason="cost"))
    run.emit(ev.CardPlayed(player=player, card=plan.card, discards=plan.discards, space=plan.space, cause=cause))
    if plan.space == 0:
        push_summons(run, player, [plan.card], "hand")


def carry_out_advance(run: Run, player: str, moves: list[Move]) -> None:
    left: list[str] = []
    for move in moves:
        run.emit(ev.CardAdvanced(player=player, card=move.card, origin=move.origin, to=move.to))
        if move.to == 0:
            left.append(move.card)
    push_summons(run, player, left, "board")


def step(run: Run) -> None:
    """Pop the top task and carry it out."""
    kind, *args = run.table.agenda.pop()
    _TASKS[kind](run, *args)


def _summon(run: Run, player: str, card: str, origin: str) -> None:
    table = run.table
    others = list(table.seat(player).fellowship)
    run.emit(ev.CardSummoned(player=player, card=card, origin=origin))
    triggers = [c for c in others if (e := CARDS[c].effect).kind == "on" and e.trigger == "summon"
                and CARDS[card].matches(e.filter)]
    for trigger in reversed(triggers):
        push(run, "ops", player, trigger, 0)
    if CARDS[card].effect.kind == "summon":
        push(run, "ops", player, card, 0)


def _trigger(run: Run, player: str, event: str) -> None:
    """`on capture` / `on entrench` / `on advance_action` of the cards active now, oldest first."""
    cards = [c for c in run.table.seat(player).fellowship
             if (e := CARDS[c].effect).kind == "on" and e.trigger == event]
    for card in reversed(cards):
        push(run, "ops", player, card, 0)


def _ops(run: Run, player: str, source: str, index: int) -> None:
    ops = effect_of(source).ops
    if index + 1 < len(ops):
        push(run, "ops", player, source, index + 1)
    op = ops[index]
    run.emit(ev.EffectResolved(player=player, source=source, op=op.words))
    _OPS[op.name](run, player, source, op)


def _op_draw(run: Run, player: str, source: str, op: Op) -> None:
    run.draw(player, op.n)


def _op_vp(run: Run, player: str, source: str, op: Op) -> None:
    run.gain_vp(player, op.n, source)


def _op_discard(run: Run, player: str, source: str, op: Op) -> None:
    hand = run.table.seat(player).hand
    if len(hand) > op.n:
        run.request(player, "discard", list(hand), op.n, op.n)
    elif hand:
        run.emit(ev.CardsDiscarded(player=player, cards=tuple(hand), reason="effect"))


def _op_look(run: Run, player: str, source: str, op: Op) -> None:
    run.look(player, op.n)
    looked = list(run.table.looking)
    if len(looked) > op.k:
        run.request(player, "keep", looked, op.k, op.k)
    elif looked:
        run.emit(ev.CardsKept(player=player, cards=tuple(looked)))


def _op_retrieve(run: Run, player: str, source: str, op: Op) -> None:
    if run.table.discard:
        run.request(player, "retrieve", list(dict.fromkeys(run.table.discard)), 0, op.n)


def _op_advance(run: Run, player: str, source: str, op: Op) -> None:
    cards = board_cards(run.table, player)
    if cards:
        run.request(player, "advance", cards, 0, op.n, {"steps": op.n})


def _op_shift(run: Run, player: str, source: str, op: Op) -> None:
    push(run, "step", player, "shift")


def _op_play(run: Run, player: str, source: str, op: Op) -> None:
    options = playable_cards(run.table, player, op.filter, op.n, op.k)
    if options:
        run.request(player, "play", options, 0, 1, {"filter": op.filter, "d": op.n, "t": op.k})


def _op_ready(run: Run, player: str, source: str, op: Op) -> None:
    targets = ready_targets(run.table, player)
    if targets:
        run.request(player, "ready", targets, 1, 1)


def _time_step(run: Run, player: str, cause: str) -> None:
    leaving = list(run.table.seat(player).board[0])
    run.emit(ev.TimeStepped(player=player, leaving=tuple(leaving), cause=cause))
    if len(leaving) == 2:
        run.request(player, "summon_order", leaving, 1, 1)
    else:
        push_summons(run, player, leaving, "board")


def _time_phase(run: Run, index: int) -> None:
    order = run.table.turn_order()
    if index < len(order):
        push(run, "time_phase", index + 1)
        push(run, "step", order[index].id, "phase")


def _hand_limit(run: Run, index: int) -> None:
    order = run.table.turn_order()
    if index + 1 < len(order):
        push(run, "hand_limit", index + 1)
    seat = order[index]
    excess = len(seat.hand) - HAND_LIMIT
    if excess > 0:
        run.request(seat.id, "hand_limit", list(seat.hand), excess, excess)


def _turn_check(run: Run, player: str) -> None:
    """After the main action, and after every later activation: no usable activation left ends the turn."""
    turn = run.table.turn
    if turn is not None and turn.player == player and turn.main_done and not activatable(run.table, player):
        run.emit(ev.TurnEnded(player=player, auto=True))


def _round_end(run: Run) -> None:
    """Cubes back, activation tokens off, the first-player token passes left, then the end check."""
    table = run.table
    run.emit(ev.CubesReturned())
    marked = [c for seat in table.turn_order() for c in seat.fellowship] + [s.id for s in table.sources]
    for target in [t for t in marked if t in table.tokens] + sorted(table.tokens.difference(marked)):
        run.emit(ev.ActivationTokenRemoved(target=target, cause="end_of_round"))
    run.emit(ev.FirstPlayerPassed(player=table.seats[(table.first + 1) % len(table.seats)].id))
    run.emit(ev.RoundEnded(round=table.round))
    raised = [flag for flag, at in table.flags.items() if at is not None]
    if raised:
        finish(run, tuple(raised))
    elif table.round >= ROUND_CAP:
        finish(run, ("round_cap",))
    else:
        start_round(run, table.round + 1)


def start_round(run: Run, number: int) -> None:
    run.emit(ev.RoundStarted(round=number, first_player=run.table.turn_order()[0].id))
    run.emit(ev.PhaseStarted(phase="time"))
    push(run, "time_phase", 0)


_OPS = {
    "draw": _op_draw, "vp": _op_vp, "discard": _op_discard, "look": _op_look, "retrieve": _op_retrieve,
    "advance": _op_advance, "shift": _op_shift, "play": _op_play, "ready": _op_ready,
}
_TASKS = {
    "summon": _summon, "trigger": _trigger, "ops": _ops, "step": _time_step, "time_phase": _time_phase,
    "hand_limit": _hand_limit, "turn_check": _turn_check, "round_end": _round_end,
}
