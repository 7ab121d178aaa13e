"""`echoctl` — the Echo Challenge rules from the command line, no server (echo-challenge.md §22).

echoctl presets                                  list the field presets
echoctl field --preset standard --seed 7         a generated field in the §20 text format
echoctl play --field f.txt --moves "P A1; B C3; F"   final §21 state as JSON, with `rejected`
echoctl play --preset big-red --seed 7           an interactive game in the terminal
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from echo_challenge.generator import generate
from echo_challenge.presets import PRESETS, UnknownPreset

from . import core
from .moves import BadMove, parse_moves


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="echoctl", description="Echo Challenge (Эхо-вызов) rules, no server."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    sub.add_parser("presets", help="list the field presets")

    field = sub.add_parser("field", help="print a generated field in the text format (echo-challenge.md §20)")
    field.add_argument("--preset", required=True, help=f"preset id: {', '.join(PRESETS)}")
    field.add_argument("--seed", type=int, required=True, help="field seed (an integer)")

    play = sub.add_parser("play", help="play a game: scripted with --moves, else interactive")
    source = play.add_mutually_exclusive_group(required=True)
    source.add_argument("--field", type=Path, help="a field file in the text format (echo-challenge.md §20)")
    source.add_argument("--preset", help=f"generate the field from a preset: {', '.join(PRESETS)}")
    play.add_argument("--seed", type=int, help="seed for --preset (default: a random one, printed)")
    play.add_argument("--moves", help='moves separated by ";": "P A1; B C3; F" (probe, beam, finish)')
    play.add_argument("--color", choices=("auto", "always", "never"), default="auto", help="ANSI colours")
    return parser


def main(argv: Sequence[str] | None = None, stdout: TextIO | None = None, stdin: TextIO | None = None) -> int:
    out = stdout or sys.stdout
    args = build_parser().parse_args(argv)
    try:
        if args.command == "presets":
            return _presets(out)
        if args.command == "field":
            out.write(core.format_field_text(generate(args.preset, args.seed)).rstrip("\n") + "\n")
            return 0
        return _play(args, out, stdin or sys.stdin)
    except UnknownPreset as exc:
        return _fail(str(exc))
    except core.CoreMissing as exc:
        return _fail(str(exc))
    except BrokenPipeError:  # `echoctl ... | head`: the reader left, nothing more to say
        sys.stderr.close()
        return 0


def _fail(message: str) -> int:
    print(f"echoctl: error: {message}", file=sys.stderr)
    return 2


def _presets(out: TextIO) -> int:
    for preset in PRESETS.values():
        out.write(f"{preset.id:<12} {preset.title_ru}\n")
    return 0


def _setup(args: argparse.Namespace, out: TextIO) -> Any:
    if args.field is not None:
        if args.seed is not None:
            raise _Refused("--seed goes with --preset; a field file sets its own 'seed:'")
        try:
            text = args.field.read_text(encoding="utf-8")
        except OSError as exc:
            raise _Refused(f"cannot read {args.field}: {exc.strerror or exc}") from exc
        try:
            return core.parse_field_text(text)
        except ValueError as exc:  # FieldError and the text parser's errors are ValueErrors
            raise _Refused(f"{args.field}: {exc}") from exc
    seed = args.seed
    if seed is None and args.moves is not None:
        raise _Refused("--seed is required with --preset and --moves (a scripted game must be repeatable)")
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
        if args.moves is None:
            out.write(f"seed {seed}\n")
    return generate(args.preset, seed)


class _Refused(Exception):
    pass


def _play(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    try:
        setup = _setup(args, out)
    except _Refused as exc:
        return _fail(str(exc))
    if args.moves is None:
        from .terminal import interactive  # only the interactive game needs the renderer

        color = args.color == "always" or (
            args.color == "auto" and out.isatty() and "NO_COLOR" not in os.environ
        )
        return interactive(setup, out=out, stdin=stdin, color=color)
    view = run_moves(setup, args.moves)
    out.write(json.dumps(view, ensure_ascii=False, indent=2, default=_jsonable) + "\n")
    return 0


def run_moves(setup: Any, moves: str) -> dict[str, Any]:
    """Apply the moves in order; rejected ones are listed under `rejected` and change nothing."""
    state, _ = core.start(setup)
    rejected: list[dict[str, str]] = []
    for move in parse_moves(moves):
        if isinstance(move, BadMove):
            rejected.append({"move": move.raw, "code": move.code, "message": move.message})
            continue
        new_state, result = core.play(state, move)
        if core.is_rejection(result):
            rejected.append({"move": move.raw, "code": result.code, "message": result.message})
            continue
        state = new_state
    view = dict(core.client_view(state))
    view["rejected"] = rejected
    return view


def _jsonable(value: Any) -> Any:
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if isinstance(value, set | frozenset):
        return sorted(value)
    if hasattr(value, "__dataclass_fields__"):
        import dataclasses

        return dataclasses.asdict(value)
    return str(value)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
