"""Final scoring (tokens, Sources, printed VP, ★ formulas over the scoring fellowship) and the winners."""

from __future__ import annotations

from . import events as ev
from .catalogue import CARDS, SOURCES
from .effects import FACTIONS, Effect
from .run import Run
from .state import Table


def scoring_fellowship(table: Table, player: str) -> list[str]:
    """The active fellowship and the creatures under the player's Sources."""
    return [*table.seat(player).fellowship, *(c for slot in table.held(player) for c in slot.under)]


def formula_value(effect: Effect, cards: list[str]) -> int:
    if effect.formula == "sym":
        return effect.amount * sum(CARDS[c].symbols.count(effect.filter) for c in cards)
    if effect.formula == "cards":
        return effect.amount * (sum(CARDS[c].matches(effect.filter) for c in cards) // effect.divisor)
    return effect.amount * min(sum(CARDS[c].faction == f for c in cards) for f in FACTIONS)


def score(table: Table, player: str) -> dict[str, int]:
    cards = scoring_fellowship(table, player)
    held = table.held(player)
    sources = sum(SOURCES[s.id].vp_entrenched if s.state == "entrenched" else SOURCES[s.id].vp_captured
                  for s in held)
    printed = sum(CARDS[c].vp for c in cards)
    effects = sum(formula_value(CARDS[c].effect, cards) for c in cards if CARDS[c].effect.kind == "score")
    tokens = table.seat(player).vp
    return {"tokens": tokens, "sources": sources, "cards": printed, "effects": effects,
            "total": tokens + sources + printed + effects, "entrenched": sum(s.state == "entrenched" for s in held)}


def winners(table: Table, scores: dict[str, dict[str, int]]) -> tuple[list[str], str | None]:
    """Highest total among non-conceders; a tie goes to more entrenched Sources, then is shared."""
    contenders = [s.id for s in table.seats if not s.conceded]
    best = max(scores[p]["total"] for p in contenders)
    tied = [p for p in contenders if scores[p]["total"] == best]
    if len(tied) == 1:
        return tied, None
    most = max(scores[p]["entrenched"] for p in tied)
    tied = [p for p in tied if scores[p]["entrenched"] == most]
    return tied, "entrenched" if len(tied) == 1 else "shared"


def finish(run: Run, reason: tuple[str, ...]) -> None:
    table = run.table
    scores = {seat.id: score(table, seat.id) for seat in table.seats}
    won, tie_break = winners(table, scores)
    run.emit(ev.GameFinished(reason=reason, winners=tuple(won), tie_break=tie_break, scores=scores))
