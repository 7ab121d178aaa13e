"""The room's chat: players write lines for everyone in the room, from the lobby to the final screen.

A line has 1–300 characters (`commands.CHAT_LENGTH`, checked when the command is read), something of it
visible (text.py: control and format characters are removed); a player writes at most
`BURST` lines in any `WINDOW` seconds (`chat_too_fast`), counted on the commands' own times; the owner may mute
a player (`muted`) and unmute him. The state keeps the latest `KEPT` lines and the views show the latest
`SHOWN` of them, to the room's players only (never to a spectator, a kicked player or one who left).
Lines are events of the room: they go when the room's events are deleted.
"""

from __future__ import annotations

from echo_events.model import Event

from . import events as ev
from .commands import MutePlayer, SendChat
from .rejection import Rejection
from .state import ChatLine, Room
from .text import visible

BURST = 5
WINDOW = 10.0  # seconds
KEPT = 100  # more than 16 players can write in one window, so the rate limit counts on kept lines only
SHOWN = 40
Outcome = list[Event] | Rejection


def send(room: Room, command: SendChat) -> Outcome:
    text = visible(command.text)
    if not text:
        return Rejection("bad_command", "a chat message needs some text")
    if command.player in room.muted:
        return Rejection("muted", "the owner has muted this player's chat")
    recent = [line for line in room.chat if line.player == command.player and command.at - line.at < WINDOW]
    if len(recent) >= BURST:
        return Rejection("chat_too_fast", f"at most {BURST} messages in {WINDOW:g} seconds")
    return [ev.ChatPosted(player=command.player, text=text, at=command.at)]


def mute(room: Room, command: MutePlayer) -> Outcome:
    if command.player != room.owner:
        return Rejection("not_owner", "only the room owner may do that")
    if room.find(command.target) is None:
        return Rejection("not_in_room", "no such player in the room")
    if command.target == command.player:
        return Rejection("bad_target", "the owner cannot mute himself")
    if (command.target in room.muted) == command.muted:
        return []
    return [ev.PlayerMuted(player=command.target, muted=command.muted)]


def posted(room: Room, event: ev.ChatPosted) -> Room:
    return room._replace(chat=(*room.chat[-(KEPT - 1):], ChatLine(event.player, event.text, event.at)))


def muted(room: Room, event: ev.PlayerMuted) -> Room:
    return room._replace(muted=room.muted | {event.player} if event.muted else room.muted - {event.player})


def reads(room: Room, seat: str | None) -> bool:
    """The chat is the room's players': never a spectator's, a kicked player's or one's who left."""
    player = None if seat is None else room.find(seat)
    return player is not None and not player.departed


def shown(room: Room, seat: str | None) -> list[dict[str, object]] | None:
    """The chat as `seat` sees it: the latest lines, or None for anyone who is not in the room."""
    if not reads(room, seat):
        return None
    return [{"player": line.player, "text": line.text, "at": line.at} for line in room.chat[-SHOWN:]]
