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

    board: Literal[13, 15, 19] = Field(15, description="the board's side, in cells (ghost-five.md §1)")
    row: Literal[4, 5] = Field(5, description="how many pieces in a line qualify for the round (ghost-five.md §6)")
    capture: bool = Field(False, description="capture of pairs is on (ghost-five.md §5)")
    memory: int = Field(default=7, ge=5, le=9,
                        description="how many ordinary stones a player's memory holds (ghost-five.md §3)")
    walls: Literal[3, 5, 10] | None = Field(None, description="a wall's lifetime in turns (null: permanent; "
                                                             "ghost-five.md §5)")
    move_time: Literal[10, 20, 30, 60, 120] = Field(30, description="seconds per turn (ghost-five.md §7)")
    reserve: Literal[0, 60, 120, 300] = Field(120, description="the match's reserve of seconds (ghost-five.md §7)")
    clock: bool = Field(True, description="false: no time limit (bot and one-device games only)")
