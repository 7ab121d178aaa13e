"""Helpers for the Echo Challenge rules tests: fields as §20 text, moves as `P A1; B C3; F`."""

from __future__ import annotations

from collections.abc import Sequence

from echo_challenge import game
from echo_challenge.commands import Beam, Expire, Finish, Probe
from echo_challenge.field import parse_sector
from echo_challenge.orders import Order
from echo_challenge.state import GameState
from echo_challenge.textformat import parse_field_text
from echo_events.model import Command, Event

QUIET = "detector_chance: 0\n"


def text(grid: str, header: str = QUIET) -> str:
    rows = [r.strip() for r in grid.strip().splitlines()]
    return header + "\n".join(rows) + "\n"


def command(move: str) -> Command:
    word = move.strip().split()
    tool = word[0].upper()
    if tool == "F":
        return Finish()
    if tool == "E":
        return Expire()
    index = parse_sector(word[1])
    assert index is not None, move
    return Probe(sector=index) if tool == "P" else Beam(sector=index)


def begin(grid: str, header: str = QUIET, orders: Sequence[Sequence[str]] | None = ()) -> GameState:
    """The state at tick 0. `orders=()` clears the board (so gauges are not disturbed by Orders);
    a list of patterns puts exactly those Orders on the board; None keeps the dealt ones."""
    state, _ = game.start(parse_field_text(text(grid, header)))
    if orders is None:
        return state
    return set_orders(state, orders)


def set_orders(
    state: GameState, patterns: Sequence[Sequence[str] | None], progress: Sequence[int] = ()
) -> GameState:
    """Put exactly these Orders on the board (None = empty slot), dealt now, with optional progress."""
    slots: list[Order | None] = [None] * len(state.orders)
    for i, p in enumerate(patterns):
        if p is not None:
            slots[i] = Order(tuple(p), progress[i] if i < len(progress) else 0, state.tick)  # type: ignore[arg-type]
    return state._replace(orders=tuple(slots))


def run(state: GameState, moves: str) -> tuple[GameState, list[list[Event] | game.Rejection]]:
    outcomes = []
    for move in moves.split(";"):
        if move.strip():
            state, outcome = game.play(state, command(move))
            outcomes.append(outcome)
    return state, outcomes


def last_tick(outcomes: list) -> Event:
    return outcomes[-1][0]


def sec(name: str) -> int:
    index = parse_sector(name)
    assert index is not None
    return index


# A small field used by many tests (coordinates: column letter, row number).
#   green  C1 D1* C2        (* membrane; green №1)
#   yellow F4 G4* F5        (yellow №1)
#   red    A7 B7 B8*        (red №1)
SMALL = """
..gG......
..g.......
..........
.....yY...
.....y....
..........
rr........
.R........
..........
..........
"""


def header(**values: object) -> str:
    """A §20 header: detector_chance 0 unless given; keys as in the format."""
    values.setdefault("detector_chance", 0)
    return "".join(f"{k}: {v}\n" for k, v in values.items())


def view_after(grid: str, moves: str, orders: Sequence[Sequence[str]] | None = (), **values: object) -> dict:
    from echo_challenge.view import client_view

    state, _ = run(begin(grid, header(**values), orders), moves)
    return client_view(state)
