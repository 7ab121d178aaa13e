"""eotctl: play a script or self-play games against the rules, printing JSON as the CLI contract says."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from echo_events.game_rules import Refused

from .bots.agent import POLICIES
from .bots.selfplay import SelfPlay, aggregate, players_of, self_play
from .catalogue import CATALOGUE_VERSION
from .commands import CreateGame
from .events import EotEvent
from .game import play, start
from .public import public_log, public_state
from .script import ParseError, parse_line
from .state import Table


def output(players: int, seed: str, table: Table, events: list[EotEvent], rejections: list[dict[str, Any]],
           reveal: bool, log: bool) -> dict[str, Any]:
    shown: dict[str, Any] = {"num_players": players, "seed": seed, "catalogue": CATALOGUE_VERSION,
                             **public_state(table), "rejections": rejections}
    if log:
        shown["log"] = public_log(events)
    if reveal:
        pending = table.pending
        shown["hidden"] = {
            "hands": {s.id: list(s.hand) for s in table.seats}, "deck": list(table.deck),
            "pending": None if pending is None else {
                "decision_id": pending.decision_id, "player": pending.player, "kind": pending.kind,
                "options": list(pending.options), "min": pending.min, "max": pending.max}}
    return shown


def run_script(players: int, seed: str, lines: list[str]) -> tuple[Table, list[EotEvent], list[dict[str, Any]]]:
    table, events = start(CreateGame(game_id=seed, players=tuple(players_of(players)), seed=seed))
    events = list(events)
    rejections: list[dict[str, Any]] = []
    for number, text in enumerate(lines, start=1):
        try:
            command = parse_line(table, text)
        except ParseError as error:
            rejections.append({"line": number, "command": text.strip(), "code": "parse_error", "message": str(error)})
            continue
        if command is None:
            continue
        outcome = play(table, command)
        if isinstance(outcome, Refused):
            rejections.append({"line": number, "command": text.strip(), "code": outcome.code,
                               "message": outcome.message})
            continue
        table, new = outcome
        events += new
    return table, events, rejections


def _print(value: Any) -> None:
    sys.stdout.write(json.dumps(value, ensure_ascii=False) + "\n")


def _play(args: argparse.Namespace) -> int:
    lines = Path(args.script).read_text(encoding="utf-8").splitlines()
    table, events, rejections = run_script(args.players, args.seed, lines)
    _print(output(args.players, args.seed, table, events, rejections, args.reveal, not args.no_log))
    return 0


def _random(args: argparse.Namespace) -> int:
    if args.games == 1:
        game = self_play(args.policy, args.players, args.seed)
        if args.script_out:
            Path(args.script_out).write_text("".join(f"{line}\n" for line in game.lines), encoding="utf-8")
        _print(output(args.players, args.seed, game.table, game.events, game.rejections, args.reveal,
                      not args.no_log))
        return 0 if game.table.over and not game.rejections else 1
    games: list[SelfPlay] = []
    crashes = 0
    for k in range(args.games):
        try:
            games.append(self_play(args.policy, args.players, f"{args.seed}-{k}", rotation=k))
        except Exception:  # noqa: BLE001 - a crash is a figure of the run, not the end of it
            crashes += 1
    stats = aggregate(games, crashes)
    _print({"num_players": args.players, "seed": args.seed, "policy": ",".join(args.policy), **stats})
    return 0 if crashes == 0 and stats["stalls"] == 0 else 1


def _policies(text: str) -> list[str]:
    names = text.split(",")
    unknown = [name for name in names if name not in POLICIES]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown policy {unknown[0]!r}; choose from {', '.join(POLICIES)}")
    return names


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="eotctl", description="Echoes of Time rules from the command line")
    commands = parser.add_subparsers(dest="verb", required=True)
    for verb in ("play", "random"):
        sub = commands.add_parser(verb)
        sub.add_argument("--players", type=int, required=True)
        sub.add_argument("--seed", required=True)
        sub.add_argument("--reveal", action="store_true")
        sub.add_argument("--no-log", action="store_true")
        if verb == "play":
            sub.add_argument("--script", required=True)
        else:
            sub.add_argument("--games", type=int, default=1)
            sub.add_argument("--policy", type=_policies, default=["random"],
                             help="one of random|greedy|balanced, or a comma list by seat from p1 (repeated)")
            sub.add_argument("--script-out")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if not 2 <= args.players <= 4:
        print("eotctl: --players must be 2, 3 or 4", file=sys.stderr)
        return 2
    if args.verb == "random" and args.games < 1:
        print("eotctl: --games must be at least 1", file=sys.stderr)
        return 2
    return _play(args) if args.verb == "play" else _random(args)


if __name__ == "__main__":
    raise SystemExit(main())
