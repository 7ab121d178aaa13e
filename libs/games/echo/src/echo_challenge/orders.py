"""Black-market Orders (echo-challenge.md §9, §23): symbols, matching, dealing to fit the field, staleness.

A symbol is a digit "1".."8" (a free sector with that digit), "empty" (a free sector with digit 0)
or a colour (a segment of that colour). Every closed sector matches exactly one symbol, so the state
keeps one count of closed sectors per symbol (`closed`, indexed like `SYMBOLS`).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import dice
from .field import Field

SYMBOLS: tuple[str, ...] = ("empty", "1", "2", "3", "4", "5", "6", "7", "8", "green", "yellow", "red")
SYMBOL_INDEX: dict[str, int] = {s: i for i, s in enumerate(SYMBOLS)}
PATTERN_LENGTH = 3


@dataclass(frozen=True, slots=True)
class Order:
    symbols: tuple[str, str, str]
    progress: int  # symbols filled, 0..2 on the board
    since: int  # tick of its dealing or of its last filled symbol (staleness clock)


def sector_symbol(field: Field, index: int) -> str:
    owner = field.owner[index]
    if owner >= 0:
        return field.ephemera[owner].color
    digit = field.digits[index]
    return "empty" if digit == 0 else SYMBOLS[digit]


def closed_counts(field: Field, hidden: tuple[bool, ...]) -> tuple[int, ...]:
    counts = [0] * len(SYMBOLS)
    for i, is_hidden in enumerate(hidden):
        if is_hidden:
            counts[SYMBOL_INDEX[sector_symbol(field, i)]] += 1
    return tuple(counts)


def deal_pattern(seed: int, tick: int, counter: int, closed: tuple[int, ...]) -> tuple[str, str, str] | None:
    """A pattern that suits the field: each symbol at most as often as closed sectors match it.

    Each position picks uniformly among the symbols still available. None when fewer than three
    closed sectors remain (then no pattern can be dealt and the slot stays empty).
    """
    left = list(closed)
    if sum(left) < PATTERN_LENGTH:
        return None
    chosen: list[str] = []
    for position in range(PATTERN_LENGTH):
        available = [i for i, n in enumerate(left) if n > 0]
        i = available[dice.pick(seed, tick, "deal", counter * PATTERN_LENGTH + position, len(available))]
        left[i] -= 1
        chosen.append(SYMBOLS[i])
    return (chosen[0], chosen[1], chosen[2])


def difficulty(order: Order, closed: tuple[int, ...]) -> int:
    """Closed sectors matching its remaining symbols (each distinct symbol counted once)."""
    return sum(closed[SYMBOL_INDEX[s]] for s in set(order.symbols[order.progress :]))


def click_symbol(field: Field, index: int, probe: bool) -> tuple[str | None, bool]:
    """(symbol the click can fill, whether it is a segment). Digits and empties count only for the Probe."""
    if field.owner[index] >= 0:
        return field.ephemera[field.owner[index]].color, True
    return (sector_symbol(field, index) if probe else None), False


def apply_click(order: Order, symbol: str | None, segment: bool) -> tuple[int, bool, bool]:
    """(new progress, filled, restarted) for one click on an Order (echo-challenge.md §9).

    A matching click fills the next symbol. A segment that does not match changes nothing. A free
    sector that does not match (or any Beam miss, `symbol` None) restarts the Order, and the click may
    fill its first symbol.
    """
    if symbol is not None and order.symbols[order.progress] == symbol:
        return order.progress + 1, True, False
    if segment:
        return order.progress, False, False
    restarted = order.progress > 0
    if symbol is not None and order.symbols[0] == symbol:
        return 1, True, restarted
    return 0, False, restarted
