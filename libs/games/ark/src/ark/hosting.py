"""Ark at an engine table (`echo_events.game_rules`: the rules contract, `TableRules` and the `seated` hook).

The engine counts seats (0, 1, …) and reads its clock as datetimes; Ark names players by id strings and
keeps time as seconds. This module is the translation: seat `n` is player `p<n>` (the engine never frees a
seat once the game has started, and Ark's lobby is the game's own, so the pairing never changes), and the
engine's `now` is `now.timestamp()`. The room's settings are the words of `settings.py` (`mode`, `incubator`,
`format`, `adult`, `catastrophe`, `years`, `timers`, `card`, `discussion`, `voting`), given as JSON scalars.

Presence: the engine's `presence` hook gives the rules' absence commands (`MarkConnected`/`MarkDisconnected`);
`occupies` keeps a player in one room at a time; the room's events are deleted after `PURGE_EVENTS`.

Deadlines: the current step's (card choice, discussion, voting — revotes at 1.5× —, preparation), the end of
a session everyone left, and the deletion of a finished game five minutes after its final screen opened. Each
fired deadline is the rules' own command carrying the time it was due, which the rules refuse as stale once
the game has moved on.

Views: a seat's is the online view (`online.view`, docs/games/ark.md §5 "The online view"), arkctl's words
made short for the wire.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated, Any

from echo_events.game_rules import Deadline
from echo_events.model import Command, Event
from pydantic import Field, TypeAdapter

from . import events as ev
from .catalogue import Catalogue, shipped
from .commands import COMMANDS, DeleteGame, ExpireSession, ExpireStep, JoinRoom, MarkConnected, MarkDisconnected
from .evolve import evolve, fold
from .game import FINAL_SCREEN_SECONDS, SESSION_SECONDS, RoomSetup, decide
from .game import start as start_room
from .lobby import FEWEST_PLAYERS, MOST_PLAYERS
from .online import Public, public_part
from .online import view as online_view
from .rejection import Rejection
from .settings import Settings, apply_changes
from .state import ENDED, RUNNING, Room

KIND = "ark"
SEATS = (FEWEST_PLAYERS, MOST_PLAYERS)
ENDING_EVENTS = frozenset(e.event_type for e in (ev.GameFinished, ev.RoomClosed, ev.SessionExpired, ev.GameDeleted))
#: after these nothing of the room is kept: the final screen's five minutes are over, or the room closed
PURGE_EVENTS = frozenset(e.event_type for e in (ev.RoomClosed, ev.SessionExpired, ev.GameDeleted))
SHELL_KEYS = ("player", "at", "busy_elsewhere")  # what only the server says about a command
TIMERS: TypeAdapter[ExpireStep | ExpireSession | DeleteGame] = TypeAdapter(
    Annotated[ExpireStep | ExpireSession | DeleteGame, Field(discriminator="type")])

__all__ = [
    "COMMANDS", "ENDING_EVENTS", "KIND", "SEATS", "TableSetup", "command_for", "deadlines", "reads", "decide", "evolve",
    "PURGE_EVENTS", "fold", "is_over", "new_setup", "occupies", "player_id", "presence", "seat_of", "seated",
    "start", "summary", "timer_command", "view",
]


@dataclass(frozen=True, slots=True)
class TableSetup:
    seed: bytes
    catalogue: Catalogue
    changes: tuple[tuple[str, str], ...]  # the owner's settings, applied to the defaults when the room opens


def player_id(seat: int) -> str:
    return f"p{seat}"


def seat_of(player: str) -> int:
    return int(player.removeprefix("p"))


def _seconds(now: datetime) -> float:
    return now.timestamp()


def _word(value: Any) -> str | None:
    """A setting's JSON value as the word `apply_changes` reads: true/false are on/off, null is off."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None:
        return "off"
    if isinstance(value, int | str):
        return str(value)
    return None


def new_setup(settings: Mapping[str, Any], seats: int, seed: int, now: datetime) -> TableSetup | Rejection:
    words = {str(key): _word(value) for key, value in settings.items()}
    changes = tuple((key, word) for key, word in words.items() if word is not None)
    catalogue = shipped()
    if len(changes) < len(words) or apply_changes(Settings(), changes, catalogue) is None:
        return Rejection("bad_settings", "a setting or its value is not allowed")
    return TableSetup(seed=seed.to_bytes(32, "big"), catalogue=catalogue, changes=changes)


def start(setup: TableSetup) -> tuple[Room, list[Event]]:
    room, events = start_room(RoomSetup(seed=setup.seed, catalogue=setup.catalogue))
    if setup.changes:
        settings = apply_changes(room.settings, setup.changes, setup.catalogue)
        assert settings is not None, "new_setup checked these settings"
        changed = ev.SettingsChanged(settings=settings)
        room = evolve(room, changed)
        events.append(changed)
    return room, events


def seated(seat: int, now: datetime) -> Command:
    """A player sat down at the table: he joins the room (the rules refuse him once the game has started)."""
    return JoinRoom(player=player_id(seat), at=_seconds(now))


def presence(seat: int, connected: bool, now: datetime) -> Command:
    """The seat's devices came or all went: the rules' absence commands (a disconnected player stays in the
    game; when everyone is away the session ends by itself, `deadlines`)."""
    kind = MarkConnected if connected else MarkDisconnected
    return kind(player=player_id(seat), at=_seconds(now))


def occupies(room: Room, seat: int) -> bool:
    """A player is in one room at a time: from his join until he leaves the lobby (or is kicked) or the game
    finishes; a player who left a running game stays in it until then."""
    return not is_over(room) and room.find(player_id(seat)) is not None


def reads(room: Room, seat: int) -> bool:
    """Who hears the room's changes: its players (one who left a running game included), never one who was
    kicked or left the lobby — the engine tells him of that change, then nothing more."""
    return room.find(player_id(seat)) is not None


def command_for(action: Mapping[str, Any], seat: int, now: datetime) -> Command:
    """A client's action as the command of the seat's player at the server's time; what the client said of
    the player, the time or another room is not his to say."""
    own = {key: value for key, value in action.items() if key not in SHELL_KEYS}
    return COMMANDS.validate_python({**own, "player": player_id(seat), "at": _seconds(now)})


def timer_command(command: Mapping[str, Any]) -> Command:
    return TIMERS.validate_python(dict(command))


def _due(name: str, at: float, command: Command) -> Deadline:
    return Deadline(name, datetime.fromtimestamp(at, UTC), command.model_dump(mode="json"))


def deadlines(room: Room) -> Sequence[Deadline]:
    if room.phase in ENDED:
        return []
    if room.phase == "finished":
        assert room.outcome is not None
        at = room.outcome.finished_at + FINAL_SCREEN_SECONDS
        return [_due("delete", at, DeleteGame(at=at))]
    wanted: list[Deadline] = []
    step = room.step
    if room.phase in RUNNING and step is not None and step.deadline is not None:
        wanted.append(_due("step", step.deadline, ExpireStep(step_id=step.id, at=step.deadline)))
    if room.players and not any(p.connected for p in room.players):
        at = room.last_disconnect_at + SESSION_SECONDS
        wanted.append(_due("session", at, ExpireSession(at=at)))
    return wanted


def is_over(room: Room) -> bool:
    return room.phase == "finished" or room.phase in ENDED


def summary(room: Room) -> dict[str, Any] | None:
    """The history's record of a finished game: each seat's win or loss (a seat whose player had left the
    room before the start had no part). None for a room that ended without a game (closed, void)."""
    if room.outcome is None:
        return None
    results = dict(room.outcome.results)
    most = max((seat_of(player) for player in results), default=-1) + 1
    return {"outcome": "finished", "rounds": None,
            "seats": [{"result": results[player_id(seat)], "score": None} if player_id(seat) in results else None
                      for seat in range(most)]}


def public(room: Room) -> Public:
    """What every seat sees of this state alike (the contract's public part), rendered once per state."""
    return public_part(room)


def view(room: Room, seat: int | None = None, public: Public | None = None) -> dict[str, Any]:
    return online_view(room, None if seat is None else player_id(seat), public)
