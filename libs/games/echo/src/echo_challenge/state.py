"""The immutable state of one Echo Challenge game: a NamedTuple of tuples and frozen dataclasses.

A NamedTuple rather than a frozen dataclass because `_replace` is several times faster than
`dataclasses.replace` for thirty fields, and evolve runs once per tick.

Connectivity is kept in halves (6 = 3 divisions). `board` holds one character per sector, as the
player sees it: `#` unexplored, `0`–`8` an open free sector, `g` `y` `r` a segment opened by the
Beam, `x` a segment burnt by the Probe. Everything hidden stays in `setup` (the field and the seed).
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from .events import TickResolved
from .field import SECTORS, Field
from .orders import Order, closed_counts
from .setup import GameSetup

Status = Literal["live", "complete", "breakdown", "finished", "expired"]
MembraneState = Literal["hidden", "triggered", "out"]
HIDDEN = "#"
COLOR_LETTER = {"green": "g", "yellow": "y", "red": "r"}


class GameState(NamedTuple):
    setup: GameSetup
    tick: int
    status: Status
    connectivity: int  # halves
    connectivity_max: int  # halves
    charge: int
    contour: int
    detector: int
    detector_max: int
    spectrometer: int
    spectrometer_max: int
    board: str  # 100 characters in sector order, see module doc
    segments_open: tuple[int, ...]  # per ephemeron: segments opened so far
    burnt: tuple[bool, ...]  # per ephemeron: a segment was opened by the Probe
    membranes: tuple[MembraneState, ...]  # per ephemeron
    timers: tuple[int | None, ...]  # per ephemeron: red timer while perturbed, else None
    freeze_until: int | None  # last tick on which red timers stand still
    orders: tuple[Order | None, ...]  # the Order board; None is an empty slot
    hinted: tuple[int, ...]  # sectors ever hinted by the Detector
    highlighted: tuple[int, ...]  # sectors ever highlighted by the Spectrometer
    clean: int  # clean openings
    lossy: int  # lossy openings
    orders_done: int  # completed Orders
    credits: int
    hidden_free: int  # Layer charge: free sectors not yet opened
    closed: tuple[int, ...]  # closed sectors per Order symbol (orders.SYMBOLS)
    log: tuple[TickResolved, ...]  # every tick so far
    end_reason: str | None = None

    @property
    def field(self) -> Field:
        return self.setup.field

    @property
    def live(self) -> bool:
        return self.status == "live"

    def is_hidden(self, index: int) -> bool:
        return self.board[index] == HIDDEN

    @property
    def ephemera_open(self) -> int:
        return sum(1 for e, n in zip(self.field.ephemera, self.segments_open, strict=True) if n == e.size)


def initial_state(setup: GameSetup) -> GameState:
    """Tick 0 before the Orders are dealt: gauges at the preset's start values, pre-opened sectors open."""
    field, rules = setup.field, setup.rules
    board = [HIDDEN] * SECTORS
    for i in setup.opened:
        board[i] = str(field.digits[i])
    hidden = tuple(c == HIDDEN for c in board)
    n = len(field.ephemera)
    return GameState(
        setup=setup,
        tick=0,
        status="live",
        connectivity=rules.connectivity,
        connectivity_max=rules.connectivity_max,
        charge=rules.charge,
        contour=rules.contour,
        detector=rules.detector,
        detector_max=rules.detector_max,
        spectrometer=rules.spectrometer,
        spectrometer_max=rules.spectrometer_max,
        board="".join(board),
        segments_open=(0,) * n,
        burnt=(False,) * n,
        membranes=("hidden",) * n,
        timers=(None,) * n,
        freeze_until=None,
        orders=(None,) * rules.order_slots,
        hinted=(),
        highlighted=(),
        clean=0,
        lossy=0,
        orders_done=0,
        credits=0,
        hidden_free=sum(1 for i in range(SECTORS) if hidden[i] and field.owner[i] < 0),
        closed=closed_counts(field, hidden),
        log=(),
    )
