"""`start`, `decide` and `play`: the rejection order (docs/games/ark.md, "Rejection order"), then what
follows by itself.

`decide` returns the command's events followed by every automatic event they lead to (the next step,
departed players' turns and votes, tallies, the finale), so a stream folds with `evolve` alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from echo_events.model import Command, Event

from . import chat, lobby, turns
from . import commands as cmd
from . import events as ev
from .catalogue import Catalogue
from .evolve import evolve
from .flow import expire, follow
from .rejection import Rejection
from .state import ENDED, RUNNING, Room

SESSION_SECONDS = 300  # every player disconnected this long ends the session
FINAL_SCREEN_SECONDS = 300  # the finale lives this long, then the game is deleted
LOBBY_HANDLERS = {
    cmd.LeaveRoom: lobby.leave, cmd.ChangeNickname: lobby.nickname, cmd.SetReady: lobby.ready,
    cmd.KickPlayer: lobby.kick, cmd.ChangeSettings: lobby.change_settings, cmd.StartGame: lobby.start_game,
}
OWNER_ONLY = (cmd.KickPlayer, cmd.ChangeSettings, cmd.StartGame)
Outcome = list[Event] | Rejection


@dataclass(frozen=True, slots=True)
class RoomSetup:
    seed: bytes  # 32 random bytes from the shell (any bytes work as the HMAC key)
    catalogue: Catalogue


def start(setup: RoomSetup) -> tuple[Room, list[Event]]:
    created = ev.RoomCreated(seed=setup.seed.hex(), catalogue=setup.catalogue)
    return evolve(None, created), [created]  # type: ignore[arg-type]


def decide(room: Room, command: Command) -> Outcome:
    outcome = _primary(room, command)
    if isinstance(outcome, Rejection):
        return outcome
    at = getattr(command, "at", 0.0)
    events = list(outcome)
    for event in events:
        room = evolve(room, event)
    if room.phase in RUNNING:
        while batch := follow(room, at):
            for event in batch:
                room = evolve(room, event)
            events += batch
    return events


def play(room: Room, command: Command) -> tuple[Room, Outcome]:
    """decide, then evolve every event."""
    outcome = decide(room, command)
    if isinstance(outcome, list):
        for event in outcome:
            room = evolve(room, event)
    return room, outcome


def _primary(room: Room, command: Command) -> Outcome:
    if room.phase in ENDED:
        return Rejection("room_closed", "the room is closed or the game is gone")
    if isinstance(command, cmd.DeleteGame):
        return _delete(room, command)
    if isinstance(command, cmd.SendChat | cmd.MutePlayer):  # the final screen is still for talking
        return _chat(room, command)
    if isinstance(command, cmd.ExpireStep):
        return _expire_step(room, command)  # a finished game has no step: `stale_timer` (ark-cli.md §5)
    if isinstance(command, cmd.ExpireSession):
        return _expire_session(room, command)
    if isinstance(command, cmd.JoinRoom):
        return lobby.join(room, command)
    if not isinstance(command, cmd.PlayerCommand):
        raise TypeError(f"not an Ark command: {type(command).__name__}")
    player = room.find(command.player)
    if player is None:
        return Rejection("not_in_room", "not a member of this room")
    handler = LOBBY_HANDLERS.get(type(command))
    if handler is not None:
        if room.phase != "lobby":
            return Rejection("game_started", "the lobby is over")
        if isinstance(command, OWNER_ONLY) and command.player != room.owner:
            return Rejection("not_owner", "only the room owner may do that")
        return handler(room, command)  # type: ignore[operator]
    if isinstance(command, cmd.MarkConnected | cmd.MarkDisconnected):
        return _presence(room, command)
    if room.phase in ("lobby", "finished"):
        return Rejection("wrong_phase", "the game is not running")
    if player.departed:
        return Rejection("not_in_room", "the player has left the game")
    if isinstance(command, cmd.LeaveGame):
        return turns.leave_game(room, command)
    step = room.step
    if step is None:
        return Rejection("wrong_phase", "nothing is awaited now")
    if isinstance(command, cmd.SkipStep):
        return turns.skip(room, step, command)
    kind, check = turns.STEP_COMMANDS[type(command)]  # type: ignore[index]
    if step.kind != kind:
        return Rejection("wrong_phase", f"the current step is {step.kind}")
    return check(room, step, command)  # type: ignore[operator]


def _chat(room: Room, command: cmd.SendChat | cmd.MutePlayer) -> Outcome:
    player = room.find(command.player)
    if player is None or player.departed:
        return Rejection("not_in_room", "not a member of this room")
    return chat.send(room, command) if isinstance(command, cmd.SendChat) else chat.mute(room, command)


def _presence(room: Room, command: cmd.MarkConnected | cmd.MarkDisconnected) -> Outcome:
    if room.phase == "finished":  # the finale freed every player: nobody's presence is the room's any more
        return Rejection("wrong_phase", "the game is over")
    player = room.get(command.player)
    if player.departed:
        return Rejection("not_in_room", "the player has left the game")
    connect = isinstance(command, cmd.MarkConnected)
    if player.connected == connect:
        return []
    if connect:
        return [ev.PlayerConnected(player=player.id)]
    return [ev.PlayerDisconnected(player=player.id, at=command.at)]


def _expire_step(room: Room, command: cmd.ExpireStep) -> Outcome:
    step = room.step
    if step is None or step.id != command.step_id or step.deadline is None or command.at < step.deadline:
        return Rejection("stale_timer", "that timer is not due")
    return expire(room, "timeout")


def _expire_session(room: Room, command: cmd.ExpireSession) -> Outcome:
    if room.phase == "finished":  # its end is the deletion's, not a session's
        return Rejection("stale_timer", "a finished game is deleted, not expired")
    everyone_away = room.players and not any(p.connected for p in room.players)
    if not everyone_away or command.at - room.last_disconnect_at < SESSION_SECONDS:
        return Rejection("stale_timer", "the session is not due to end")
    return [ev.RoomClosed(reason="session_expired")] if room.phase == "lobby" else [ev.SessionExpired()]


def _delete(room: Room, command: cmd.DeleteGame) -> Outcome:
    if room.phase != "finished" or room.outcome is None:
        return Rejection("wrong_phase", "only a finished game is deleted")
    if command.at - room.outcome.finished_at < FINAL_SCREEN_SECONDS:
        return Rejection("stale_timer", "the final screen still lives")
    return [ev.GameDeleted()]
