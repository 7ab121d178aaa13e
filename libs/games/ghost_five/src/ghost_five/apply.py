"""What each outcome does to the board, and the end of a turn (§9 steps 10–12).

Resolution decides an outcome and applies it here before deciding the next step; `evolve` applies
the outcomes recorded in `TurnResolved` through the same functions, so a replay is the same board.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .board import Piece, Wall, Work
from .geometry import Geometry
from .memory import shield_cells
from .outcomes import (
    Anchored,
    Burnt,
    Captured,
    Converted,
    Expired,
    Hit,
    Interlocked,
    Outcome,
    Placed,
    Pulled,
    Shifted,
    TakenBack,
)
from .settings import COOLDOWN_TURNS

STEP = {"converted": 2, "burnt": 3, "placed": 4, "anchored": 4, "shifted": 4, "silenced": 5, "interlocked": 5,
        "pulled": 5, "hit": 6, "fresh_hit": 6, "miss": 6, "captured": 7, "taken_back": 8, "expired": 9}
TRAIL_LIFETIME = 1


def apply(work: Work, geo: Geometry, wall_lifetime: int | None, seat: int, outcome: Outcome) -> None:
    """One outcome of `seat` (pulls go through `apply_pulls`, all at once)."""
    index = geo.index
    kind = type(outcome)
    if kind is Placed:
        cell = index[outcome.cell]  # type: ignore[union-attr]
        work.pieces[cell] = Piece(seat, False, 0, work.turn)
        work.arrived.add(cell)
    elif kind is Anchored:
        cell = index[outcome.cell]  # type: ignore[union-attr]
        work.pieces[cell] = Piece(seat, True, 0, work.turn)
        work.reserve[seat] -= 1
        work.fresh_anchors.add(cell)
        work.arrived.add(cell)
    elif kind is Converted:
        cell = index[outcome.cell]  # type: ignore[union-attr]
        work.pieces[cell] = work.pieces[cell]._replace(anchor=True, age=0)
        work.reserve[seat] -= 1
        work.fresh_anchors.add(cell)
    elif kind is Shifted:
        origin, to = index[outcome.origin], index[outcome.to]  # type: ignore[union-attr]
        work.pieces[to] = work.pieces.pop(origin)
        work.walls.pop(to, None)
        work.walls[origin] = Wall(work.turn + TRAIL_LIFETIME, True)
        work.arrived.add(to)
    elif kind is Burnt:
        until = None if wall_lifetime is None else work.turn + wall_lifetime
        work.walls[index[outcome.cell]] = Wall(until, False)  # type: ignore[union-attr]
    elif kind is Interlocked:
        work.cooldown_until = work.turn + COOLDOWN_TURNS
    elif kind is Hit:
        cell = index[outcome.cell]  # type: ignore[union-attr]
        del work.pieces[cell]
        work.marks[cell] = work.turn + 1
    elif kind is Captured:
        for name in outcome.cells:  # type: ignore[union-attr]
            work.pieces.pop(index[name], None)  # a stone in two pairs goes once
        work.pairs[seat] += 1
    elif kind is TakenBack:
        cell = index[outcome.cell]  # type: ignore[union-attr]
        work.pieces[cell] = work.pieces[cell]._replace(anchor=False, age=0)
        work.reserve[seat] += 1
    elif kind is Expired:
        del work.pieces[index[outcome.cell]]  # type: ignore[union-attr]


def apply_pulls(work: Work, geo: Geometry, pulls: Iterable[Pulled]) -> None:
    """All pulls of the turn at once: every taken stone leaves, then every one lands."""
    moves = [(geo.index[a], geo.index[b]) for pull in pulls for a, b in pull.moves]
    lifted = [(work.pieces.pop(a), a, b) for a, b in moves]
    for piece, a, b in lifted:
        work.pieces[b] = piece
        if a != b:
            work.arrived.add(b)


def apply_skips(work: Work, acted: Sequence[bool]) -> None:
    """Step 1: an action resets the seat's count, none adds one."""
    for seat in (0, 1):
        work.skips[seat] = 0 if acted[seat] else work.skips[seat] + 1


def end_turn(work: Work, geo: Geometry) -> None:
    """Steps 10–12: stones in memory and anchors age; walls, trails and marks whose last turn it was go."""
    pieces = work.pieces
    shields = shield_cells(pieces, geo)
    fresh = work.fresh_anchors
    for cell, (seat, anchor, age, born) in pieces.items():
        if (cell not in fresh) if anchor else (cell not in shields[seat]):
            pieces[cell] = Piece(seat, anchor, age + 1, born)  # replacing values while iterating is safe
    turn = work.turn
    for cell in [c for c, wall in work.walls.items() if wall.until == turn]:
        del work.walls[cell]
    for cell in [c for c, until in work.marks.items() if until == turn]:
        del work.marks[cell]


def apply_turn(work: Work, geo: Geometry, wall_lifetime: int | None,
               outcomes: Sequence[Sequence[Outcome]], acted: Sequence[bool]) -> None:
    """A recorded turn replayed onto its starting board: steps in order, both seats within a step."""
    apply_skips(work, acted)
    in_order = sorted(((STEP[o.type], seat, o) for seat in (0, 1) for o in outcomes[seat]), key=lambda s: s[:2])
    pulls = [o for _, _, o in in_order if type(o) is Pulled]
    pulled = False
    for _, seat, outcome in in_order:
        if type(outcome) is Pulled:
            if not pulled:
                apply_pulls(work, geo, pulls)
                pulled = True
        else:
            apply(work, geo, wall_lifetime, seat, outcome)
    end_turn(work, geo)
