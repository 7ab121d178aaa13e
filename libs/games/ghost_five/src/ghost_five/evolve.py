"""start, evolve and fold: events → state. Pure; never decides, never reads a clock."""

from __future__ import annotations

from collections.abc import Iterable

from echo_events.model import Event

from .apply import apply_turn
from .board import Work, fresh_board, rows_text
from .commands import CreateMatch
from .events import (
    CommitWithdrawn,
    MatchAborted,
    MatchCancelled,
    MatchCreated,
    MatchEnded,
    MoveCommitted,
    MoveRevealed,
    RevealVoided,
    RoundEnded,
    TurnOpened,
    TurnResolved,
)
from .memory import corner_digits
from .state import MatchState, RoundRecord, SeatTurn, initial_state


def start(setup: CreateMatch) -> tuple[MatchState, list[Event]]:
    """A match begins: its settings, then turn 1 of round 1 opens."""
    events: list[Event] = [MatchCreated(match_id=setup.match_id, settings=setup.settings, at=setup.now,
                                        secret=setup.secret),
                           TurnOpened(round=1, turn=1, at=setup.now)]
    return fold(events), events


def _seat(state: MatchState, seat: int, **changes: object) -> tuple[SeatTurn, SeatTurn]:
    seats = list(state.seats)
    seats[seat] = seats[seat]._replace(**changes)
    return seats[0], seats[1]


def _with_reveal_window(state: MatchState, at: float) -> MatchState:
    """The reveal window opens when the last seat settles."""
    if state.reveal_since is None and all(s.settled for s in state.seats):
        return state._replace(reveal_since=at)
    return state


def evolve(state: MatchState, event: Event) -> MatchState:
    match event:
        case MoveCommitted(seat=seat, at=at):
            elapsed = state.seats[seat].elapsed(at)
            seats = _seat(state, seat, commit=event.commit, committed_after=elapsed, since=None)
            return _with_reveal_window(state._replace(seats=seats), at)
        case CommitWithdrawn(seat=seat, at=at):
            seats = _seat(state, seat, commit=None, committed_after=None, spent=state.seats[seat].committed_after,
                          since=at)
            return state._replace(seats=seats)
        case MoveRevealed(seat=seat):
            return state._replace(seats=_seat(state, seat, action=event.action, salt=event.salt))
        case RevealVoided(seat=seat, at=at):
            return _with_reveal_window(state._replace(seats=_seat(state, seat, void=event.reason, since=None)), at)
        case TurnResolved():
            return _resolved(state, event)
        case TurnOpened(round=number, at=at):
            board = state.board if number == state.board.round else fresh_board(number)
            fresh = SeatTurn(since=at)
            return state._replace(board=board, seats=(fresh, fresh), reveal_since=None)
        case RoundEnded():
            return _round_ended(state, event)
        case MatchEnded(winner=winner):
            return state._replace(status="finished", winner=winner)
        case MatchAborted():
            return state._replace(status="aborted")
        case MatchCancelled():
            return state._replace(status="cancelled")
        case MatchCreated():
            return initial_state(event.match_id, event.settings, event.secret)
    raise TypeError(f"not a Ghost Five event: {type(event).__name__}")


def _resolved(state: MatchState, event: TurnResolved) -> MatchState:
    work = Work.of(state.board)
    apply_turn(work, state.geo, state.settings.walls, event.outcomes, [v is None for v in event.void])
    return state._replace(board=work.freeze(state.board.round), clocks=event.clocks, log=state.log + (event,),
                          reveal_since=None)


def _round_ended(state: MatchState, event: RoundEnded) -> MatchState:
    pieces, geo, size = state.board.pieces, state.geo, state.settings.memory
    corners = sorted({**corner_digits(pieces, geo, 0, size), **corner_digits(pieces, geo, 1, size)}.items())
    record = RoundRecord(event.round, event.result, event.reason, event.turns, tuple(rows_text(state.board, geo)),
                         tuple((geo.names[cell], digit) for cell, (digit, _) in corners),
                         tuple(geo.names[cell] for cell, (_, frame) in corners if frame))
    score = list(state.score)
    if event.reason != "resign" and event.result != "draw":
        score["AB".index(event.result)] += 1
    if event.reason == "resign":
        double_skips = state.double_skips
    else:
        double_skips = state.double_skips + 1 if event.reason == "double_skip" else 0
    return state._replace(rounds=state.rounds + (record,), score=(score[0], score[1]), double_skips=double_skips)


def fold(events: Iterable[Event]) -> MatchState:
    """The state of a stream; the first event must be `MatchCreated`."""
    iterator = iter(events)
    first = next(iterator, None)
    if not isinstance(first, MatchCreated):
        raise ValueError("a Ghost Five stream starts with MatchCreated")
    state = evolve(initial_state(first.match_id, first.settings, first.secret), first)
    for event in iterator:
        state = evolve(state, event)
    return state
