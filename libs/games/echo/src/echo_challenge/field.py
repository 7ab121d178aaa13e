"""The 10×10 field: sectors, ephemera, membranes and digits (echo-challenge.md §2, §7).

A `Field` is immutable and always valid: it can only be built through `Field.from_segments`,
which enforces the placement rules and names the row and column of the first violation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

SIZE = 10
SECTORS = SIZE * SIZE
Color = Literal["green", "yellow", "red"]
COLORS: tuple[Color, ...] = ("green", "yellow", "red")
COLUMNS = "ABCDEFGHIJ"


def sector_index(x: int, y: int) -> int:
    return y * SIZE + x


def sector_xy(index: int) -> tuple[int, int]:
    return index % SIZE, index // SIZE


def sector_name(index: int) -> str:
    """Human notation: column letter A–J, row number 1–10 (x=0,y=0 is A1)."""
    x, y = sector_xy(index)
    return f"{COLUMNS[x]}{y + 1}"


def parse_sector(text: str) -> int | None:
    """`A1`..`J10` (case-insensitive) to a sector index; None when it is not a sector of the field."""
    text = text.strip().upper()
    if len(text) < 2 or text[0] not in COLUMNS or not text[1:].isdigit():
        return None
    row = int(text[1:])
    if not 1 <= row <= SIZE:
        return None
    return sector_index(COLUMNS.index(text[0]), row - 1)


def _neighbours(index: int, diagonal: bool) -> tuple[int, ...]:
    x, y = sector_xy(index)
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if diagonal:
        steps += [(-1, -1), (1, -1), (-1, 1), (1, 1)]
    found = [sector_index(x + dx, y + dy) for dx, dy in steps if 0 <= x + dx < SIZE and 0 <= y + dy < SIZE]
    return tuple(sorted(found))


NEIGHBOURS4: tuple[tuple[int, ...], ...] = tuple(_neighbours(i, False) for i in range(SECTORS))
NEIGHBOURS8: tuple[tuple[int, ...], ...] = tuple(_neighbours(i, True) for i in range(SECTORS))


class FieldError(ValueError):
    """A field that breaks a placement rule; the message names the row and column (1-based)."""

    def __init__(self, message: str, index: int | None = None) -> None:
        if index is not None:
            x, y = sector_xy(index)
            message = f"row {y + 1}, column {x + 1} ({sector_name(index)}): {message}"
        super().__init__(message)


@dataclass(frozen=True, slots=True)
class Ephemeron:
    color: Color
    sectors: tuple[int, ...]  # sorted, so sectors[0] is the first in reading order
    membrane: int  # the sector index of its membrane segment
    kind: Literal[1, 2]  # membrane kind: alternates per colour in ephemeron order

    @property
    def size(self) -> int:
        return len(self.sectors)


@dataclass(frozen=True, slots=True)
class Field:
    ephemera: tuple[Ephemeron, ...]  # in reading order of each ephemeron's first sector
    owner: tuple[int, ...]  # per sector: index into `ephemera`, or -1 for a free sector
    digits: tuple[int, ...]  # per sector: segments among its 8 neighbours; -1 for a segment

    def is_segment(self, index: int) -> bool:
        return self.owner[index] >= 0

    def free_sectors(self) -> tuple[int, ...]:
        return tuple(i for i in range(SECTORS) if self.owner[i] < 0)

    @classmethod
    def from_segments(cls, segments: Mapping[int, tuple[Color, bool]]) -> Field:
        """Build a field from {sector index: (colour, is_membrane)}; raises FieldError on a bad layout."""
        for index, (color, _) in segments.items():
            if not 0 <= index < SECTORS:
                raise FieldError(f"sector index {index} is off the field")
            if color not in COLORS:
                raise FieldError(f"unknown colour {color!r}", index)
        groups = _components(segments)
        groups.sort(key=lambda group: group[0])
        ephemera: list[Ephemeron] = []
        counts = dict.fromkeys(COLORS, 0)
        owner = [-1] * SECTORS
        for group in groups:
            colors = {segments[i][0] for i in group}
            if len(colors) > 1:
                clash = next(
                    i
                    for i in group
                    for j in NEIGHBOURS4[i]
                    if j in group and segments[j][0] != segments[i][0]
                )
                raise FieldError("ephemera of different colours touch by a side", clash)
            membranes = [i for i in group if segments[i][1]]
            if len(membranes) != 1:
                raise FieldError(
                    f"the ephemeron starting here has {len(membranes)} membranes; exactly one is required",
                    group[0],
                )
            color = segments[group[0]][0]
            counts[color] += 1
            kind: Literal[1, 2] = 1 if counts[color] % 2 == 1 else 2
            for i in group:
                owner[i] = len(ephemera)
            ephemera.append(Ephemeron(color=color, sectors=tuple(group), membrane=membranes[0], kind=kind))
        digits = tuple(
            -1 if owner[i] >= 0 else sum(1 for j in NEIGHBOURS8[i] if owner[j] >= 0) for i in range(SECTORS)
        )
        return cls(ephemera=tuple(ephemera), owner=tuple(owner), digits=digits)


def _components(segments: Mapping[int, object]) -> list[list[int]]:
    seen: set[int] = set()
    groups: list[list[int]] = []
    for start in sorted(segments):
        if start in seen:
            continue
        stack, group = [start], []
        seen.add(start)
        while stack:
            i = stack.pop()
            group.append(i)
            for j in NEIGHBOURS4[i]:
                if j in segments and j not in seen:
                    seen.add(j)
                    stack.append(j)
        groups.append(sorted(group))
    return groups
