"""The `eotctl play` script language: one command per line, read against the table it is played on;
and back again (`line_of`), so that a random game can be written out and replayed."""

from __future__ import annotations

from typing import Any

from .commands import Activate, Concede, Decide, EndTurn, ExpireStep, TakeMainAction
from .game import ACTIONS
from .state import Table


class ParseError(ValueError):
    """The line is not in the script grammar (`parse_error`)."""


def _slot(table: Table, player: str, verb: str) -> str:
    if "." in verb:
        return verb
    cubes = table.seat(player).cubes if table.has_player(player) else []
    return next((f"{verb}.{n}" for n in (1, 2) if f"{verb}.{n}" not in cubes), f"{verb}.1")


def _int(word: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise ParseError(f"{word!r} is not a number") from None


def _play_args(words: list[str]) -> dict[str, Any]:
    if not words:
        raise ParseError("which card?")
    args: dict[str, Any] = {"card": words[0], "discards": [], "space": None}
    rest = words[1:]
    if "space" in rest:
        at = rest.index("space")
        if at + 2 != len(rest):
            raise ParseError("space takes one number, at the end")
        args["space"] = _int(rest[at + 1])
        rest = rest[:at]
    if rest:
        if rest[0] != "discard":
            raise ParseError(f"unexpected {rest[0]!r}")
        args["discards"] = rest[1:]
    return args


def _moves(words: list[str]) -> list[dict[str, Any]]:
    if len(words) % 2:
        raise ParseError("moves come in pairs: <card> <steps>")
    return [{"card": words[i], "steps": _int(words[i + 1])} for i in range(0, len(words), 2)]


def _source_args(words: list[str]) -> dict[str, Any]:
    if not words or words[0] == "with":
        raise ParseError("which Source?")
    if len(words) > 1 and words[1] != "with":
        raise ParseError(f"unexpected {words[1]!r}")
    return {"source": words[0], "creatures": words[2:]}


def _choice(kind: str | None, words: list[str]) -> Any:
    if kind in ("summon_order", "ready"):
        if len(words) != 1:
            raise ParseError("choose one id")
        return words[0]
    if kind == "advance":
        return [] if words in ([], ["none"]) else _moves(words)
    if kind == "play":
        return "decline" if words == ["decline"] else _play_args(words)
    return [] if words in ([], ["none"]) else words


def parse_line(table: Table, text: str) -> Any | None:
    """The command of one line (None for a blank or comment line); raises ParseError."""
    words = text.split("#", 1)[0].split()
    if not words:
        return None
    if words == ["expire"]:
        step = table.pending.step_id if table.pending else table.turn.step_id if table.turn else "none"
        return ExpireStep(step_id=step)
    if len(words) < 2:
        raise ParseError("a line is <player> <verb> …")
    player, verb, rest = words[0], words[1], words[2:]
    action = verb.split(".")[0]
    if action in ACTIONS and (verb == action or verb.split(".", 1)[1].isdigit()):
        slot = _slot(table, player, verb)
        if action == "draw":
            if rest:
                raise ParseError("draw takes no arguments")
            return TakeMainAction(player=player, slot=slot, args={})
        if action == "play":
            return TakeMainAction(player=player, slot=slot, args=_play_args(rest))
        if action == "advance":
            return TakeMainAction(player=player, slot=slot, args={"moves": _moves(rest)})
        return TakeMainAction(player=player, slot=slot, args=_source_args(rest))
    if verb == "activate":
        if not rest or (len(rest) > 1 and rest[1] != "discard"):
            raise ParseError("activate <card-or-source> [discard <id>…]")
        return Activate(player=player, target=rest[0], discards=tuple(rest[2:]))
    if verb in ("end", "concede"):
        if rest:
            raise ParseError(f"{verb} takes no arguments")
        return EndTurn(player=player) if verb == "end" else Concede(player=player)
    if verb == "choose":
        pending = table.pending
        if pending is None:
            return Decide(player=player, decision_id="none", choice=rest)
        return Decide(player=player, decision_id=pending.decision_id, choice=_choice(pending.kind, rest))
    raise ParseError(f"unknown verb {verb!r}")


def _play_words(args: dict[str, Any]) -> list[str]:
    words = [args["card"]]
    if args.get("discards"):
        words += ["discard", *args["discards"]]
    if args.get("space") is not None:
        words += ["space", str(args["space"])]
    return words


def _move_words(moves: list[dict[str, Any]]) -> list[str]:
    return [w for m in moves for w in (m["card"], str(m["steps"]))]


def line_of(table: Table, command: Any) -> str:
    """The script line of a command sent at this table."""
    if isinstance(command, ExpireStep):
        return "expire"
    player = command.player
    if isinstance(command, TakeMainAction):
        action, args = command.slot.split(".")[0], command.args
        words = {"draw": lambda: [], "play": lambda: _play_words(args),
                 "advance": lambda: _move_words(args["moves"]),
                 }.get(action, lambda: [args["source"], *(["with", *args["creatures"]] if args["creatures"] else [])])()
        return " ".join([player, command.slot, *words])
    if isinstance(command, Activate):
        return " ".join([player, "activate", command.target, *(["discard", *command.discards] if command.discards
                                                                 else [])])
    if isinstance(command, EndTurn):
        return f"{player} end"
    if isinstance(command, Concede):
        return f"{player} concede"
    choice = command.choice
    kind = table.pending.kind if table.pending else ""
    if kind == "play":
        words = ["decline"] if choice == "decline" else _play_words(choice)
    elif kind == "advance":
        words = _move_words(choice) or ["none"]
    elif isinstance(choice, str):
        words = [choice]
    else:
        words = list(choice) or ["none"]
    return " ".join([player, "choose", *words])
