"""The events that close a turn: `TurnResolved`, and the round's and match's ends or the next turn."""

from __future__ import annotations

from echo_events.model import Event

from .clock import charge
from .ending import round_result
from .events import MatchAborted, MatchEnded, RoundEnded, TurnOpened, TurnResolved, VoidReason
from .legality import is_legal
from .notation import Action, parse_action
from .resolution import resolve
from .settings import ROUNDS_TO_WIN
from .state import MatchState

ABORT_AFTER = 2  # rounds in a row drawn by double skips


def resolve_turn(state: MatchState, now: float) -> list[Event]:
    """Every seat is settled and revealed (or void): resolve (§9) and say what comes next."""
    board, geo, settings = state.board, state.geo, state.settings
    actions: list[Action | None] = [None, None]
    void: list[VoidReason | None] = [None, None]
    for seat, turn in enumerate(state.seats):
        if turn.void is not None:
            void[seat] = turn.void
            continue
        action = parse_action(turn.action or "")
        if action is None or not is_legal(board, geo, seat, action):
            void[seat] = "illegal_action"
        else:
            actions[seat] = action
    outcomes, after = resolve(board, geo, settings, actions)
    clocks = tuple(charge(settings, state.clocks[seat], _accepted_after(state, seat), actions[seat] is None)
                   for seat in (0, 1))
    events: list[Event] = [TurnResolved(
        round=board.round, turn=after.turn, actions=(state.seats[0].action, state.seats[1].action),
        salts=(state.seats[0].salt, state.seats[1].salt), void=(void[0], void[1]),
        outcomes=(tuple(outcomes[0]), tuple(outcomes[1])), clocks=clocks, at=now)]
    ended = round_result(after, geo, settings)
    if ended is None:
        return events + [TurnOpened(round=board.round, turn=after.turn + 1, at=now)]
    events.append(RoundEnded(round=board.round, result=ended.result, reason=ended.reason, turns=after.turn))
    if ended.result != "draw":
        winner = "AB".index(ended.result)
        if state.score[winner] + 1 == ROUNDS_TO_WIN:
            return events + [MatchEnded(winner=winner, reason="rounds", at=now)]
    elif ended.reason == "double_skip" and state.double_skips + 1 == ABORT_AFTER:
        return events + [MatchAborted(at=now)]
    return events + [TurnOpened(round=board.round + 1, turn=1, at=now)]


def _accepted_after(state: MatchState, seat: int) -> float | None:
    """Clock seconds to the seat's accepted commit; None without one (no commit, late commit)."""
    turn = state.seats[seat]
    if turn.void in ("no_commit", "late_commit"):
        return None
    return turn.committed_after
