"""One turn resolved (§9, normative order): both legal actions → each seat's outcomes and the new board.

Each step decides its outcomes on the board as the earlier steps left it, then applies them (`apply`),
so a recorded turn replays through the same code.
"""

from __future__ import annotations

from collections.abc import Sequence

from .apply import apply, apply_pulls, apply_skips, end_turn
from .board import Board, Work
from .captures import captured_pairs
from .geometry import Geometry
from .magnet import interlocked, pull
from .memory import over_capacity
from .notation import Action
from .outcomes import (
    Anchored,
    Burnt,
    Captured,
    Converted,
    Expired,
    Hit,
    Interlocked,
    Miss,
    Outcome,
    Placed,
    Pulled,
    Shifted,
    Silenced,
    TakenBack,
)
from .settings import Settings

SEATS = (0, 1)


def resolve(board: Board, geo: Geometry, settings: Settings,
            actions: Sequence[Action | None]) -> tuple[tuple[list[Outcome], list[Outcome]], Board]:
    """`actions` are already checked legal on `board` (None = no action: a skip)."""
    work = Work.of(board)
    index, names, lifetime = geo.index, geo.names, settings.walls
    outcomes: tuple[list[Outcome], list[Outcome]] = ([], [])

    def record(seat: int, outcome: Outcome) -> None:
        outcomes[seat].append(outcome)
        apply(work, geo, lifetime, seat, outcome)

    apply_skips(work, [a is not None for a in actions])
    # 2. conversions
    converted = [False, False]
    for seat in SEATS:
        action = actions[seat]
        if action is not None and action.kind == "A" and index[action.cell] in work.pieces:
            converted[seat] = True
            record(seat, Converted(cell=action.cell))
    # 3. burning: two arrivals on one cell
    arrivals: list[str | None] = [None, None]
    for seat in SEATS:
        action = actions[seat]
        if action is not None and (action.kind == "P" or action.kind == "S" or (action.kind == "A"
                                                                                  and not converted[seat])):
            arrivals[seat] = action.to if action.kind == "S" else action.cell
    burnt = arrivals[0] is not None and arrivals[0] == arrivals[1]
    if burnt:
        for seat in SEATS:
            record(seat, Burnt(cell=arrivals[seat]))  # type: ignore[arg-type]
    # 4. arrivals
    anchor_at = [None if a is None or a.take_back is None else a.take_back for a in actions]
    if not burnt:
        for seat in SEATS:
            action = actions[seat]
            if arrivals[seat] is None or action is None:
                continue
            if action.kind == "P":
                record(seat, Placed(cell=action.cell))
            elif action.kind == "A":
                record(seat, Anchored(cell=action.cell))
            else:
                record(seat, Shifted(origin=action.cell, to=action.to))  # type: ignore[arg-type]
                if anchor_at[seat] == action.cell:
                    anchor_at[seat] = action.to
    # 5. magnets, all at once
    pulls: list[tuple[int, Action, list[tuple[int, int]]]] = []
    for seat in SEATS:
        action = actions[seat]
        if action is not None and action.kind == "M":
            moves = pull(work.pieces, work.walls, geo, index[action.cell], action.direction)  # type: ignore[arg-type]
            if moves is None:
                outcomes[seat].append(Silenced(cell=action.cell, direction=action.direction))  # type: ignore[arg-type]
            else:
                pulls.append((seat, action, moves))
    if len(pulls) == 2 and interlocked(pulls[0][2], pulls[1][2]):
        for seat in SEATS:
            record(seat, Interlocked())
    elif pulls:
        done = [Pulled(moves=tuple((names[a], names[b]) for a, b in moves)) for _, _, moves in pulls]
        for (seat, _, _), outcome in zip(pulls, done, strict=True):
            outcomes[seat].append(outcome)
        apply_pulls(work, geo, done)
    # 6. shots, both on one board
    shots: list[tuple[int, Outcome]] = []
    for seat in SEATS:
        action = actions[seat]
        if action is not None and action.kind == "X":
            piece = work.pieces.get(index[action.cell])
            if piece is not None and piece.seat != seat and not piece.anchor:
                shots.append((seat, Hit(type="fresh_hit" if piece.born == work.turn else "hit", cell=action.cell)))
            else:
                shots.append((seat, Miss(cell=action.cell)))
    for seat, outcome in shots:
        record(seat, outcome)
    # 7. captures, found on one board and removed together
    if settings.capture:
        found = [captured_pairs(work.pieces, geo, seat, work.arrived) for seat in SEATS]
        for seat in SEATS:
            for a, b in found[seat]:
                record(seat, Captured(cells=(names[a], names[b])))
    # 8. take-backs
    for seat in SEATS:
        if anchor_at[seat] is not None:
            record(seat, TakenBack(cell=anchor_at[seat]))  # type: ignore[arg-type]
    # 9. memory expiry, on the board as it now stands
    expiring = [over_capacity(work.pieces, geo, seat, settings.memory) for seat in SEATS]
    for seat in SEATS:
        for cell in expiring[seat]:
            record(seat, Expired(cell=names[cell]))
    end_turn(work, geo)
    return outcomes, work.freeze(board.round)
