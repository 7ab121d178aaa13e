"""Is a generated field worth playing? A measurable answer (echo-challenge.md §2: pre-opened sectors must give
information).

Criterion (v1). Start from the pre-opened sectors and reason like a careful player, with sure
deductions only — no guessing:

- a digit whose proved segments already equal it makes its other hidden neighbours safe;
- a digit whose proved segments plus hidden neighbours equal it makes all those neighbours segments.

Every sector proved safe is opened (the player would Probe it at no risk) and its digit joins the
reasoning; repeat until nothing more follows. The field is *worth playing* when

1. at least one pre-opened sector shows a non-zero digit (the opening points at an ephemeron), and
2. this no-guess closure opens at least `MIN_SAFE` hidden sectors beyond the pre-opened ones, and
3. it proves at least `MIN_SEGMENTS` segment(s) — a sector the player can Beam without a guess.

So the opening always gives the player a risk-free start *and* a sure first Beam. The deduction is
sound by construction (it only uses true digits), which the tests check against the field itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .field import NEIGHBOURS8, SECTORS, Field

MIN_SAFE = 3
MIN_SEGMENTS = 1

_HIDDEN, _OPEN, _SEGMENT = 0, 1, 2


@dataclass(frozen=True, slots=True)
class Worth:
    nonzero_opened: int  # pre-opened sectors with a digit above 0
    safe: tuple[int, ...]  # hidden sectors proved free, in the order they were proved
    segments: tuple[int, ...]  # hidden sectors proved to be segments, sorted

    @property
    def worth_playing(self) -> bool:
        return self.nonzero_opened >= 1 and len(self.safe) >= MIN_SAFE and len(self.segments) >= MIN_SEGMENTS


def assess(field: Field, opened: Iterable[int]) -> Worth:
    """Run the no-guess closure from the pre-opened sectors of `field` (see the module docstring)."""
    state = [_HIDDEN] * SECTORS
    digits = field.digits
    queue: list[int] = []
    nonzero = 0
    for sector in opened:
        state[sector] = _OPEN
        queue.append(sector)
        if digits[sector] > 0:
            nonzero += 1
    safe: list[int] = []
    segments: list[int] = []
    queued = [False] * SECTORS
    for sector in queue:
        queued[sector] = True
    while queue:
        sector = queue.pop()
        queued[sector] = False
        hidden = []
        proved = 0
        for n in NEIGHBOURS8[sector]:
            s = state[n]
            if s == _HIDDEN:
                hidden.append(n)
            elif s == _SEGMENT:
                proved += 1
        if not hidden:
            continue
        digit = digits[sector]
        if digit == proved:
            new_state = _OPEN
        elif digit == proved + len(hidden):
            new_state = _SEGMENT
        else:
            continue
        for n in hidden:
            state[n] = new_state
            if new_state == _OPEN:
                if digits[n] < 0:  # pragma: no cover - would mean the deduction is unsound
                    raise AssertionError(f"sector {n} was proved safe but holds a segment")
                safe.append(n)
                if not queued[n]:
                    queued[n] = True
                    queue.append(n)
            else:
                if digits[n] >= 0:  # pragma: no cover
                    raise AssertionError(f"sector {n} was proved a segment but is free")
                segments.append(n)
            # every open neighbour of a changed sector may now decide something
            for m in NEIGHBOURS8[n]:
                if state[m] == _OPEN and not queued[m]:
                    queued[m] = True
                    queue.append(m)
    return Worth(nonzero_opened=nonzero, safe=tuple(safe), segments=tuple(sorted(segments)))
