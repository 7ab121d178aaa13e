"""The 10×10 character grid of a field (echo-challenge.md §20): `.` free, `g` `y` `r` segments, `G` `Y` `R` membranes.

Used by the text format and by the `GameStarted` event, which carries the field as these ten rows.
"""

from __future__ import annotations

from collections.abc import Sequence

from .field import SIZE, Color, Field, FieldError, sector_index

LETTERS: dict[str, tuple[Color, bool]] = {
    "g": ("green", False),
    "y": ("yellow", False),
    "r": ("red", False),
    "G": ("green", True),
    "Y": ("yellow", True),
    "R": ("red", True),
}


def field_rows(field: Field) -> tuple[str, ...]:
    rows = []
    for y in range(SIZE):
        row = []
        for x in range(SIZE):
            i = sector_index(x, y)
            owner = field.owner[i]
            if owner < 0:
                row.append(".")
            else:
                eph = field.ephemera[owner]
                letter = eph.color[0]
                row.append(letter.upper() if i == eph.membrane else letter)
        rows.append("".join(row))
    return tuple(rows)


def field_from_rows(rows: Sequence[str], first_line: int = 1) -> Field:
    """Build a field from ten rows; a FieldError names the row and column of the first problem.

    `first_line` is the text line of the first row, added to messages about the grid's shape.
    """
    if len(rows) != SIZE:
        raise FieldError(
            f"the grid has {len(rows)} rows; exactly {SIZE} are required (from line {first_line})"
        )
    segments: dict[int, tuple[Color, bool]] = {}
    for y, row in enumerate(rows):
        if len(row) != SIZE:
            raise FieldError(
                f"row {y + 1} (line {first_line + y}) has {len(row)} characters; exactly {SIZE} are required"
            )
        for x, char in enumerate(row):
            if char == ".":
                continue
            if char not in LETTERS:
                raise FieldError(f"unknown character {char!r} (expected . g y r G Y R)", sector_index(x, y))
            segments[sector_index(x, y)] = LETTERS[char]
    return Field.from_segments(segments)
