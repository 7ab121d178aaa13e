"""decide: a command → its events, or a rejection (a value). Times come in as `now` on every command.

A turn collects a commit (or a void) from each seat, then the reveals; the command that settles the
last of them also carries the turn's resolution (`resolve_turn`).
"""

from __future__ import annotations

from echo_events.game_rules import Refused
from echo_events.model import Command, Event

from . import clock
from .board import SEAT_LETTERS
from .commands import CancelMatch, CloseReveal, Commit, ExpireClock, Resign, Reveal, Withdraw
from .commitment import commit_hash, is_salt
from .events import CommitWithdrawn, MatchCancelled, MatchEnded, MoveCommitted, MoveRevealed, RevealVoided, RoundEnded
from .evolve import evolve
from .notation import parse_action
from .settings import REVEAL_WINDOW
from .state import MatchState
from .turn import resolve_turn


def decide(state: MatchState, command: Command) -> list[Event] | Refused:
    if not state.live:
        return Refused("match_over", f"the match is over ({state.status})")
    board = state.board
    where = {"round": board.round, "turn": state.open_turn}
    match command:
        case Commit(seat=seat, now=now):
            turn = state.seats[seat]
            if turn.settled:
                return Refused("already_committed", "this seat has committed or is out of this turn")
            if not clock.commit_allowed(state.settings, state.clocks[seat], turn.elapsed(now)):
                return _settle(state, [RevealVoided(seat=seat, reason="late_commit", at=now, **where)], now)
            return [MoveCommitted(seat=seat, commit=command.commit, at=now, **where)]
        case Withdraw(seat=seat, now=now):
            if state.seats[seat].commit is None:
                return Refused("nothing_to_withdraw", "this seat has no commit standing")
            if state.seats[1 - seat].commit is not None:
                return Refused("opponent_committed", "the opponent has committed: the move stands")
            if state.reveal_since is not None:
                return Refused("reveal_open", "the opponent is out of this turn: the reveals have begun")
            return [CommitWithdrawn(seat=seat, at=now, **where)]
        case Reveal(seat=seat, now=now):
            if state.reveal_since is None or not state.seats[seat].pending_reveal:
                return Refused("not_revealing", "this seat has nothing to reveal now")
            return _settle(state, [_reveal(state, command, where)], now)
        case ExpireClock(seat=seat, now=now):
            if (command.round, command.turn) != (board.round, state.open_turn) or state.seats[seat].settled:
                return Refused("stale", "the turn has moved on")
            turn = state.seats[seat]
            if state.settings.clock and turn.elapsed(now) < clock.deadline(state.settings, state.clocks[seat]):
                return Refused("not_due", "the seat still has time")
            return _settle(state, [RevealVoided(seat=seat, reason="no_commit", at=now, **where)], now)
        case CloseReveal(now=now):
            if (command.round, command.turn) != (board.round, state.open_turn) or state.reveal_since is None:
                return Refused("stale", "no reveal window of this turn is open")
            if now < state.reveal_since + REVEAL_WINDOW:
                return Refused("not_due", "the reveal window is still open")
            missing = [RevealVoided(seat=s, reason="reveal_missing", at=now, **where)
                       for s in (0, 1) if state.seats[s].pending_reveal]
            return _settle(state, missing, now)
        case Resign(seat=seat, now=now):
            if not state.started:
                return Refused("not_started", "before the first turn has resolved, cancel instead of resigning")
            winner = 1 - seat
            return [RoundEnded(round=board.round, result=SEAT_LETTERS[winner], reason="resign", turns=board.turn),
                    MatchEnded(winner=winner, reason="resign", at=now)]
        case CancelMatch(seat=seat, now=now):
            if state.started:
                return Refused("started", "the first turn has resolved: only resigning is left")
            return [MatchCancelled(seat=seat, at=now)]
    return Refused("bad_command", f"{type(command).__name__} is not a Ghost Five command")


def _reveal(state: MatchState, command: Reveal, where: dict[str, int]) -> Event:
    seat, now = command.seat, command.now
    assert state.reveal_since is not None
    if now > state.reveal_since + REVEAL_WINDOW:
        return RevealVoided(seat=seat, reason="reveal_missing", at=now, **where)
    if parse_action(command.action) is None or not is_salt(command.salt):
        return RevealVoided(seat=seat, reason="reveal_malformed", at=now, **where)
    expected = commit_hash(state.match_id, where["round"], where["turn"], seat, command.action, command.salt)
    if expected != state.seats[seat].commit:
        return RevealVoided(seat=seat, reason="reveal_mismatch", at=now, **where)
    return MoveRevealed(seat=seat, action=command.action, salt=command.salt, at=now, **where)


def _settle(state: MatchState, events: list[Event], now: float) -> list[Event]:
    """The events, and the turn's resolution when nothing is left to wait for."""
    after = state
    for event in events:
        after = evolve(after, event)
    if all(s.settled for s in after.seats) and not any(s.pending_reveal for s in after.seats):
        events += resolve_turn(after, now)
    return events
