"""The instruments that fire by themselves after a click (echo-challenge.md §8, §23): Detector and Spectrometer.

Both look at the 8 neighbours of the clicked sector in index order, so a pick is reproducible.
`board` is the board before the click (the clicked sector is never its own neighbour).
Each firing costs one instrument charge; no charge or no candidate means no firing and no cost.
"""

from __future__ import annotations

from collections.abc import Container, Sequence

from . import dice
from .field import NEIGHBOURS8, Field

HIDDEN = "#"


def detector(
    field: Field,
    board: Sequence[str],
    hinted: Container[int],
    sector: int,
    *,
    seed: int,
    tick: int,
    chance: float,
    charge: int,
) -> int | None:
    """The hidden free sector whose digit the Detector shows, or None.

    Rolls on every Probe and Beam tick (chance `detector_chance`); never hints a sector twice;
    digit-0 sectors can be hinted.
    """
    if charge <= 0:
        return None
    candidates = [
        n
        for n in NEIGHBOURS8[sector]
        if board[n] == HIDDEN and n != sector and field.owner[n] < 0 and n not in hinted
    ]
    if not candidates or dice.chance(seed, tick, "detector") >= chance:
        return None
    return candidates[dice.pick(seed, tick, "detector-sector", 0, len(candidates))]


def spectrometer(
    field: Field,
    board: Sequence[str],
    highlighted: Container[int],
    sector: int,
    *,
    seed: int,
    tick: int,
    charge: int,
) -> int | None:
    """The hidden segment the Spectrometer frames after a Probe, or None. No roll: it always fires."""
    if charge <= 0:
        return None
    candidates = [
        n
        for n in NEIGHBOURS8[sector]
        if board[n] == HIDDEN and n != sector and field.owner[n] >= 0 and n not in highlighted
    ]
    if not candidates:
        return None
    return candidates[dice.pick(seed, tick, "spectrometer", 0, len(candidates))]
