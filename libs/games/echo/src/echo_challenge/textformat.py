"""The field text format v1 (echo-challenge.md §20): a header of `key: value` lines, then a 10×10 grid.

`parse_field_text(text) -> GameSetup` and `format_field_text(setup) -> str`; parsing what was formatted
gives the same setup back. A `#` starts a comment anywhere. Errors are `FieldTextError` (a
`FieldError`, so a `ValueError`) and name the line, or the row and column of the grid.

Rule values start from the preset's (`preset:` key, looked up through
`echo_challenge.presets.rules_for_preset` when that module exists) or from `Rules()`, and the
header's keys override them. Beyond §20, three optional keys keep the round trip exact for rule values
the v1 keys cannot express: `order_slots: 3/5`, `stale_after: 8`, `freeze_ticks: 7`; `format` writes
them only when they differ from the preset's.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable

from .field import SIZE, FieldError, parse_sector, sector_name
from .grid import field_from_rows, field_rows
from .setup import GameSetup, Rules

KNOWN_PRESETS = ("standard", "nine-small", "big-red")
KEYS = (
    "preset", "seed", "open", "connectivity", "contour", "charge", "detector", "spectrometer",
    "detector_chance", "red_timer", "beam_cost", "prices", "order_slots", "stale_after", "freeze_ticks",
)  # fmt: skip


class FieldTextError(FieldError):
    """A field text that cannot be read; the message names the line, or the grid's row and column."""


def _line_error(line: int, message: str) -> FieldTextError:
    return FieldTextError(f"line {line}: {message}")


def preset_rules(preset: str) -> Rules:
    """The rule values of a preset id; `Rules()` defaults while the presets module is not there."""
    try:
        module = importlib.import_module("echo_challenge.presets")
    except ModuleNotFoundError as missing:
        if missing.name != "echo_challenge.presets":
            raise
        if preset in KNOWN_PRESETS:
            return Rules()
        raise FieldTextError(
            f"unknown preset {preset!r}: the presets module is not available, so only "
            f"{', '.join(KNOWN_PRESETS)} are known (with the default rule values)"
        ) from None
    rules_for_preset: Callable[[str], Rules] = module.rules_for_preset
    try:
        return rules_for_preset(preset)
    except (LookupError, ValueError) as unknown:
        raise FieldTextError(f"unknown preset {preset!r}: {unknown}") from None


def parse_field_text(text: str) -> GameSetup:
    header: dict[str, tuple[int, str]] = {}
    rows: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if ":" in line:
            if rows:
                raise _line_error(number, "a header line after the grid started")
            key, value = (part.strip() for part in line.split(":", 1))
            if key not in KEYS:
                raise _line_error(number, f"unknown key {key!r} (known: {', '.join(KEYS)})")
            if key in header:
                raise _line_error(number, f"key {key!r} given twice")
            header[key] = (number, value)
        else:
            rows.append((number, line))
    if len(rows) < SIZE:
        where = f"after line {rows[-1][0]}" if rows else "the text has no grid"
        raise FieldTextError(f"row {len(rows) + 1} of the grid is missing ({where}); the grid is 10×10")
    if len(rows) > SIZE:
        raise _line_error(rows[SIZE][0], f"row {SIZE + 1} of the grid: the grid has only {SIZE} rows")
    field = field_from_rows([row for _, row in rows], first_line=rows[0][0])

    preset = header["preset"][1] if "preset" in header else None
    if preset == "":
        preset = None
    rules = preset_rules(preset) if preset is not None else Rules()
    changes: dict[str, int | float] = {}
    for key, (number, value) in header.items():
        try:
            changes.update(_rule_values(key, value))
        except ValueError as bad:
            raise _line_error(number, f"{key}: {bad}") from None
    rules = dataclasses.replace(rules, **changes)

    seed = 0
    if "seed" in header:
        number, value = header["seed"]
        try:
            seed = int(value)
        except ValueError:
            raise _line_error(number, f"seed: {value!r} is not a whole number") from None
    opened: list[int] = []
    if "open" in header:
        number, value = header["open"]
        for word in value.replace(",", " ").split():
            index = parse_sector(word)
            if index is None:
                raise _line_error(number, f"open: {word!r} is not a sector (A1..J10)")
            if field.owner[index] >= 0:
                raise FieldTextError("a pre-opened sector must be free, not a segment", index)
            if index in opened:
                raise _line_error(number, f"open: {word} is listed twice")
            opened.append(index)
    return GameSetup(field=field, rules=rules, opened=tuple(opened), seed=seed, preset=preset)


def _halves(text: str) -> int:
    value = float(text)
    if value * 2 != int(value * 2) or value < 0:
        raise ValueError(f"{text!r} is not a whole or half number of divisions")
    return int(value * 2)


def _int(text: str) -> int:
    value = int(text)
    if value < 0:
        raise ValueError(f"{text!r} is negative")
    return value


def _pair(text: str, parse: Callable[[str], int]) -> tuple[int, int]:
    parts = text.split("/")
    if len(parts) != 2:
        raise ValueError(f"{text!r} is not start/max")
    start, top = parse(parts[0].strip()), parse(parts[1].strip())
    if start > top:
        raise ValueError(f"start {parts[0].strip()} is above the maximum {parts[1].strip()}")
    return start, top


def _rule_values(key: str, value: str) -> dict[str, int | float]:
    try:
        if key == "connectivity":
            start, top = _pair(value, _halves)
            if top == 0:
                raise ValueError("the maximum must be above 0")
            return {"connectivity": start, "connectivity_max": top}
        if key in ("detector", "spectrometer"):
            start, top = _pair(value, _int)
            return {key: start, f"{key}_max": top}
        if key == "order_slots":
            start, top = _pair(value, _int)
            return {"order_slots": start, "order_slots_red2": top}
        if key in ("contour", "charge", "red_timer", "beam_cost", "stale_after", "freeze_ticks"):
            return {key: _int(value)}
        if key == "detector_chance":
            chance = float(value)
            if not 0 <= chance <= 1:
                raise ValueError(f"{value!r} is not between 0 and 1")
            return {"detector_chance": chance}
        if key == "prices":
            parts = value.split("/")
            if len(parts) != 3:
                raise ValueError(f"{value!r} is not clean/lossy/order")
            clean, lossy, order = (_int(p.strip()) for p in parts)
            return {"price_clean": clean, "price_lossy": lossy, "price_order": order}
    except ValueError as bad:
        if "invalid literal" in str(bad) or "could not convert" in str(bad):
            raise ValueError(f"{value!r} is not a number") from None
        raise
    return {}


def format_field_text(setup: GameSetup) -> str:
    r = setup.rules
    base = preset_rules(setup.preset) if setup.preset is not None else Rules()
    lines = []
    if setup.preset is not None:
        lines.append(f"preset: {setup.preset}")
    lines += [
        f"seed: {setup.seed}",
        f"open: {' '.join(sector_name(i) for i in setup.opened)}".rstrip(),
        f"connectivity: {_divisions(r.connectivity)}/{_divisions(r.connectivity_max)}",
        f"contour: {r.contour}",
        f"charge: {r.charge}",
        f"detector: {r.detector}/{r.detector_max}",
        f"spectrometer: {r.spectrometer}/{r.spectrometer_max}",
        f"detector_chance: {r.detector_chance!r}",
        f"red_timer: {r.red_timer}",
        f"beam_cost: {r.beam_cost}",
        f"prices: {r.price_clean}/{r.price_lossy}/{r.price_order}",
    ]
    if (r.order_slots, r.order_slots_red2) != (base.order_slots, base.order_slots_red2):
        lines.append(f"order_slots: {r.order_slots}/{r.order_slots_red2}")
    if r.stale_after != base.stale_after:
        lines.append(f"stale_after: {r.stale_after}")
    if r.freeze_ticks != base.freeze_ticks:
        lines.append(f"freeze_ticks: {r.freeze_ticks}")
    lines += field_rows(setup.field)
    return "\n".join(lines) + "\n"


def _divisions(halves: int) -> str:
    return str(halves // 2) if halves % 2 == 0 else f"{halves / 2}"
