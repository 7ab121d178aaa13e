"""What a game starts from: the field, the rule values of its preset, the pre-opened sectors, the seed."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from .field import Field


@dataclass(frozen=True, slots=True)
class Rules:
    """Every number that a preset or a special game may change (echo-challenge.md §3, §5, §6, §8, §9, §10).

    Connectivity is kept in halves: 6 means 3 divisions.
    """

    connectivity: int = 6
    connectivity_max: int = 10
    contour: int = 6
    charge: int = 3
    detector: int = 3
    detector_max: int = 5
    spectrometer: int = 3
    spectrometer_max: int = 3
    detector_chance: float = 0.5
    red_timer: int = 3
    beam_cost: int = 2
    price_clean: int = 40
    price_lossy: int = 20
    price_order: int = 15
    order_slots: int = 3
    order_slots_red2: int = 5
    stale_after: int = 8
    freeze_ticks: int = 7


@dataclass(frozen=True, slots=True)
class GameSetup:
    field: Field
    rules: Rules
    opened: tuple[int, ...]  # pre-opened free sectors
    seed: int = 0
    preset: str | None = None
    closes_at: datetime | None = None  # a Daily's game: its Daily's close, which expires it
