"""The Echo Challenge game as decide / evolve / fold (the API the engine service codes against).

- `start(setup)` → the state at tick 0 and its events (`GameStarted`, `OrdersDealt`).
- `decide(state, command)` → the events of a command, or a `Rejection` (a value, never raised).
- `evolve(state, event)` → the next state; never rolls dice, never decides.
- `fold(events)` → the state of a stream that starts with `GameStarted`.
- `play(state, command)` → decide, then evolve every event.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Literal

from echo_events.model import Command, Event

from . import tick as ticks
from .commands import Beam, Expire, Finish, Probe
from .events import (
    GameFinished,
    GameStarted,
    OrderDeal,
    OrdersDealt,
    RulesValues,
    TickResolved,
)
from .field import SECTORS
from .grid import field_from_rows, field_rows
from .orders import Order, deal_pattern
from .setup import GameSetup, Rules
from .state import HIDDEN, GameState, initial_state

RejectionCode = Literal["bad_move", "game_over", "sector_open", "not_enough_charge"]


@dataclass(frozen=True, slots=True)
class Rejection:
    code: RejectionCode
    message: str


def start(setup: GameSetup) -> tuple[GameState, list[Event]]:
    """Tick 0: the game begins and the initial Orders are dealt."""
    started = GameStarted(
        grid=field_rows(setup.field),
        rules=RulesValues(**asdict(setup.rules)),
        opened=tuple(setup.opened),
        seed=setup.seed,
        preset=setup.preset,
        closes_at=setup.closes_at,
    )
    state = initial_state(setup)
    deals = []
    for slot in range(len(state.orders)):
        pattern = deal_pattern(setup.seed, 0, slot, state.closed)
        if pattern is not None:
            deals.append(OrderDeal(slot=slot, symbols=pattern))
    events: list[Event] = [started, OrdersDealt(tick=0, orders=tuple(deals))]
    state = evolve(state, events[1])
    return state, events


def decide(state: GameState, command: Command) -> list[Event] | Rejection:
    kind = type(command)
    if kind is Probe or kind is Beam:
        sector = command.sector  # type: ignore[attr-defined]
        if type(sector) is not int or not 0 <= sector < SECTORS:
            return Rejection("bad_move", f"sector {sector!r} is not on the field (0..99, A1..J10)")
    elif kind is not Finish and kind is not Expire:
        return Rejection("bad_move", f"{kind.__name__} is not an Echo Challenge move")
    if state.status != "live":
        return Rejection("game_over", f"the game is over ({state.status})")
    if kind is Finish:
        return [_finished(state, "finished", "finish")]
    if kind is Expire:
        return [_finished(state, "expired", "expire")]
    if state.board[sector] != HIDDEN:
        return Rejection("sector_open", "this sector is already open; clicking it is not a tick")
    tool = "probe" if kind is Probe else "beam"
    cost = state.setup.rules.beam_cost
    if tool == "beam" and state.charge < cost:
        return Rejection("not_enough_charge", f"the Beam costs {cost} Charge; you have {state.charge}")
    resolved = ticks.resolve(state, tool, sector)
    if resolved.ending is None:
        return [resolved]
    return [resolved, _finished(state, resolved.ending, resolved.ending, resolved)]


def _finished(state: GameState, status: str, reason: str, last: TickResolved | None = None) -> GameFinished:
    clean, lossy, orders, credits, t = state.clean, state.lossy, state.orders_done, state.credits, state.tick
    if last is not None:
        t = last.tick
        credits += last.credits_earned
        orders += len(last.orders_completed)
        if last.ephemeron_opened is not None:
            clean += last.ephemeron_opened.clean
            lossy += not last.ephemeron_opened.clean
    return GameFinished(
        status=status,  # type: ignore[arg-type]
        reason=reason,  # type: ignore[arg-type]
        tick=t,
        credits=credits,
        clean=clean,
        lossy=lossy,
        orders=orders,
    )


def evolve(state: GameState, event: Event) -> GameState:
    if type(event) is TickResolved:
        return ticks.apply(state, event)
    if isinstance(event, GameFinished):
        orders = tuple(None for _ in state.orders) if event.status == "complete" else state.orders
        return state._replace(status=event.status, end_reason=event.reason, orders=orders)
    if isinstance(event, OrdersDealt):
        orders: list[Order | None] = list(state.orders)
        for deal in event.orders:
            orders[deal.slot] = Order(deal.symbols, 0, event.tick)
        return state._replace(orders=tuple(orders))
    if isinstance(event, GameStarted):
        return initial_state(setup_of(event))
    raise TypeError(f"not an Echo Challenge event: {type(event).__name__}")


def setup_of(event: GameStarted) -> GameSetup:
    return GameSetup(
        field=field_from_rows(event.grid),
        rules=Rules(**event.rules.model_dump()),
        opened=tuple(event.opened),
        seed=event.seed,
        preset=event.preset,
        closes_at=event.closes_at,
    )


def fold(events: Iterable[Event]) -> GameState:
    """The state of a stream; the first event must be `GameStarted`."""
    iterator = iter(events)
    first = next(iterator, None)
    if not isinstance(first, GameStarted):
        raise ValueError("an Echo Challenge stream starts with GameStarted")
    state = initial_state(setup_of(first))
    for event in iterator:
        state = evolve(state, event)
    return state


def play(state: GameState, command: Command) -> tuple[GameState, list[Event] | Rejection]:
    outcome = decide(state, command)
    if isinstance(outcome, Rejection):
        return state, outcome
    for event in outcome:
        state = evolve(state, event)
    return state, outcome
