"""Ghost Five events (§15): past-tense facts of one match, in the order they happened.

A stream starts with `MatchCreated` and `TurnOpened`; each turn then collects `MoveCommitted`,
`CommitWithdrawn`, `MoveRevealed` and `RevealVoided` until `TurnResolved` publishes both actions,
salts and every outcome. `RoundEnded` follows the turn that ended a round; the next round opens with
`TurnOpened`; the match closes with `MatchEnded`, `MatchAborted` or `MatchCancelled`.

`MoveRevealed` holds an action before it is public: it stays on internal subjects (views never show it).
Seats are 0 (A) and 1 (B); times are seconds on the service's clock.
"""

from __future__ import annotations

from typing import Literal

from echo_events.model import Event, Message
from echo_events.registry import event

from .outcomes import Outcome
from .settings import Settings

VoidReason = Literal[
    "reveal_missing", "reveal_mismatch", "reveal_malformed", "late_commit", "illegal_action", "no_commit"
]
RoundReason = Literal["row", "pairs", "both_qualify", "skips", "double_skip", "full_board", "resign"]


class Clock(Message):
    reserve: float  # seconds left of the match's reserve
    streak: int  # turns in a row committed within the move time (refill at 3)


@event("ghost_five.MatchCreated", 1)
class MatchCreated(Event):
    match_id: str
    settings: Settings
    at: float
    secret: str | None = None  # the host's secret (its bots' salts): internal subjects only, never in a view


@event("ghost_five.TurnOpened", 1)
class TurnOpened(Event):
    round: int
    turn: int
    at: float


@event("ghost_five.MoveCommitted", 1)
class MoveCommitted(Event):
    seat: int
    round: int
    turn: int
    commit: str
    at: float


@event("ghost_five.CommitWithdrawn", 1)
class CommitWithdrawn(Event):
    seat: int
    round: int
    turn: int
    at: float


@event("ghost_five.MoveRevealed", 1)
class MoveRevealed(Event):
    """Internal until the turn resolves: the action and salt that matched the commit."""

    seat: int
    round: int
    turn: int
    action: str
    salt: str
    at: float


@event("ghost_five.RevealVoided", 1)
class RevealVoided(Event):
    """The seat has no action this turn (a skip): no commit by the deadline, a late one, or a bad reveal."""

    seat: int
    round: int
    turn: int
    reason: VoidReason
    at: float


@event("ghost_five.TurnResolved", 1)
class TurnResolved(Event):
    round: int
    turn: int
    actions: tuple[str | None, str | None]  # the revealed texts (also when illegal), None without a reveal
    salts: tuple[str | None, str | None]
    void: tuple[VoidReason | None, VoidReason | None]
    outcomes: tuple[tuple[Outcome, ...], tuple[Outcome, ...]]
    clocks: tuple[Clock, Clock]  # after this turn's charge and refill
    at: float


@event("ghost_five.RoundEnded", 1)
class RoundEnded(Event):
    round: int
    result: Literal["A", "B", "draw"]
    reason: RoundReason
    turns: int


@event("ghost_five.MatchEnded", 1)
class MatchEnded(Event):
    winner: int
    reason: Literal["rounds", "resign"]
    at: float


@event("ghost_five.MatchAborted", 1)
class MatchAborted(Event):
    """Two rounds in a row drawn by double skips: no result, no rating."""

    at: float


@event("ghost_five.MatchCancelled", 1)
class MatchCancelled(Event):
    seat: int
    at: float
