"""What the player sees (echo-challenge.md §19, §21): `client_view` never carries hidden information.

`client_view(state)` is the JSON object every client and tool relies on. For a live game it holds no
unrevealed segment, colour, membrane position or seed: only open sectors, the Detector's hints
(free sectors), the Spectrometer's frames (given to the player by the instrument), and the public
lists of membranes and ephemera (colour, kind, size, state — never a position).

`revealed_field(state)` shows everything, for a game that has ended; it returns None for a live game.
Whether an ended game may be revealed (a Free game or the Tutorial: yes; a Daily: only after it
closed) is the service's decision, not the rules'.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .events import TickResolved
from .field import NEIGHBOURS8, SECTORS, SIZE, sector_name
from .grid import field_rows
from .state import HIDDEN, GameState

NAMES = tuple(sector_name(i) for i in range(SECTORS))
DIGITS = frozenset("12345678")  # open free sectors that can blink (a membrane neighbour makes digit ≥ 1)


def _halves(value: int) -> int | float:
    return value // 2 if value % 2 == 0 else value / 2


def client_view(state: GameState, log: Sequence[Any] | None = None) -> dict[str, Any]:
    """The §21 view. `log` may pass the log entries already rendered (`log_entry` of each tick, kept by
    a caller that shows the same game many times, in whatever form its JSON writer takes): the log is
    most of the work on a long game."""
    field, rules = state.field, state.setup.rules
    board = state.board
    interference = sorted(
        {
            n
            for e, m in zip(field.ephemera, state.membranes, strict=True)
            if m == "hidden"
            for n in NEIGHBOURS8[e.membrane]
            if board[n] in DIGITS
        }
    )
    frozen_left = 0
    if state.freeze_until is not None and state.freeze_until > state.tick:
        frozen_left = state.freeze_until - state.tick
    return {
        "status": state.status,
        "tick": state.tick,
        "preset": state.setup.preset,
        "credits": state.credits,
        "credits_breakdown": {
            "clean": _item(state.clean, rules.price_clean),
            "lossy": _item(state.lossy, rules.price_lossy),
            "orders": _item(state.orders_done, rules.price_order),
        },
        "prices": {"clean": rules.price_clean, "lossy": rules.price_lossy, "order": rules.price_order},
        "beam_cost": rules.beam_cost,
        "connectivity": _halves(state.connectivity),
        "connectivity_max": _halves(state.connectivity_max),
        "charge": state.charge,
        "contour": state.contour,
        "layer_charge": state.hidden_free,
        "detector": state.detector,
        "detector_max": state.detector_max,
        "spectrometer": state.spectrometer,
        "spectrometer_max": state.spectrometer_max,
        "order_slots": len(state.orders),
        "orders": [
            {"slot": slot, "symbols": list(o.symbols), "progress": o.progress}
            for slot, o in enumerate(state.orders)
            if o is not None
        ],
        "membranes": [
            {"color": e.color, "kind": e.kind, "state": m}
            for e, m in zip(field.ephemera, state.membranes, strict=True)
        ],
        "ephemera": [
            {
                "color": e.color,
                "size": e.size,
                "opened": n == e.size,
                "clean": (not b) if n == e.size else None,
            }
            for e, n, b in zip(field.ephemera, state.segments_open, state.burnt, strict=True)
        ],
        "board": [board[y * SIZE : (y + 1) * SIZE] for y in range(SIZE)],
        "hints": [{"sector": NAMES[i], "digit": field.digits[i]} for i in state.hinted if board[i] == HIDDEN],
        "highlights": [
            {
                "sector": NAMES[i],
                "color": field.ephemera[field.owner[i]].color,
                "membrane": i == field.ephemera[field.owner[i]].membrane,
            }
            for i in state.highlighted
            if board[i] == HIDDEN
        ],
        "interference": [NAMES[i] for i in interference],
        "timers": [
            {"sectors": [NAMES[i] for i in field.ephemera[e].sectors if board[i] != HIDDEN], "ticks": left}
            for e, left in enumerate(state.timers)
            if left is not None
        ],
        "freeze": frozen_left,
        "log": list(log) if log is not None else [log_entry(event) for event in state.log],
    }


def _item(count: int, price: int) -> dict[str, int]:
    return {"count": count, "price": price, "sum": count * price}


def log_entry(event: TickResolved) -> dict[str, Any]:
    """What one tick brought and cost, in the player's terms (no ephemeron indices)."""
    if event.color is None:
        opened: str = str(event.digit)
    else:
        opened = "x" if event.burnt else event.color
    entry: dict[str, Any] = {
        "tick": event.tick,
        "tool": event.tool,
        "sector": event.sector_name,
        "opened": opened,
        "charge_spent": event.charge_spent,
        "nadloms": list(event.nadloms),
        "credits": event.credits_earned,
        "connectivity": _halves(event.connectivity),
        "charge": event.charge,
    }
    if event.membrane:
        entry["membrane"] = event.membrane_changed.state if event.membrane_changed else "out"
    if event.ephemeron_opened is not None:
        entry["ephemeron"] = {
            "color": event.ephemeron_opened.color,
            "size": event.ephemeron_opened.size,
            "clean": event.ephemeron_opened.clean,
        }
    if event.orders_completed:
        entry["orders_completed"] = len(event.orders_completed)
    if event.orders_withdrawn:
        entry["orders_withdrawn"] = len(event.orders_withdrawn)
    if event.detector_hint is not None:
        entry["hint"] = {
            "sector": NAMES[event.detector_hint.sector],
            "digit": event.detector_hint.digit,
        }
    if event.spectrometer_highlight is not None:
        h = event.spectrometer_highlight
        entry["highlight"] = {"sector": NAMES[h.sector], "color": h.color, "membrane": h.membrane}
    if event.strikes:
        entry["strikes"] = len(event.strikes)
    if event.ending is not None:
        entry["ending"] = event.ending
    return entry


def revealed_field(state: GameState) -> dict[str, Any] | None:
    """The whole field and the seed of an ended game; None while the game is live."""
    if state.live:
        return None
    setup = state.setup
    return {
        "grid": list(field_rows(setup.field)),
        "seed": setup.seed,
        "preset": setup.preset,
        "opened": [NAMES[i] for i in setup.opened],
        "ephemera": [
            {
                "color": e.color,
                "kind": e.kind,
                "sectors": [NAMES[i] for i in e.sectors],
                "membrane": NAMES[e.membrane],
            }
            for e in setup.field.ephemera
        ],
    }
