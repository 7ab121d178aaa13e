"""The `--turns` script of ghostctl: segments split on `;`, each a control (`resign A`) or a turn
(two tokens, A's then B's). A token is `-` or an action (take-back written `+T:K10`) with `@time`.
"""

from __future__ import annotations

import re
from typing import NamedTuple

_CELL = r"[A-Z][1-9][0-9]?"
_MAIN = rf"(?:[PAX]:{_CELL}|S:{_CELL}:{_CELL}|M:{_CELL}:(?:NE|NW|SE|SW|N|E|S|W))"
TOKEN = re.compile(rf"(?P<body>-|{_MAIN}(?:\+T:{_CELL})?)(?:@(?P<time>timeout|\d+(?:\.\d+)?))?")
CONTROL = re.compile(r"(?P<word>resign|cancel) +(?P<seat>[AB])")
TIMEOUT = "timeout"


class ScriptError(ValueError):
    """The script does not parse."""


class Token(NamedTuple):
    action: str | None  # canonical (`;T:` for the take-back), None for `-`
    time: float | str | None  # seconds, "timeout", or None when no `@` was given


class Control(NamedTuple):
    word: str  # "resign" or "cancel"
    seat: int


class Turn(NamedTuple):
    tokens: tuple[Token, Token]


def parse_token(text: str) -> Token:
    match = TOKEN.fullmatch(text)
    if match is None:
        raise ScriptError(f"not a turn token: {text!r}")
    body, time = match["body"], match["time"]
    action = None if body == "-" else body.replace("+T:", ";T:")
    return Token(action, None if time is None else TIMEOUT if time == TIMEOUT else float(time))


def parse_script(script: str) -> list[Control | Turn]:
    segments: list[Control | Turn] = []
    for raw in script.split(";"):
        segment = raw.strip()
        if not segment:
            continue
        control = CONTROL.fullmatch(segment)
        if control is not None:
            segments.append(Control(control["word"], "AB".index(control["seat"])))
            continue
        tokens = segment.split()
        if len(tokens) != 2:
            raise ScriptError(f"a turn is two tokens, A's then B's: {segment!r}")
        segments.append(Turn((parse_token(tokens[0]), parse_token(tokens[1]))))
    return segments
