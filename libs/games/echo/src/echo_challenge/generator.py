"""Field generation: `generate(preset_id, seed) -> GameSetup`, deterministic everywhere (echo-challenge.md §2, §10).

One attempt, from the sub-seed key ``echo-field:v1:<preset>:<seed>:<attempt>``:

1. draw every ephemeron's size from its preset range (composition order);
2. place the ephemera, largest first, each grown as a random 4-connected polyomino from a random
   start: a sector may join an ephemeron only if it is free and none of its side neighbours belongs
   to another ephemeron (so ephemera never share a side; corners may touch);
3. pick each ephemeron's membrane among its segments;
4. check the preset's shape constraint (e.g. few empty sectors);
5. pick the pre-opened sectors: for each digit of the preset's opening, a not yet chosen free sector
   with that digit;
6. check that the field is worth playing (`worth.assess`).

Any failed step discards the attempt and the next sub-seed is tried; the result is a pure function of
(preset, seed). The version tag ``v1`` in the key must change whenever the algorithm changes, since
published Dailies are replayed from (preset, seed).
"""

from __future__ import annotations

import hashlib

from .field import NEIGHBOURS4, SECTORS, Color, Field, sector_name
from .presets import Preset, get_preset
from .prng import SplitMix64
from .setup import GameSetup
from .worth import assess

ALGORITHM = "v1"
MAX_ATTEMPTS = 10_000
_GROW_TRIES = 4


class GenerationError(RuntimeError):
    """A preset that cannot produce a field (a bug in the preset, not in the input)."""


def generate(preset_id: str, seed: int) -> GameSetup:
    preset = get_preset(preset_id)
    for attempt in range(MAX_ATTEMPTS):
        setup = _attempt(preset, seed, SplitMix64(f"echo-field:{ALGORITHM}:{preset.id}:{seed}:{attempt}"))
        if setup is not None:
            return setup
    raise GenerationError(f"preset {preset.id!r} gave no playable field in {MAX_ATTEMPTS} attempts")


def _attempt(preset: Preset, seed: int, rng: SplitMix64) -> GameSetup | None:
    sizes = [rng.between(spec.min_size, spec.max_size) for spec in preset.composition]
    order = sorted(range(len(sizes)), key=lambda k: -sizes[k])  # stable: ties keep composition order
    blocked = [False] * SECTORS  # occupied, or side-adjacent to an ephemeron already placed
    bodies: list[list[int]] = [[] for _ in sizes]
    for k in order:
        body = None
        for _ in range(_GROW_TRIES):
            body = _grow(blocked, sizes[k], rng)
            if body is not None:
                break
        if body is None:
            return None
        for sector in body:
            blocked[sector] = True
            for n in NEIGHBOURS4[sector]:
                blocked[n] = True
        bodies[k] = body

    segments: dict[int, tuple[Color, bool]] = {}
    for k, body in enumerate(bodies):
        membrane = body[rng.below(len(body))]
        color = preset.composition[k].color
        for sector in body:
            segments[sector] = (color, sector == membrane)
    field = Field.from_segments(segments)

    digits = field.digits
    if preset.max_empty is not None and sum(1 for d in digits if d == 0) > preset.max_empty:
        return None

    opened: list[int] = []
    for digit in preset.opening:
        candidates = [i for i in range(SECTORS) if digits[i] == digit and i not in opened]
        if not candidates:
            return None
        opened.append(rng.choice(candidates))
    if not assess(field, opened).worth_playing:
        return None
    return GameSetup(field=field, rules=preset.rules, opened=tuple(opened), seed=seed, preset=preset.id)


def _grow(blocked: list[bool], size: int, rng: SplitMix64) -> list[int] | None:
    """A random 4-connected body of `size` unblocked sectors, or None if it got stuck."""
    starts = [i for i in range(SECTORS) if not blocked[i]]
    if not starts:
        return None
    body = [rng.choice(starts)]
    while len(body) < size:
        frontier = sorted({n for s in body for n in NEIGHBOURS4[s] if not blocked[n] and n not in body})
        if not frontier:
            return None
        body.append(rng.choice(frontier))
    return body


def layout_rows(setup: GameSetup) -> tuple[str, ...]:
    """The field as ten strings: `.` free, `g` `y` `r` a segment, `G` `Y` `R` a membrane."""
    field = setup.field
    cells = ["."] * SECTORS
    for eph in field.ephemera:
        letter = eph.color[0]
        for sector in eph.sectors:
            cells[sector] = letter.upper() if sector == eph.membrane else letter
    return tuple("".join(cells[row * 10 : row * 10 + 10]) for row in range(10))


def fingerprint(setup: GameSetup) -> str:
    """SHA-256 of the layout and the pre-opened sectors: pins a generated field across platforms."""
    text = "\n".join(layout_rows(setup)) + "\nopen: " + " ".join(sector_name(i) for i in setup.opened)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
