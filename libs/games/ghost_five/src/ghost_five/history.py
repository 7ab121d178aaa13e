"""What a match leaves in its players' history (`echo_events.game_rules`, `summary`): the result of each seat,
rounds won, and every round played (§14: drawn and resigned rounds included). A cancelled match leaves
nothing (§11); an aborted one is listed without a result."""

from __future__ import annotations

from typing import Any

from .state import MatchState


def summary(state: MatchState) -> dict[str, Any] | None:
    if state.status in ("live", "cancelled"):
        return None
    rounds = [{"round": r.round, "result": r.result, "reason": r.reason, "turns": r.turns} for r in state.rounds]
    if state.status == "aborted":
        seats = [{"result": None, "score": state.score[seat]} for seat in (0, 1)]
        return {"outcome": "aborted", "seats": seats, "rounds": rounds}
    seats = [{"result": "win" if seat == state.winner else "loss", "score": state.score[seat]} for seat in (0, 1)]
    return {"outcome": "finished", "seats": seats, "rounds": rounds}
