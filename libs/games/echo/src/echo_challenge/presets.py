"""Day's field presets (echo-challenge.md §10, §23): composition, pre-opened sectors, start gauges and prices.

A preset names everything that varies by day. The machine id is stable (it is stored in events and
shown in links); the Russian name and gist are what the daily image shows: «Мелкая рябь · девять
мелких, пустых мало».
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from .field import COLORS, SECTORS, Color
from .setup import Rules


class EphemeronSpec(NamedTuple):
    """One ephemeron of a preset's composition: its colour and the range of its size in segments."""

    color: Color
    min_size: int
    max_size: int


@dataclass(frozen=True, slots=True)
class Preset:
    id: str
    name_ru: str
    gist_ru: str
    name_en: str
    gist_en: str
    composition: tuple[EphemeronSpec, ...]
    # The digits of the pre-opened sectors, one entry per sector: (0, 0, 1, 2) = two empty sectors,
    # one sector with digit 1 and one with digit 2 (echo-challenge.md §2). Pre-opened sectors are always free.
    opening: tuple[int, ...]
    rules: Rules = field(default_factory=Rules)
    # Optional shape constraint: at most this many empty (digit 0) sectors on the field.
    max_empty: int | None = None

    def __post_init__(self) -> None:
        if not self.composition:
            raise ValueError(f"preset {self.id!r}: the composition is empty")
        for spec in self.composition:
            if spec.color not in COLORS:
                raise ValueError(f"preset {self.id!r}: unknown colour {spec.color!r}")
            if not 1 <= spec.min_size <= spec.max_size:
                raise ValueError(f"preset {self.id!r}: bad size range {spec.min_size}–{spec.max_size}")
        if sum(spec.max_size for spec in self.composition) + len(self.opening) > SECTORS // 2:
            raise ValueError(f"preset {self.id!r}: the composition does not fit the field")
        if any(not 0 <= digit <= 8 for digit in self.opening):
            raise ValueError(f"preset {self.id!r}: a pre-opened digit must be 0..8")

    @property
    def title_ru(self) -> str:
        """What the daily image shows: «Мелкая рябь · девять мелких, пустых мало»."""
        return f"{self.name_ru} · {self.gist_ru}"

    @property
    def title_en(self) -> str:
        return f"{self.name_en} · {self.gist_en}"


def _each(color: Color, count: int, min_size: int, max_size: int) -> tuple[EphemeronSpec, ...]:
    return tuple(EphemeronSpec(color, min_size, max_size) for _ in range(count))


STANDARD = Preset(
    id="standard",
    name_ru="Ровный фон",
    gist_ru="по два Эфемера каждого цвета, от 3 до 5 сегментов",
    name_en="Even background",
    gist_en="two ephemera of each colour, 3 to 5 segments",
    composition=_each("green", 2, 3, 5) + _each("yellow", 2, 3, 5) + _each("red", 2, 3, 5),
    opening=(0, 0, 1, 2),
    rules=Rules(),
)

NINE_SMALL = Preset(
    id="nine-small",
    name_ru="Мелкая рябь",
    gist_ru="девять мелких, пустых мало",
    name_en="Small ripple",
    gist_en="nine small, few empty",
    composition=_each("green", 3, 2, 3) + _each("yellow", 3, 2, 3) + _each("red", 3, 2, 3),
    # Few empty sectors: one pre-opened empty sector instead of two, and a field whose small ephemera
    # are spread out, so digit-0 sectors are scarce.
    opening=(0, 1, 1, 2),
    rules=Rules(price_clean=30, price_lossy=15, price_order=15),
    max_empty=24,
)

BIG_RED = Preset(
    id="big-red",
    name_ru="Багровый исполин",
    gist_ru="один красный на девять сегментов и мелочь вокруг",
    name_en="Crimson giant",
    gist_en="one red of nine segments and small fry around it",
    composition=(EphemeronSpec("red", 9, 9),) + _each("green", 2, 2, 3) + _each("yellow", 2, 2, 3),
    opening=(0, 0, 1, 2),
    # Nine red segments cannot be beamed out inside a 3-tick timer from a 6-unit Contour: give the
    # echonaut room (Contour 8, Charge 4) and a slower timer, and pay more for the hard opening.
    rules=Rules(contour=8, charge=4, red_timer=4, price_clean=60, price_lossy=30, price_order=15),
)

PRESETS: dict[str, Preset] = {preset.id: preset for preset in (STANDARD, NINE_SMALL, BIG_RED)}


class UnknownPreset(KeyError):
    """An id that names no preset. `str()` gives a readable message (KeyError's repr-quotes it)."""

    def __init__(self, preset_id: str) -> None:
        super().__init__(preset_id)
        self.preset_id = preset_id

    def __str__(self) -> str:
        known = ", ".join(sorted(PRESETS))
        return f"unknown preset {self.preset_id!r}; known presets: {known}"


def get_preset(preset_id: str) -> Preset:
    try:
        return PRESETS[preset_id]
    except KeyError:
        raise UnknownPreset(preset_id) from None


def rules_for_preset(preset_id: str) -> Rules:
    return get_preset(preset_id).rules
