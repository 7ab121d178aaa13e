"""Lobby commands: joining, leaving, nicknames, readiness, kicks, settings and the start."""

from __future__ import annotations

from echo_events.model import Event

from . import events as ev
from .catalogue import CATEGORIES, size_errors
from .commands import ChangeNickname, ChangeSettings, JoinRoom, KickPlayer, LeaveRoom, SetReady, StartGame
from .draw import draw, shuffle
from .rejection import Rejection
from .settings import PREPARATION_SECONDS, apply_changes
from .state import Room
from .text import like_a_generated_callsign, visible

MOST_PLAYERS = 16
FEWEST_PLAYERS = 4
NICK_LENGTH = range(2, 21)
ARK_CARDS_PER_GAME = 5
Outcome = list[Event] | Rejection


def join(room: Room, command: JoinRoom) -> Outcome:
    member = room.find(command.player)
    if member is not None:
        if room.phase == "lobby":
            return Rejection("already_in_game", "already in this room")
        if member.departed:
            return Rejection("game_started", "a player who left the game cannot come back")
        if not member.connected and room.phase != "finished":  # after the finale there is nothing to rejoin
            return [ev.PlayerConnected(player=member.id)]
        return Rejection("already_in_game", "already playing in this room")
    if command.player in room.kicked:
        return Rejection("kicked", "the owner removed this player from the room")
    if command.busy_elsewhere:
        return Rejection("already_in_game", "the player is in another room")
    if room.phase != "lobby":
        return Rejection("game_started", "the game has started")
    if len(room.players) >= MOST_PLAYERS:
        return Rejection("room_full", f"a room holds {MOST_PLAYERS} players")
    ordinal = room.joins + 1
    return [ev.PlayerJoined(player=command.player, nick=_default_nick(room, command.account, ordinal),
                            ordinal=ordinal)]


def _taken(room: Room, nick: str, player_id: str | None = None) -> bool:
    folded = nick.casefold()
    return any(p.nick.casefold() == folded for p in room.players if p.id != player_id)


def _default_nick(room: Room, account: str | None, ordinal: int) -> str:
    name = visible(account or "")
    if len(name) in NICK_LENGTH and not _taken(room, name):
        return name
    number = ordinal
    while _taken(room, f"Игрок {number}"):
        number += 1
    return f"Игрок {number}"


def leave(room: Room, command: LeaveRoom) -> Outcome:
    rest = [p for p in room.players if p.id != command.player]
    if not rest:
        return [ev.PlayerLeft(player=command.player), ev.RoomClosed(reason="empty")]
    events: list[Event] = [ev.PlayerLeft(player=command.player)]
    if room.owner == command.player:
        events.append(ev.OwnershipPassed(owner=min(rest, key=lambda p: p.joined).id))
    return events


def nickname(room: Room, command: ChangeNickname) -> Outcome:
    nick = visible(command.nickname)
    if len(nick) not in NICK_LENGTH:
        return Rejection("bad_nickname", "a nickname has 2–20 visible characters")
    if like_a_generated_callsign(nick):  # a player's own generated one comes as his default nickname
        return Rejection("nickname_reserved", "«Эхонавт-1234» is how players without a callsign are shown")
    if _taken(room, nick, command.player):
        return Rejection("nickname_taken", "another player in the room has this nickname")
    return [ev.NicknameChanged(player=command.player, nick=nick)]


def ready(room: Room, command: SetReady) -> Outcome:
    if room.get(command.player).ready == command.ready:
        return []
    return [ev.ReadinessChanged(player=command.player, ready=command.ready)]


def kick(room: Room, command: KickPlayer) -> Outcome:
    if room.find(command.target) is None:
        return Rejection("not_in_room", "no such player in the room")
    if command.target == command.player:
        return Rejection("bad_target", "the owner cannot kick himself")
    return [ev.PlayerKicked(player=command.target)]


def change_settings(room: Room, command: ChangeSettings) -> Outcome:
    settings = apply_changes(room.settings, command.changes, room.catalogue)
    if settings is None:
        return Rejection("bad_settings", "a setting or its value is not allowed")
    return [ev.SettingsChanged(settings=settings)]


def start_game(room: Room, command: StartGame) -> Outcome:
    if len(room.players) < FEWEST_PLAYERS:
        return Rejection("too_few_players", f"the game needs {FEWEST_PLAYERS} players")
    if any(not p.ready for p in room.players if p.id != room.owner):
        return Rejection("not_all_ready", "every player but the owner must be ready")
    settings, seed = room.settings, room.seed
    content = room.catalogue.filtered(settings.adult)
    if size_errors(content):
        return Rejection("bad_settings", "the catalogue is too small with these settings")
    if settings.catastrophe == "random":
        ids = sorted(c.id for c in content.catastrophes)
        catastrophe_id = ids[draw(seed, "catastrophe", n=len(ids))]
    else:
        catastrophe_id = settings.catastrophe
    catastrophe = content.catastrophe(catastrophe_id)
    assert catastrophe is not None
    low, high = settings.years or (catastrophe.years_min, catastrophe.years_max)
    years = low + draw(seed, "years", n=high - low + 1) if low < high else low
    order = shuffle(seed, "turn_order", room.ids)
    decks = {c: shuffle(seed, f"deal:{c}", (card.id for card in content.cards[c])) for c in CATEGORIES}
    cards = {pid: {c: decks[c][i] for c in CATEGORIES} for i, pid in enumerate(order)}
    ark = shuffle(seed, "ark", (item.id for item in content.ark))[:ARK_CARDS_PER_GAME]
    deadline = command.at + PREPARATION_SECONDS if settings.any_timer else None
    return [
        ev.GameStarted(settings=settings, turn_order=order, catastrophe=catastrophe_id, years=years,
                       catalogue_version=room.catalogue.version, step_id=room.steps_opened + 1, deadline=deadline),
        ev.CharactersDealt(cards=cards),
        ev.ArkCardsDrawn(cards=ark),
    ]
