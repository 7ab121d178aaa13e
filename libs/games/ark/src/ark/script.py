"""The arkctl script language (docs/games/ark.md §3): one line, one command for a room, or a move of the clock.

`parse` turns a line into an `Action`; `Send.build` makes the engine command once the runner knows the
clock, the room and whether the player is busy in another room.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import commands as cmd
from .state import Room

MAIN_ROOM = "main"


@dataclass(frozen=True, slots=True)
class Context:
    at: float
    room: Room
    busy: Callable[[str], bool]  # is this player in another room's lobby or running game?


@dataclass(frozen=True, slots=True)
class Send:
    command_type: str
    build: Callable[[Context], cmd.ArkCommand]


@dataclass(frozen=True, slots=True)
class Wait:
    seconds: float


@dataclass(frozen=True, slots=True)
class Timeout:
    pass


Action = Send | Wait | Timeout


class BadLine(ValueError):
    """A line the script language does not know; it becomes a `bad_command` rejection."""


def _player_command(kind: type[cmd.PlayerCommand], arity: int, **fixed: object) -> Callable[[list[str]], Send]:
    def make(args: list[str]) -> Send:
        if len(args) != arity:
            raise BadLine(f"{kind.__name__} takes {arity} argument(s)")
        extra = dict(fixed)
        if kind in (cmd.RevealCard, cmd.CiteCard):
            extra["card"] = args[1]
        elif kind in (cmd.KickPlayer, cmd.CastExileVote, cmd.MutePlayer):
            extra["target"] = args[1]
        return Send(kind.__name__, lambda c: kind(player=args[0], at=c.at, **extra))

    return make


def _choice(kind: type[cmd.PlayerCommand], field: str, words: dict[str, bool]) -> Callable[[list[str]], Send]:
    def make(args: list[str]) -> Send:
        if len(args) != 2 or args[1] not in words:
            raise BadLine(f"{kind.__name__} takes a player and one of {', '.join(words)}")
        value = words[args[1]]
        return Send(kind.__name__, lambda c: kind(player=args[0], at=c.at, **{field: value}))

    return make


def _join(args: list[str]) -> Send:
    if not args or len(args) > 2 or (len(args) == 2 and not args[1].startswith("name=")):
        raise BadLine("join P [name=ACCOUNT]")
    account = args[1].removeprefix("name=") if len(args) == 2 else None
    return Send("JoinRoom", lambda c: cmd.JoinRoom(player=args[0], account=account, busy_elsewhere=c.busy(args[0]),
                                                   at=c.at))


def _settings(args: list[str]) -> Send:
    actor = None if args and "=" in args[0] else (args[0] if args else None)
    pairs = args if actor is None else args[1:]
    if not pairs or any("=" not in pair for pair in pairs):
        raise BadLine("settings [P] key=value …")
    changes = tuple(tuple(pair.split("=", 1)) for pair in pairs)
    return Send("ChangeSettings", lambda c: cmd.ChangeSettings(
        player=actor or c.room.owner or "-", changes=changes, at=c.at))  # type: ignore[arg-type]


def _expire(args: list[str]) -> Send:
    if len(args) != 1 or not args[0].isdigit():
        raise BadLine("expire N")
    return Send("ExpireStep", lambda c: cmd.ExpireStep(step_id=int(args[0]), at=c.at))


def _system(kind: type[cmd.ArkCommand]) -> Callable[[list[str]], Send]:
    def make(args: list[str]) -> Send:
        if args:
            raise BadLine(f"{kind.__name__} takes no arguments")
        return Send(kind.__name__, lambda c: kind(at=c.at))

    return make


def _wait(args: list[str]) -> Wait:
    try:
        seconds = float(args[0]) if len(args) == 1 else -1.0
    except ValueError:
        seconds = -1.0
    if not seconds >= 0:
        raise BadLine("wait SECONDS (a number ≥ 0)")
    return Wait(seconds)


def _timeout(args: list[str]) -> Timeout:
    if args:
        raise BadLine("timeout takes no arguments")
    return Timeout()


SURVIVAL_WORDS = {"yes": True, "survived": True, "no": False, "died": False}
VERBS: dict[str, Callable[[list[str]], Action]] = {
    "join": _join,
    "leave": _player_command(cmd.LeaveRoom, 1),
    "settings": _settings,
    "ready": _player_command(cmd.SetReady, 1, ready=True),
    "unready": _player_command(cmd.SetReady, 1, ready=False),
    "kick": _player_command(cmd.KickPlayer, 2),
    "start": _player_command(cmd.StartGame, 1),
    "prepared": _player_command(cmd.ConfirmPrepared, 1),
    "confirm": _player_command(cmd.ConfirmPrepared, 1),
    "reveal": _player_command(cmd.RevealCard, 2),
    "pass": _player_command(cmd.PassTurn, 1),
    "end_discussion": _player_command(cmd.RequestEndDiscussion, 1),
    "vote": _player_command(cmd.CastExileVote, 2),
    "cite": _player_command(cmd.CiteCard, 2),
    "to_vote": _player_command(cmd.EndIncidentDiscussion, 1),
    "survive": _choice(cmd.CastSurvivalVote, "survived", SURVIVAL_WORDS),
    "kind": _choice(cmd.CastKindVote, "continue_kind", {"for": True, "against": False}),
    "leave_game": _player_command(cmd.LeaveGame, 1),
    "skip": _player_command(cmd.SkipStep, 1),
    "mute": _player_command(cmd.MutePlayer, 2, muted=True),
    "unmute": _player_command(cmd.MutePlayer, 2, muted=False),
    "connect": _player_command(cmd.MarkConnected, 1),
    "disconnect": _player_command(cmd.MarkDisconnected, 1),
    "wait": _wait,
    "timeout": _timeout,
    "expire": _expire,
    "expire_session": _system(cmd.ExpireSession),
    "delete": _system(cmd.DeleteGame),
}


def parse(line: str) -> tuple[str, Action] | None:
    """(room, action) for a command line, None for a blank or comment line; raises BadLine otherwise."""
    text = line.strip()
    if not text or text.startswith("#"):
        return None
    room = MAIN_ROOM
    if text.startswith("@"):
        room, _, text = text[1:].partition(" ")
        text = text.strip()
        if not room or not text:
            raise BadLine("@ROOM needs a room name and a command")
    verb, _, rest = text.partition(" ")
    if verb == "chat":
        player, _, said = rest.strip().partition(" ")
        if not player:
            raise BadLine("chat P TEXT…")
        return room, Send("SendChat", lambda c: cmd.SendChat(player=player, text=said, at=c.at))
    if verb == "nick":
        player, _, nickname = rest.strip().partition(" ")
        if not player:
            raise BadLine("nick P TEXT…")
        return room, Send("ChangeNickname", lambda c: cmd.ChangeNickname(player=player, nickname=nickname, at=c.at))
    make = VERBS.get(verb)
    if make is None:
        raise BadLine(f"unknown command {verb!r}")
    return room, make(rest.split())
