"""The public picture of a match as plain JSON data: what `ghostctl play` prints and every view holds.

Keys and formats are those of the ghostctl contract (docs/games/ghost-five.md): seats as "A"/"B",
cells by name, pieces, walls and marks sorted by (row, column).
"""

from __future__ import annotations

from typing import Any

from .board import SEAT_LETTERS, rows_text
from .events import TurnResolved
from .memory import corner_digits, is_shielded
from .state import MatchState


def pair(values: tuple[Any, Any]) -> dict[str, Any]:
    return {"A": values[0], "B": values[1]}


def settings_json(state: MatchState) -> dict[str, Any]:
    s = state.settings
    return {"board": s.board, "row": s.row, "capture": "on" if s.capture else "off", "memory": s.memory,
            "walls": "permanent" if s.walls is None else s.walls, "move_time": s.move_time,
            "reserve": s.reserve, "clock": s.clock}


def stones_json(state: MatchState) -> list[dict[str, Any]]:
    board, geo, memory_size = state.board, state.geo, state.settings.memory
    digits = {**corner_digits(board.pieces, geo, 0, memory_size), **corner_digits(board.pieces, geo, 1, memory_size)}
    stones = []
    for cell in sorted(board.pieces):
        piece = board.pieces[cell]
        digit, frame = digits.get(cell, (None, False))
        stones.append({"cell": geo.names[cell], "seat": SEAT_LETTERS[piece.seat], "anchor": piece.anchor,
                       "age": piece.age, "shielded": is_shielded(board.pieces, geo, cell, piece),
                       "digit": digit, "frame": frame})
    return stones


def cooldown(state: MatchState) -> int:
    return max(0, state.board.cooldown_until - state.board.turn) if state.live else 0


def log_entry(turn: TurnResolved, round_end: dict[str, str] | None) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "round": turn.round, "turn": turn.turn, "actions": pair(turn.actions), "void": pair(turn.void),
        "outcomes": pair(tuple([o.model_dump() for o in seat] for seat in turn.outcomes)),  # type: ignore[arg-type]
    }
    if round_end is not None:
        entry["round_end"] = round_end
    return entry


def report(state: MatchState, *, with_log: bool = True) -> dict[str, Any]:
    board, geo = state.board, state.geo
    left = cooldown(state)
    picture: dict[str, Any] = {
        "settings": settings_json(state),
        "round": board.round,
        "turn": board.turn,
        "status": state.status,
        "winner": None if state.winner is None else SEAT_LETTERS[state.winner],
        "score": pair(state.score),
        "rounds": [{"round": r.round, "result": r.result, "reason": r.reason, "turns": r.turns,
                    "board": list(r.board)} for r in state.rounds],
        "board": rows_text(board, geo),
        "stones": stones_json(state),
        "walls": [{"cell": geo.names[c], "until": w.until, "trail": w.trail} for c, w in sorted(board.walls.items())],
        "marks": [{"cell": geo.names[c], "until": until} for c, until in sorted(board.marks.items())],
        "reserve": pair(board.reserve),
        "pairs": pair(board.pairs),
        "skips": pair(board.skips),
        "cooldown": pair((left, left)),
        "magnet_ready": pair((state.live and left == 0,) * 2),
        "clock": pair(tuple({"reserve": round(c.reserve, 3), "streak": c.streak} for c in state.clocks)),  # type: ignore[arg-type]
    }
    if with_log:
        picture["log"] = log_entries(state)
    return picture


def log_entries(state: MatchState) -> list[dict[str, Any]]:
    """The entries of the turns the state's log holds. An entry is final once its command's events are in:
    a round that ends on a turn ends in the same decision (a resignation's round end is not in the log)."""
    ends = {(r.round, r.turns): {"result": r.result, "reason": r.reason} for r in state.rounds
            if r.reason != "resign"}
    return [log_entry(t, ends.get((t.round, t.turn))) for t in state.log]
