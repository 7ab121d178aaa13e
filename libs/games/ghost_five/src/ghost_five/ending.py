"""End checks (§8, §9 step 13): wins first, then skips, then a full board."""

from __future__ import annotations

from typing import NamedTuple

from .board import SEAT_LETTERS, Board
from .geometry import Geometry
from .rows import has_row
from .settings import PAIRS_TO_WIN, SKIPS_TO_LOSE, Settings


class RoundResult(NamedTuple):
    result: str  # "A", "B" or "draw"
    reason: str


def round_result(board: Board, geo: Geometry, settings: Settings) -> RoundResult | None:
    """How the round ends after this turn, or None when it goes on."""
    rows = [has_row(board.pieces, geo, seat, settings.row) for seat in (0, 1)]
    pairs = [settings.capture and board.pairs[seat] >= PAIRS_TO_WIN for seat in (0, 1)]
    qualified = [rows[seat] or pairs[seat] for seat in (0, 1)]
    if all(qualified):
        return RoundResult("draw", "both_qualify")
    for seat in (0, 1):
        if qualified[seat]:
            return RoundResult(SEAT_LETTERS[seat], "row" if rows[seat] else "pairs")
    out = [board.skips[seat] >= SKIPS_TO_LOSE for seat in (0, 1)]
    if all(out):
        return RoundResult("draw", "double_skip")
    for seat in (0, 1):
        if out[seat]:
            return RoundResult(SEAT_LETTERS[1 - seat], "skips")
    if len(board.pieces) + len(board.walls) == geo.size:  # temporary walls count as filled, marks do not
        return RoundResult("draw", "full_board")
    return None
