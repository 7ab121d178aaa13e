"""Room settings (§12): chosen at creation, fixed for the match. Every other number is fixed by the rules."""

from __future__ import annotations

from typing import Literal

from echo_events.model import Message
from pydantic import Field

BOARD_SIZES = (13, 15, 19)
ROW_LENGTHS = (4, 5)
WALL_LIFETIMES = (3, 5, 10)
MOVE_TIMES = (10, 20, 30, 60, 120)
RESERVES = (0, 60, 120, 300)
LAG_ALLOWANCE = 2.0  # s after the deadline a commit is still accepted (§10)
REVEAL_WINDOW = 15.0  # s to reveal once both have committed (§11)
ANCHORS_PER_ROUND = 2
TAKE_BACK_AGE = 5
COOLDOWN_TURNS = 2
SKIPS_TO_LOSE = 3
PAIRS_TO_WIN = 5
ROUNDS_TO_WIN = 2
REFILL_STREAK = 3


class Settings(Message):
    """A room's settings. `walls` None = permanent; `clock` False = "no time limit" (bot and same-device)."""

    board: Literal[13, 15, 19] = 15
    row: Literal[4, 5] = 5
    capture: bool = False
    memory: int = Field(default=7, ge=5, le=9)
    walls: Literal[3, 5, 10] | None = None
    move_time: Literal[10, 20, 30, 60, 120] = 30
    reserve: Literal[0, 60, 120, 300] = 120
    clock: bool = True
