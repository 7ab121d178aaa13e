"""Actions in canonical notation (§4): `P:H8`, `A:H8`, `S:H8:J9`, `M:H8:NE`, `X:H8`, plus `;T:K10`.

Parsing checks the grammar only; whether the cells are on this board and the action is legal is
`legality`'s business (a cell off the board is an illegal action, not a malformed one).
"""

from __future__ import annotations

import re
from typing import Literal, NamedTuple

from .geometry import DIRECTIONS

Kind = Literal["P", "A", "S", "M", "X"]
_CELL = r"[A-Z][1-9][0-9]?"
_DIRECTION = "|".join(sorted(DIRECTIONS, key=len, reverse=True))
ACTION = re.compile(
    rf"(?:(?P<kind>[PAX]):(?P<cell>{_CELL})|S:(?P<shift_from>{_CELL}):(?P<shift_to>{_CELL})"
    rf"|M:(?P<magnet>{_CELL}):(?P<direction>{_DIRECTION}))(?:;T:(?P<take_back>{_CELL}))?"
)


class Action(NamedTuple):
    kind: Kind
    cell: str  # the target; for a shift or a magnet, the anchor's cell
    to: str | None = None  # shift destination
    direction: str | None = None  # magnet direction
    take_back: str | None = None  # the anchor taken back (§6.6)

    @property
    def text(self) -> str:
        main = f"{self.kind}:{self.cell}"
        if self.to is not None:
            main += f":{self.to}"
        elif self.direction is not None:
            main += f":{self.direction}"
        return main if self.take_back is None else f"{main};T:{self.take_back}"


def parse_action(text: str) -> Action | None:
    """The action a canonical text names, or None when the text is not canonical."""
    match = ACTION.fullmatch(text)
    if match is None:
        return None
    take_back = match["take_back"]
    if match["kind"] is not None:
        return Action(match["kind"], match["cell"], take_back=take_back)  # type: ignore[arg-type]
    if match["shift_from"] is not None:
        return Action("S", match["shift_from"], to=match["shift_to"], take_back=take_back)
    return Action("M", match["magnet"], direction=match["direction"], take_back=take_back)
