"""What clients see: the public form of each event (hidden cards and internal fields filtered out) and the
public state of a table (the `eotctl` output and the base of every seat's view)."""

from __future__ import annotations

from typing import Any

from . import events as ev
from .state import SPACES, Table
from .table_rules import defence

_INTERNAL = (ev.GameCreated, ev.CardsDealt, ev.CardsKept)
_HIDDEN_OPTIONS = ("keep", "discard", "hand_limit", "play")
_DROPPED = {"DeckShuffled": ("order",), "TurnStarted": ("step_id", "deadline"),
            "DecisionRequested": ("step_id", "deadline", "context", "agenda")}


def public_event(event: ev.EotEvent) -> dict[str, Any] | None:
    """The event as every seat may see it (None: it has no public form)."""
    if isinstance(event, _INTERNAL):
        return None
    name = type(event).__name__
    if isinstance(event, ev.CardsDrawn):
        return {"type": "CardsDrawnCount", "player": event.player, "n": len(event.cards)}
    if isinstance(event, ev.CardsLooked):
        return {"type": "CardsLookedCount", "player": event.player, "n": len(event.cards)}
    body = event.model_dump(mode="json", by_alias=True, exclude=set(_DROPPED.get(name, ())))
    if isinstance(event, ev.DecisionRequested) and event.kind in _HIDDEN_OPTIONS:
        body.pop("options")
    if isinstance(event, ev.DecisionMade) and event.kind in _HIDDEN_OPTIONS:
        body.pop("choice")
    return {"type": name, **body}


def public_log(events: list[ev.EotEvent]) -> list[dict[str, Any]]:
    return [p for p in map(public_event, events) if p is not None]


def end_condition(table: Table) -> list[str] | str | None:
    if table.result is None:
        return None
    reason = table.result["reason"]
    return reason[0] if reason[0] in ("round_cap", "concede") else reason


def public_state(table: Table) -> dict[str, Any]:
    turn = table.turn
    pending = table.pending
    result = table.result
    return {
        "round": table.round,
        "phase": table.phase,
        "first_player": table.seats[table.first].id if table.seats else None,
        "turn": None if turn is None else {"player": turn.player, "index": turn.index, "main_done": turn.main_done},
        "pending": None if pending is None else
        {"decision_id": pending.decision_id, "player": pending.player, "kind": pending.kind},
        "players": [
            {"id": seat.id, "seat": i, "hand_size": len(seat.hand), "vp_tokens": seat.vp,
             "cubes": [*seat.cubes, *[None] * (2 - len(seat.cubes))],
             "board": {str(s): list(seat.board[s - 1]) for s in range(1, SPACES + 1)},
             "fellowship": list(seat.fellowship), "activated": [c for c in seat.fellowship if c in table.tokens],
             "sources": [s.id for s in table.held(seat.id)], "count": table.count(seat.id),
             "conceded": seat.conceded}
            for i, seat in enumerate(table.seats)],
        "sources": [
            {"id": s.id, "state": s.state, "holder": s.holder, "under": list(s.under),
             "defence": defence(table, s.id), "activated": s.id in table.tokens}
            for s in table.sources],
        "sources_out": list(table.sources_out),
        "deck_size": len(table.deck),
        "discard": list(table.discard),
        "vp_main_left": table.vp_main,
        "vp_extra_used": table.vp_extra,
        "flags": dict(table.flags),
        "end_condition": end_condition(table),
        "scores": None if result is None else result["scores"],
        "winners": None if result is None else result["winners"],
        "tie_break": None if result is None else result["tie_break"],
    }
