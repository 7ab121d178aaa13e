"""The game itself: the state, `decide` (a command to events or a refusal) and `evolve` (an event into the
state). Pure: no clock, no dice, no I/O."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from echo_events.game_rules import Refused
from echo_events.model import Command, Event

from .commands import CreateGame, Place, Resign
from .events import GameCreated, GameEnded, MarkPlaced

LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
    (0, 4, 8), (2, 4, 6),  # diagonals
)


class State(NamedTuple):
    board: tuple[int | None, ...] = (None,) * 9  # each cell's seat, or None while empty
    to_move: int = 0
    live: bool = False
    winner: int | None = None
    line: tuple[int, int, int] | None = None


def start(setup: CreateGame) -> tuple[State, list[Event]]:
    events: list[Event] = [GameCreated(at=setup.now)]
    return fold(events), events


def made_line(board: Sequence[int | None], seat: int) -> tuple[int, int, int] | None:
    return next((line for line in LINES if all(board[cell] == seat for cell in line)), None)


def decide(state: State, command: Command) -> list[Event] | Refused:
    if not state.live:
        return Refused("game_over", "The game is over.")
    match command:
        case Place(seat=seat, cell=cell, now=now):
            if seat != state.to_move:
                return Refused("not_your_turn", "It is the other player's turn.")
            if state.board[cell] is not None:
                return Refused("cell_taken", "That cell is taken.")
            placed = MarkPlaced(seat=seat, cell=cell, at=now)
            board = evolve(state, placed).board
            line = made_line(board, seat)
            if line is not None:
                return [placed, GameEnded(result="row", winner=seat, line=line, at=now)]
            if all(mark is not None for mark in board):
                return [placed, GameEnded(result="full_board", winner=None, at=now)]
            return [placed]
        case Resign(seat=seat, now=now):
            return [GameEnded(result="resign", winner=1 - seat, at=now)]
    return Refused("unknown_command", "That is not a move of this game.")


def evolve(state: State, event: Event) -> State:
    match event:
        case GameCreated():
            return State(live=True)
        case MarkPlaced(seat=seat, cell=cell):
            board = state.board[:cell] + (seat,) + state.board[cell + 1:]
            return state._replace(board=board, to_move=1 - seat)
        case GameEnded(winner=winner, line=line):
            return state._replace(live=False, winner=winner, line=line)
    return state


def fold(events: Iterable[Event]) -> State:
    state = State()
    for event in events:
        state = evolve(state, event)
    return state
