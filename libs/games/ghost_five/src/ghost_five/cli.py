"""ghostctl: play a scripted match through the rules, print a commit hash, compute an Elo change.

The contract (options, script grammar, JSON keys, exit codes) is in docs/games/ghost-five.md.
Exit 0 prints the JSON state; exit 2 prints {"error": ...} for anything refused or malformed.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from .commitment import commit_hash, is_salt
from .driver import Driver, ScriptRefused
from .elo import elo_delta
from .notation import parse_action
from .report import report
from .script import ScriptError, parse_script
from .settings import Settings

REVEAL_FAILURES = ("reveal_missing", "reveal_mismatch", "reveal_malformed")
RATINGS = re.compile(r"(-?\d+),(-?\d+)")
DECIMAL = re.compile(r"\d+")


class Refusal(Exception):
    """Exit 2 with {"error": message}."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # argparse would print usage and exit; the contract wants JSON
        raise Refusal(message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="ghostctl", description="Ghost Five rules on the command line")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    play = commands.add_parser("play", help="play a scripted match and print its state")
    play.add_argument("--board", type=int, choices=(13, 15, 19), default=15)
    play.add_argument("--row", type=int, choices=(4, 5), default=5)
    play.add_argument("--capture", choices=("off", "on"), default="off")
    play.add_argument("--memory", type=int, choices=range(5, 10), default=7)
    play.add_argument("--walls", choices=("permanent", "3", "5", "10"), default="permanent")
    play.add_argument("--move-time", type=int, choices=(10, 20, 30, 60, 120), default=30)
    play.add_argument("--reserve", type=int, choices=(0, 60, 120, 300), default=120)
    play.add_argument("--no-clock", action="store_true")
    play.add_argument("--ratings")
    play.add_argument("--offline", action="store_true")
    play.add_argument("--no-log", action="store_true")
    play.add_argument("--turns", required=True)
    hashing = commands.add_parser("hash", help="the commit hash of a move (SHA-256, 64 hex)")
    for name in ("match_id", "round", "turn", "seat", "action", "salt"):
        hashing.add_argument(name)
    elo = commands.add_parser("elo", help="the rating change of a rated match")
    elo.add_argument("winner", type=int)
    elo.add_argument("loser", type=int)
    return parser


def play(args: argparse.Namespace) -> dict[str, Any]:
    ratings = None
    if args.ratings is not None:
        found = RATINGS.fullmatch(args.ratings)
        if found is None:
            raise Refusal("--ratings takes RA,RB (two integers)")
        ratings = [int(found[1]), int(found[2])]
    settings = Settings(board=args.board, row=args.row, capture=args.capture == "on", memory=args.memory,
                        walls=None if args.walls == "permanent" else int(args.walls), move_time=args.move_time,
                        reserve=args.reserve, clock=not args.no_clock)
    driver = Driver(settings)
    try:
        for segment in parse_script(args.turns):
            driver.run(segment)
    except (ScriptError, ScriptRefused) as refused:
        raise Refusal(str(refused)) from None
    state = driver.state
    picture = report(state, with_log=not args.no_log)
    for entry in picture.get("log", ()):
        entry["void"] = {seat: "void" if reason in REVEAL_FAILURES else reason
                         for seat, reason in entry["void"].items()}
    if ratings is not None:
        if state.status == "finished" and state.winner is not None and not args.offline:
            delta = elo_delta(ratings[state.winner], ratings[1 - state.winner])
            ratings[state.winner] += delta
            ratings[1 - state.winner] -= delta
        picture["ratings"] = {"A": ratings[0], "B": ratings[1]}
    return picture


def hash_move(args: argparse.Namespace) -> str:
    if not DECIMAL.fullmatch(args.round) or not DECIMAL.fullmatch(args.turn):
        raise Refusal("ROUND and TURN are decimal numbers")
    if args.seat not in ("A", "B"):
        raise Refusal("SEAT is A or B")
    if parse_action(args.action) is None:
        raise Refusal(f"not a canonical action: {args.action!r}")
    if not is_salt(args.salt):
        raise Refusal("SALT is 64 lowercase hex digits")
    return commit_hash(args.match_id, int(args.round), int(args.turn), "AB".index(args.seat), args.action, args.salt)


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = _parser().parse_args(argv)
        if args.command == "play":
            print(json.dumps(play(args)))
        elif args.command == "hash":
            print(hash_move(args))
        else:
            delta = elo_delta(args.winner, args.loser)
            print(json.dumps({"delta": delta, "winner": args.winner + delta, "loser": args.loser - delta}))
    except (Refusal, ValidationError) as refused:
        print(json.dumps({"error": str(refused)}))
        return 2
    return 0
