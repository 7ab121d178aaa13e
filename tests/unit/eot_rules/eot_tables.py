"""Hand-built tables for known-answer tests: every zone is given, nothing is dealt."""

from __future__ import annotations

from typing import Any

from echo_events.game_rules import Refused
from echoes_of_time.catalogue import CARDS, CATALOGUE_VERSION
from echoes_of_time.chance import seed_bytes
from echoes_of_time.game import play, settle
from echoes_of_time.run import Run
from echoes_of_time.state import Seat, SourceSlot, Table, Turn


def table(players: int = 2, *, hands: dict[str, list[str]] | None = None,
          boards: dict[str, dict[int, list[str]]] | None = None, fellowships: dict[str, list[str]] | None = None,
          sources: tuple[str, ...] = ("X7", "X3", "X1", "X8"), deck: list[str] | None = None,
          discard: list[str] | None = None, vp_main: int = 34, turn: str | None = "p1", phase: str = "action",
          round_number: int = 3) -> Table:
    seats = [Seat(f"p{i + 1}") for i in range(players)]
    for seat in seats:
        seat.hand = list((hands or {}).get(seat.id, []))
        seat.fellowship = list((fellowships or {}).get(seat.id, []))
        for space, cards in (boards or {}).get(seat.id, {}).items():
            seat.board[space - 1] = list(cards)
    placed = {c for s in seats for c in [*s.hand, *s.fellowship, *(x for st in s.board for x in st)]}
    placed |= set(discard or [])
    t = Table(game_id="g", key=seed_bytes("known-answer"), catalogue=CATALOGUE_VERSION, seats=seats,
              round=round_number, phase=phase, sources=[SourceSlot(s) for s in sources],
              deck=list(deck) if deck is not None else [c for c in CARDS if c not in placed],
              discard=list(discard or []), vp_main=vp_main)
    if turn is not None:
        t.turn = Turn(turn, 1, False, "s1", None)
        t.steps = 1
    return t


def settled(t: Table, agenda: list[tuple[Any, ...]]) -> tuple[Table, list[Any]]:
    """Run the given tasks on a copy of the table until it waits for someone."""
    run = Run(t.clone())
    run.table.agenda = list(agenda)
    settle(run)
    return run.table, run.events


def ok(t: Table, command: Any) -> tuple[Table, list[Any]]:
    outcome = play(t, command)
    assert not isinstance(outcome, Refused), outcome
    return outcome


def code(t: Table, command: Any) -> str:
    outcome = play(t, command)
    assert isinstance(outcome, Refused), "the command was accepted"
    return outcome.code


def names(events: list[Any]) -> list[str]:
    return [type(e).__name__ for e in events]
