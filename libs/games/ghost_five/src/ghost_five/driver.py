"""Plays a parsed ghostctl script through the rules' own commands: commits with real hashes, reveals,
timers, resign and cancel, on a virtual clock that starts at 0. Used by ghostctl and the benchmarks.
"""

from __future__ import annotations

import hashlib

from echo_events.game_rules import Refused
from echo_events.model import Command

from . import clock
from .commands import CancelMatch, CloseReveal, Commit, CreateMatch, ExpireClock, Resign, Reveal
from .commitment import commit_hash
from .decide import decide
from .evolve import evolve, start
from .script import TIMEOUT, Control, Token, Turn
from .settings import REVEAL_WINDOW, Settings
from .state import MatchState

MATCH_ID = "ghostctl"
VOID_STAND_IN = "P:A1"  # what a `-@t` seat commits to; it never reveals it


class ScriptRefused(ValueError):
    """The rules refused a segment of the script (exit 2)."""


def salt_for(state: MatchState, seat: int) -> str:
    """A reproducible salt: the CLI has no secret to keep, and the same script must give the same JSON."""
    key = f"{state.match_id}|{state.board.round}|{state.open_turn}|{seat}"
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


class Driver:
    def __init__(self, settings: Settings, match_id: str = MATCH_ID) -> None:
        self.state, events = start(CreateMatch(match_id=match_id, settings=settings, now=0.0))
        self.events = list(events)  # the whole stream, for replays
        self.now = 0.0

    def run(self, segment: Control | Turn) -> None:
        if isinstance(segment, Control):
            command = Resign if segment.word == "resign" else CancelMatch
            self._send(command(seat=segment.seat, now=self.now))
        else:
            self.play(segment.tokens)

    def play(self, tokens: tuple[Token, Token]) -> None:
        """One turn: each seat commits (or runs out of time) at its time, then the committed seats reveal."""
        state = self.state
        if not state.live:
            raise ScriptRefused(f"the match is over ({state.status})")
        opened, settings = self.now, state.settings
        where = {"round": state.board.round, "turn": state.open_turn}
        plan: list[Command] = []
        reveals: dict[int, tuple[str, str]] = {}
        for seat, token in enumerate(tokens):
            after = self._commit_time(token)
            if after is None:
                due = clock.deadline(settings, state.clocks[seat]) if settings.clock else 0.0
                plan.append(ExpireClock(seat=seat, now=opened + due, **where))
                continue
            action, salt = token.action or VOID_STAND_IN, salt_for(state, seat)
            commit = commit_hash(state.match_id, where["round"], where["turn"], seat, action, salt)
            plan.append(Commit(seat=seat, commit=commit, now=opened + after))
            if token.action is not None:
                reveals[seat] = (action, salt)
        for command in sorted(plan, key=lambda c: c.now):  # stable: A first on equal times
            self.now = command.now
            self._send(command)
        since = self.state.reveal_since
        if since is None:  # resolved already: nobody had committed in time
            return
        self.now = since
        for seat, (action, salt) in reveals.items():
            if self.state.seats[seat].pending_reveal:
                self._send(Reveal(seat=seat, action=action, salt=salt, now=since))
        if self.state.reveal_since is not None:  # a `-@t` seat never reveals: the window closes on it
            self.now = since + REVEAL_WINDOW
            self._send(CloseReveal(now=self.now, **where))

    def _commit_time(self, token: Token) -> float | None:
        """Clock seconds after which the seat commits; None when it does not commit by the deadline."""
        if not self.state.settings.clock:
            return None if token.action is None else 0.0
        if token.time == TIMEOUT or (token.action is None and token.time is None):
            return None
        return 0.0 if token.time is None else float(token.time)

    def _send(self, command: Command) -> None:
        outcome = decide(self.state, command)
        if isinstance(outcome, Refused):
            raise ScriptRefused(outcome.message)
        for event in outcome:
            self.state = evolve(self.state, event)
        self.events += outcome
