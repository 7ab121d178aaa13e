"""arkctl: plays scripts on the pure rules and checks catalogues, printing JSON as docs/games/ark.md §3 says."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from echo_events.model import Event
from pydantic import ValidationError

from . import catalogue as content
from .commands import ExpireStep
from .draw import seed_key
from .events import GameStarted, RoomCreated, SettingsChanged, public_form
from .evolve import evolve
from .game import RoomSetup, decide, start
from .rejection import Rejection
from .script import MAIN_ROOM, BadLine, Context, Send, Timeout, Wait, parse
from .state import RUNNING, Room
from .view import number, view


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, indent=2)


def _entry(event: Event) -> dict[str, Any]:
    if isinstance(event, RoomCreated):
        return {"type": "RoomCreated", "catalogue_version": event.catalogue.version}
    entry = {"type": type(event).__name__, **event.model_dump(mode="json")}
    if isinstance(event, SettingsChanged | GameStarted):
        entry["settings"] = event.settings.public()
    return entry


@dataclass
class Session:
    """The rooms of one script, their shared clock, and what the output reports."""

    seed: str
    catalogue: content.Catalogue
    clock: float = 0.0
    rooms: dict[str, Room] = field(default_factory=dict)
    rejections: list[dict[str, Any]] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)
    stream: list[Event] = field(default_factory=list)  # every event of the main room, internal ones included

    def room(self, name: str) -> Room:
        if name not in self.rooms:
            key = seed_key(self.seed) if name == MAIN_ROOM else f"{self.seed}#{name}".encode()
            self.rooms[name], created = start(RoomSetup(seed=key, catalogue=self.catalogue))
            self._record(name, created)
        return self.rooms[name]

    def busy(self, player: str, here: str) -> bool:
        return any(other != here and (room.phase == "lobby" or room.phase in RUNNING) and room.find(player)
                   for other, room in self.rooms.items())

    def _record(self, name: str, events: list[Event]) -> None:
        if name != MAIN_ROOM:
            return
        self.stream += events
        self.log += [_entry(public) for e in events if (public := public_form(e)) is not None]

    def _reject(self, line: int, room: str, command: str, code: str, detail: str | None = None) -> None:
        rejection: dict[str, Any] = {"line": line, "room": room, "command": command, "code": code}
        if detail is not None:
            rejection["detail"] = detail
        self.rejections.append(rejection)

    def run(self, number_: int, text: str) -> None:
        try:
            parsed = parse(text)
        except BadLine as error:
            self._reject(number_, MAIN_ROOM, text.strip(), "bad_command", str(error))
            return
        if parsed is None:
            return
        name, action = parsed
        if isinstance(action, Wait):
            self.clock += action.seconds
            return
        room = self.room(name)
        if isinstance(action, Timeout):
            step = room.step
            if step is None or step.deadline is None:
                self._reject(number_, name, "ExpireStep", "stale_timer")
                return
            self.clock = max(self.clock, step.deadline)
            step_id = step.id
            action = Send("ExpireStep", lambda c: ExpireStep(step_id=step_id, at=c.at))
        try:
            command = action.build(Context(self.clock, room, lambda p: self.busy(p, name)))
        except ValidationError as error:
            self._reject(number_, name, action.command_type, "bad_command", str(error.errors()[0]["msg"]))
            return
        outcome = decide(room, command)
        if isinstance(outcome, Rejection):
            self._reject(number_, name, action.command_type, outcome.code)
            return
        for event in outcome:
            room = evolve(room, event)
        self.rooms[name] = room
        self._record(name, outcome)

    def output(self, seat: str | None, internal: bool) -> dict[str, Any]:
        shown = view(self.room(MAIN_ROOM), seat)
        shown.update(room=MAIN_ROOM, clock=number(self.clock), rejections=self.rejections, log=self.log)
        others = {name: {"phase": room.phase, "owner": room.owner, "players": list(room.ids)}
                  for name, room in self.rooms.items() if name != MAIN_ROOM}
        if others:
            shown["other_rooms"] = others
        if internal:
            shown["internal_log"] = [_entry(e) for e in self.stream]
        return shown



def _load_json(path: str) -> Any:
    text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    return json.loads(text)


def _play(args: argparse.Namespace) -> int:
    catalogue = content.shipped()
    if args.catalogue:
        try:
            data = _load_json(args.catalogue)
            errors = content.check(data, adult=True)
        except (OSError, ValueError) as error:
            errors = [str(error)]
        if errors:
            print("\n".join(errors), file=sys.stderr)
            return 2
        catalogue = content.Catalogue.model_validate(data)
    script = sys.stdin.read() if args.script == "-" else Path(args.script).read_text(encoding="utf-8")
    session = Session(seed=args.seed, catalogue=catalogue)
    session.room(MAIN_ROOM)
    for line_number, line in enumerate(script.splitlines(), start=1):
        session.run(line_number, line)
    print(dumps(session.output(args.as_player, args.internal)))
    return 0


def _check(args: argparse.Namespace) -> int:
    try:
        errors = content.check(_load_json(args.file), adult=args.adult == "on")
    except (OSError, ValueError) as error:
        errors = [f"cannot read the catalogue: {error}"]
    print(dumps({"ok": not errors, "errors": errors}))
    return 0 if not errors else 1


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="arkctl", description="The Ark rules without a server.")
    commands = top.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help="play a script and print the room as JSON")
    play.add_argument("--seed", required=True)
    play.add_argument("--script", required=True, help="a script file, or - for stdin")
    play.add_argument("--as", dest="as_player", default=None, help="print this player's view")
    play.add_argument("--catalogue", default=None, help="play with this catalogue instead of the project's")
    play.add_argument("--internal", action="store_true", help="add every event, internal ones included")
    play.set_defaults(run=_play)
    show = commands.add_parser("catalogue", help="print the project's own catalogue")
    show.set_defaults(run=lambda args: print(dumps(content.shipped_json())) or 0)
    check = commands.add_parser("check-catalogue", help="check a catalogue against the minimums")
    check.add_argument("file")
    check.add_argument("--adult", choices=("on", "off"), default="on")
    check.set_defaults(run=_check)
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    return int(args.run(args))
