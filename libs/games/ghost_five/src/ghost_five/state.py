"""The state of one match: settings, score, the current round's board, clocks and the open turn.

Immutable NamedTuples (evolve builds a new one per event; `_replace` is the cheap copy). `SeatTurn`
holds a seat's secret for the open turn (its commit, and after the reveal its action and salt); the
view never shows another seat's action or salt before `TurnResolved` publishes them.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from .board import Board, fresh_board
from .events import Clock, TurnResolved, VoidReason
from .geometry import Geometry, geometry
from .settings import Settings

Status = Literal["live", "finished", "aborted", "cancelled"]


class SeatTurn(NamedTuple):
    """One seat in the open turn. Its clock runs while `since` is set (no commit standing, not settled)."""

    spent: float = 0.0  # clock seconds used before `since`
    since: float | None = None
    commit: str | None = None
    committed_after: float | None = None  # clock seconds at the standing commit
    action: str | None = None  # revealed, matching the commit
    salt: str | None = None
    void: VoidReason | None = None

    @property
    def settled(self) -> bool:
        """Committed or void: nothing more to wait for before the reveals."""
        return self.commit is not None or self.void is not None

    def elapsed(self, now: float) -> float:
        """Clock seconds used by `now`, kept to the millisecond so that boundary times compare exactly."""
        running = 0.0 if self.since is None else now - self.since
        return round(self.spent + running, 3)

    @property
    def pending_reveal(self) -> bool:
        return self.commit is not None and self.action is None and self.void is None


class RoundRecord(NamedTuple):
    round: int
    result: str
    reason: str
    turns: int
    board: tuple[str, ...]
    #: the corner digits of the last board (cell name, digit) and the cells of the dashed frame: the live
    #: view moves on to the fresh round at once, so a replay has them only from here
    digits: tuple[tuple[str, int], ...] = ()
    next_to_go: tuple[str, ...] = ()


class MatchState(NamedTuple):
    match_id: str
    settings: Settings
    status: Status
    winner: int | None
    score: tuple[int, int]
    board: Board
    rounds: tuple[RoundRecord, ...]
    clocks: tuple[Clock, Clock]
    seats: tuple[SeatTurn, SeatTurn]
    reveal_since: float | None  # when both seats were settled: the reveal window's start
    double_skips: int  # rounds in a row drawn by double skips (two abort the match)
    log: tuple[TurnResolved, ...]
    secret: str | None = None  # the host's secret of the match (bots' salts); never in a view

    @property
    def geo(self) -> Geometry:
        return geometry(self.settings.board)

    @property
    def live(self) -> bool:
        return self.status == "live"

    @property
    def open_turn(self) -> int:
        return self.board.turn + 1

    @property
    def started(self) -> bool:
        """The first turn of round 1 has resolved: cancel is over, resign is possible."""
        return self.board.round > 1 or self.board.turn > 0


def initial_state(match_id: str, settings: Settings, secret: str | None = None) -> MatchState:
    clock = Clock(reserve=float(settings.reserve), streak=0)
    return MatchState(match_id, settings, "live", None, (0, 0), fresh_board(1), (), (clock, clock),
                      (SeatTurn(), SeatTurn()), None, 0, (), secret)
