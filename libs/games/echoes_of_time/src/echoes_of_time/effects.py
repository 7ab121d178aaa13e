"""The effect notation of the card set (a card has at most one clause): parsed once, kept as values."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

FACTIONS = ("water", "forest", "sky", "earth")
FILTERS = ("any", "creature", "artifact", *FACTIONS)
MODIFIERS = ("discount_d", "discount_t", "capture_str", "advance_steps", "draw_action")
EVENTS = ("capture", "entrench", "advance_action")


class NotationError(ValueError):
    """A card's effect text is not in the notation."""


@dataclass(frozen=True, slots=True)
class Op:
    """One operation: `name` with its numbers; `play` also has a filter and two reductions."""

    name: str
    n: int = 0
    k: int = 0
    filter: str = "any"

    @property
    def words(self) -> str:
        """The op as the log shows it: its words and numbers joined by blanks (`look 3 1`, `play forest 1 0`)."""
        if self.name in ("shift", "ready"):
            return self.name
        if self.name == "look":
            return f"look {self.n} {self.k}"
        if self.name == "play":
            return f"play {self.filter} {self.n} {self.k}"
        return f"{self.name} {self.n}"


@dataclass(frozen=True, slots=True)
class Effect:
    """`kind` is none|summon|act|on|static|score; the other fields are those that kind uses."""

    kind: str
    ops: tuple[Op, ...] = ()
    cost: int = 0
    trigger: str = ""
    filter: str = "any"
    modifier: str = ""
    amount: int = 0
    formula: str = ""
    divisor: int = 1


NO_EFFECT = Effect("none")

_OP_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("draw", re.compile(r"draw (\d+)")),
    ("vp", re.compile(r"vp (\d+)")),
    ("discard", re.compile(r"discard (\d+)")),
    ("look", re.compile(r"look (\d+) keep (\d+)")),
    ("retrieve", re.compile(r"retrieve (\d+)")),
    ("advance", re.compile(r"advance (\d+)")),
    ("shift", re.compile(r"shift")),
    ("ready", re.compile(r"ready")),
)
_PLAY = re.compile(r"play(?: (\w+))?(?: d-(\d+))?(?: t-(\d+))?")
_ACT = re.compile(r"act(?:\[discard (\d+)\])?: (.+)")
_ON = re.compile(r"on (summon\((\w+)\)|capture|entrench|advance_action): (.+)")
_STATIC = re.compile(r"static: (\w+) \+?(\d+)(?: (\w+))?")
_SCORE = re.compile(r"score: per (\d+) (?:sym\((\w+)\)|cards\((\w+)\)(?: / (\d+))?|(sets))")


def parse_op(text: str) -> Op:
    for name, pattern in _OP_PATTERNS:
        match = pattern.fullmatch(text)
        if match:
            numbers = [int(g) for g in match.groups()]
            return Op(name, *numbers)
    match = _PLAY.fullmatch(text)
    if match:
        flt, d, t = match.groups()
        flt = flt or "any"
        if flt not in FILTERS:
            raise NotationError(f"unknown filter {flt!r} in {text!r}")
        return Op("play", int(d or 0), int(t or 0), flt)
    raise NotationError(f"unknown op {text!r}")


def parse_ops(text: str) -> tuple[Op, ...]:
    return tuple(parse_op(part.strip()) for part in text.split(";"))


@lru_cache(maxsize=256)
def parse_effect(text: str) -> Effect:
    """Parse one clause of the notation (`—` is no effect); raises NotationError on anything else."""
    text = text.strip()
    if text == "—":
        return NO_EFFECT
    if text.startswith("summon: "):
        return Effect("summon", ops=parse_ops(text.removeprefix("summon: ")))
    if match := _ACT.fullmatch(text):
        return Effect("act", ops=parse_ops(match.group(2)), cost=int(match.group(1) or 0))
    if match := _ON.fullmatch(text):
        event, flt, ops = match.groups()
        if flt is not None and flt not in FILTERS:
            raise NotationError(f"unknown filter {flt!r} in {text!r}")
        trigger = "summon" if flt is not None else event
        return Effect("on", ops=parse_ops(ops), trigger=trigger, filter=flt or "any")
    if match := _STATIC.fullmatch(text):
        modifier, amount, flt = match.groups()
        if modifier not in MODIFIERS or (flt or "any") not in FILTERS:
            raise NotationError(f"unknown modifier in {text!r}")
        return Effect("static", modifier=modifier, amount=int(amount), filter=flt or "any")
    if match := _SCORE.fullmatch(text):
        per, sym, cards, divisor, sets = match.groups()
        if sets:
            return Effect("score", amount=int(per), formula="sets")
        flt = sym or cards
        if flt not in FILTERS:
            raise NotationError(f"unknown filter in {text!r}")
        return Effect("score", amount=int(per), formula="sym" if sym else "cards", filter=flt,
                      divisor=int(divisor or 1))
    raise NotationError(f"not a clause of the notation: {text!r}")
