"""Echo Challenge events: past-tense facts of one game, in the order they happened.

A game's stream is `GameStarted`, `OrdersDealt` (tick 0), then one `TickResolved` per tick (a tool
click on an unexplored sector), and finally one `GameFinished`. Every random outcome (Detector,
Spectrometer, Order dealing) is recorded as its result, so folding the stream never rolls dice.

`GameStarted` carries the whole hidden field and the seed: it belongs on internal subjects only.
`TickResolved` carries only what the click revealed, so analysts can read it directly: the tool, the
sector, what opened there, the gauges after the tick and the credits it earned are explicit fields.
It also names ephemera by their index in the field's ephemeron order (reading order of their first
sectors); clients get `client_view` instead, which never exposes those indices for hidden ones.

Connectivity is recorded in halves (6 = 3 divisions), like the rules core keeps it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from echo_events.model import Event, Message
from echo_events.registry import event
from pydantic import Field

Color = Literal["green", "yellow", "red"]
Symbol = Literal["1", "2", "3", "4", "5", "6", "7", "8", "empty", "green", "yellow", "red"]
Tool = Literal["probe", "beam"]
SectorIndex = Annotated[int, Field(ge=0, le=99)]


class RulesValues(Message):
    """Every number a preset or a special game may change (mirrors the engine's `Rules`)."""

    connectivity: int
    connectivity_max: int
    contour: int
    charge: int
    detector: int
    detector_max: int
    spectrometer: int
    spectrometer_max: int
    detector_chance: float
    red_timer: int
    beam_cost: int
    price_clean: int
    price_lossy: int
    price_order: int
    order_slots: int
    order_slots_red2: int
    stale_after: int
    freeze_ticks: int


@event("echo.GameStarted", 1)
class GameStarted(Event):
    """A game began. Internal subjects only: `grid` and `seed` are hidden information."""

    grid: tuple[str, ...] = Field(min_length=10, max_length=10, description="§20 rows: . g y r G Y R")
    rules: RulesValues
    opened: tuple[int, ...] = Field(description="pre-opened free sectors")
    seed: int
    preset: str | None = None
    closes_at: datetime | None = Field(None, description="a Daily's game: its Daily's close, when it expires")


class OrderDeal(Message):
    slot: int
    symbols: tuple[Symbol, Symbol, Symbol]


@event("echo.OrdersDealt", 1)
class OrdersDealt(Event):
    """The initial Order board, dealt at tick 0 (slots that could not be dealt are absent)."""

    tick: int = 0
    orders: tuple[OrderDeal, ...]


class EphemeronOpened(Message):
    ephemeron: int = Field(description="index in the field's ephemeron order")
    color: Color
    size: int
    clean: bool
    credits: int


class MembraneChanged(Message):
    ephemeron: int
    color: Color
    kind: Literal[1, 2]
    state: Literal["triggered", "out"]


class OrderProgress(Message):
    """An Order present at the start of the tick whose progress changed (final progress of the tick)."""

    slot: int
    progress: int = Field(ge=0, le=3)
    filled: bool = Field(description="a symbol was filled this tick (resets staleness)")
    restarted: bool


class OrderCompleted(Message):
    slot: int
    symbols: tuple[Symbol, Symbol, Symbol]
    credits: int


class OrderWithdrawn(Message):
    slot: int
    symbols: tuple[Symbol, Symbol, Symbol]


class DetectorHint(Message):
    sector: SectorIndex
    digit: int = Field(ge=0, le=8)


class SpectrometerHighlight(Message):
    sector: SectorIndex
    color: Color
    membrane: bool


class RedTimer(Message):
    ephemeron: int
    ticks: int


class CreditItem(Message):
    kind: Literal["clean", "lossy", "order"]
    amount: int


Nadlom = Literal["probe", "overload", "strike"]


@event("echo.TickResolved", 1)
class TickResolved(Event):
    """One tick: a tool clicked an unexplored sector and all that followed (docs/games/echo-challenge.md §12)."""

    tick: int = Field(ge=1)
    tool: Tool
    sector: SectorIndex
    sector_name: str
    charge_spent: int
    # what the sector turned out to be
    digit: int | None = Field(default=None, description="free sector: its digit (0 = empty)")
    color: Color | None = Field(default=None, description="segment: its ephemeron's colour")
    membrane: bool = False
    burnt: bool = Field(default=False, description="a segment opened by the Probe")
    # what it did
    nadloms: tuple[Nadlom, ...] = ()
    overloads: int = 0
    perturbation_started: bool = False
    ephemeron_opened: EphemeronOpened | None = None
    membrane_changed: MembraneChanged | None = None
    orders_progressed: tuple[OrderProgress, ...] = ()
    orders_completed: tuple[OrderCompleted, ...] = ()
    orders_withdrawn: tuple[OrderWithdrawn, ...] = ()
    orders_dealt: tuple[OrderDeal, ...] = ()
    order_slots: int
    detector_hint: DetectorHint | None = None
    spectrometer_highlight: SpectrometerHighlight | None = None
    strikes: tuple[int, ...] = Field(default=(), description="ephemera whose red timer struck")
    red_timers: tuple[RedTimer, ...] = Field(default=(), description="perturbed reds after the tick")
    freeze_until: int | None = Field(default=None, description="last tick on which red timers stand")
    credits: tuple[CreditItem, ...] = ()
    credits_earned: int = 0
    # gauges after the tick (connectivity in halves)
    connectivity: int
    connectivity_max: int
    charge: int
    contour: int
    detector: int
    detector_max: int
    spectrometer: int
    spectrometer_max: int
    ending: Literal["complete", "breakdown"] | None = None


@event("echo.GameFinished", 1)
class GameFinished(Event):
    """The game ended; credits count whatever the reason."""

    status: Literal["complete", "breakdown", "finished", "expired"]
    reason: Literal["complete", "breakdown", "finish", "expire"]
    tick: int
    credits: int
    clean: int
    lossy: int
    orders: int


ECHO_EVENTS: tuple[type[Event], ...] = (GameStarted, OrdersDealt, TickResolved, GameFinished)

__all__ = [
    "ECHO_EVENTS",
    "CreditItem",
    "DetectorHint",
    "EphemeronOpened",
    "GameFinished",
    "GameStarted",
    "MembraneChanged",
    "OrderCompleted",
    "OrderDeal",
    "OrderProgress",
    "OrderWithdrawn",
    "OrdersDealt",
    "RedTimer",
    "RulesValues",
    "SpectrometerHighlight",
    "TickResolved",
]
