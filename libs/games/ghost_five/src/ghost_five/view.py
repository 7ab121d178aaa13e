"""What one seat (or a spectator) may see: everything public, and of the open turn only who has
committed and the commit hashes (§11, §15). Never an action or salt before `TurnResolved` publishes it.
"""

from __future__ import annotations

from typing import Any

from .board import SEAT_LETTERS
from .report import cooldown, report
from .settings import TAKE_BACK_AGE
from .state import MatchState


def view(state: MatchState, seat: int | None = None, *, with_log: bool = True) -> dict[str, Any]:
    picture = report(state, with_log=with_log)
    picture["seat"] = None if seat is None else SEAT_LETTERS[seat]
    for shown, record in zip(picture["rounds"], state.rounds, strict=True):
        # a round's last board with its corners, which no live view shows (the replay draws it);
        # not in ghostctl's report, whose round entries the command-line contract fixes
        shown.update(digits=dict(record.digits), next_to_go=list(record.next_to_go))
    picture["open_turn"] = {
        SEAT_LETTERS[s]: {"committed": turn.commit is not None, "commit": turn.commit,
                          "clock_since": turn.since, "clock_spent": turn.spent}
        for s, turn in enumerate(state.seats)
    } if state.live else None
    picture["reveal_since"] = state.reveal_since
    picture["anchors"] = anchor_memos(state)
    return picture


def anchor_memos(state: MatchState) -> list[dict[str, Any]]:
    """The memo of every anchor (§6.7): its age, the first turn it may be taken back, the magnet cooldown."""
    board, geo = state.board, state.geo
    left = cooldown(state)
    return [{"cell": geo.names[cell], "seat": SEAT_LETTERS[piece.seat], "age": piece.age,
             "take_back_turn": state.open_turn + max(0, TAKE_BACK_AGE - piece.age), "magnet_cooldown": left}
            for cell, piece in sorted(board.pieces.items()) if piece.anchor]
