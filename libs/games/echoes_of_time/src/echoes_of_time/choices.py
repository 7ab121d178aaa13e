"""Pending decisions: checking an answer, carrying it out, and the timeout default of each kind."""

from __future__ import annotations

from typing import Any

from echo_events.game_rules import Refused

from . import events as ev
from .checks import Move, PlayPlan, check_advance, check_play
from .resolve import carry_out_advance, carry_out_play, push_summons
from .run import Run
from .state import Pending, Table

_ID_LISTS = ("discard", "keep", "hand_limit", "retrieve")


def default_choice(pending: Pending) -> Any:
    """Spec §17: lower id first; the most recently received; the first K in deck order; none; decline; first."""
    if pending.kind == "summon_order":
        return min(pending.options)
    if pending.kind in ("discard", "hand_limit"):
        return list(pending.options[-pending.min:])
    if pending.kind == "keep":
        return list(pending.options[:pending.min])
    if pending.kind == "ready":
        return pending.options[0]
    if pending.kind == "play":
        return "decline"
    return []


def check_choice(table: Table, pending: Pending, choice: Any) -> Refused | Any:
    """The choice in its carried-out form (a card, a list of ids, moves, a play plan or None for decline)."""
    kind, options = pending.kind, pending.options
    if kind in ("summon_order", "ready"):
        if not isinstance(choice, str) or choice not in options:
            return Refused("bad_choice", f"choose one of {', '.join(options)}")
        return choice
    if kind in _ID_LISTS:
        if not isinstance(choice, list | tuple) or not pending.min <= len(choice) <= pending.max \
                or len(set(choice)) != len(choice) or any(c not in options for c in choice):
            return Refused("bad_choice", f"choose {pending.min}–{pending.max} distinct cards of the options")
        return tuple(choice)
    if kind == "advance":
        return check_advance(table, pending.player, choice, pending.max, allow_none=True)
    if choice == "decline":
        return None
    if not isinstance(choice, dict):
        return Refused("bad_choice", "play a card or decline")
    ctx = pending.context
    return check_play(table, pending.player, choice.get("card"), choice.get("discards", []), choice.get("space"),
                      str(ctx["filter"]), int(ctx["d"]), int(ctx["t"]))


def public_choice(checked: Any) -> Any:
    if isinstance(checked, PlayPlan):
        return {"card": checked.card, "discards": list(checked.discards), "space": checked.space}
    if checked is None:
        return "decline"
    if isinstance(checked, list):
        return [{"card": m.card, "steps": m.origin - m.to} for m in checked]
    return list(checked) if isinstance(checked, tuple) else checked


def carry_out_choice(run: Run, pending: Pending, checked: Any) -> None:
    table = run.table
    # DecisionMade closes the decision; the resolution it interrupted goes on from the saved agenda.
    waiting = list(table.agenda)
    run.emit(ev.DecisionMade(decision_id=pending.decision_id, player=pending.player, kind=pending.kind,
                             choice=public_choice(checked)))
    table.agenda = waiting
    player, kind = pending.player, pending.kind
    if kind == "summon_order":
        push_summons(run, player, [checked, *(c for c in pending.options if c != checked)], "board")
    elif kind == "discard" or kind == "hand_limit":
        reason = "effect" if kind == "discard" else "hand_limit"
        run.emit(ev.CardsDiscarded(player=player, cards=checked, reason=reason))
        if kind == "hand_limit":
            run.emit(ev.HandLimitApplied(player=player, discarded=checked))
    elif kind == "keep":
        run.emit(ev.CardsKept(player=player, cards=checked))
        rest = tuple(c for c in pending.options if c not in checked)
        if rest:
            run.emit(ev.CardsDiscarded(player=player, cards=rest, reason="look"))
    elif kind == "retrieve":
        if checked:
            run.emit(ev.CardsRetrieved(player=player, cards=checked))
    elif kind == "advance":
        moves: list[Move] = checked
        carry_out_advance(run, player, moves)
    elif kind == "play":
        if checked is not None:
            carry_out_play(run, player, checked, "effect")
    elif kind == "ready":
        run.emit(ev.ActivationTokenRemoved(target=checked, cause="ready"))
