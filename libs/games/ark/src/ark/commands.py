"""Ark commands: orders from players and from the shell (system), each carrying its time `at`.

`COMMANDS` validates what a client may send; system commands (room creation, presence, timers, session end,
deletion) come from the shell only and are left out of it — and so is `JoinRoom`: a seat is the shell's to
give, after its one-room-at-a-time check (`hosting.seated`), never a client's to take by an action.
"""

from __future__ import annotations

from typing import Annotated, Literal

from echo_events.model import Command
from echo_events.registry import command
from pydantic import Field, TypeAdapter

CHAT_LENGTH = 300  # characters of one chat message


class ArkCommand(Command):
    at: float = 0.0  # seconds on the shell's clock when the command arrived (or the timer fired)


class PlayerCommand(ArkCommand):
    player: str = Field(min_length=1)


@command("ark.JoinRoom")
class JoinRoom(PlayerCommand):
    type: Literal["JoinRoom"] = "JoinRoom"
    account: str | None = None  # account name, the default nickname
    busy_elsewhere: bool = False  # set by the shell: the player is in another room's lobby or running game


@command("ark.LeaveRoom")
class LeaveRoom(PlayerCommand):
    type: Literal["LeaveRoom"] = "LeaveRoom"


@command("ark.ChangeNickname")
class ChangeNickname(PlayerCommand):
    type: Literal["ChangeNickname"] = "ChangeNickname"
    nickname: str


@command("ark.ChangeSettings")
class ChangeSettings(PlayerCommand):
    type: Literal["ChangeSettings"] = "ChangeSettings"
    changes: tuple[tuple[str, str], ...]  # (key, value) pairs, applied left to right (settings.py)


@command("ark.SetReady")
class SetReady(PlayerCommand):
    type: Literal["SetReady"] = "SetReady"
    ready: bool


@command("ark.KickPlayer")
class KickPlayer(PlayerCommand):
    type: Literal["KickPlayer"] = "KickPlayer"
    target: str


@command("ark.StartGame")
class StartGame(PlayerCommand):
    type: Literal["StartGame"] = "StartGame"


@command("ark.ConfirmPrepared")
class ConfirmPrepared(PlayerCommand):
    type: Literal["ConfirmPrepared"] = "ConfirmPrepared"


@command("ark.RevealCard")
class RevealCard(PlayerCommand):
    type: Literal["RevealCard"] = "RevealCard"
    card: str  # a category name or a card id


@command("ark.PassTurn")
class PassTurn(PlayerCommand):
    type: Literal["PassTurn"] = "PassTurn"


@command("ark.RequestEndDiscussion")
class RequestEndDiscussion(PlayerCommand):
    type: Literal["RequestEndDiscussion"] = "RequestEndDiscussion"


@command("ark.CastExileVote")
class CastExileVote(PlayerCommand):
    type: Literal["CastExileVote"] = "CastExileVote"
    target: str


@command("ark.CiteCard")
class CiteCard(PlayerCommand):
    type: Literal["CiteCard"] = "CiteCard"
    card: str  # a card id, or `PLAYER:category`


@command("ark.EndIncidentDiscussion")
class EndIncidentDiscussion(PlayerCommand):
    type: Literal["EndIncidentDiscussion"] = "EndIncidentDiscussion"


@command("ark.CastSurvivalVote")
class CastSurvivalVote(PlayerCommand):
    type: Literal["CastSurvivalVote"] = "CastSurvivalVote"
    survived: bool


@command("ark.CastKindVote")
class CastKindVote(PlayerCommand):
    type: Literal["CastKindVote"] = "CastKindVote"
    continue_kind: bool


@command("ark.LeaveGame")
class LeaveGame(PlayerCommand):
    type: Literal["LeaveGame"] = "LeaveGame"


@command("ark.SkipStep")
class SkipStep(PlayerCommand):
    type: Literal["SkipStep"] = "SkipStep"


@command("ark.SendChat")
class SendChat(PlayerCommand):
    """A line of the room's chat (chat.py: its length, the rate limit, muting)."""

    type: Literal["SendChat"] = "SendChat"
    text: str = Field(min_length=1, max_length=CHAT_LENGTH)


@command("ark.MutePlayer")
class MutePlayer(PlayerCommand):
    """The owner silences a player's chat (`muted`: false lets him speak again)."""

    type: Literal["MutePlayer"] = "MutePlayer"
    target: str
    muted: bool = True


@command("ark.MarkConnected")
class MarkConnected(PlayerCommand):
    type: Literal["MarkConnected"] = "MarkConnected"


@command("ark.MarkDisconnected")
class MarkDisconnected(PlayerCommand):
    type: Literal["MarkDisconnected"] = "MarkDisconnected"


@command("ark.ExpireStep")
class ExpireStep(ArkCommand):
    type: Literal["ExpireStep"] = "ExpireStep"
    step_id: int


@command("ark.ExpireSession")
class ExpireSession(ArkCommand):
    type: Literal["ExpireSession"] = "ExpireSession"


@command("ark.DeleteGame")
class DeleteGame(ArkCommand):
    type: Literal["DeleteGame"] = "DeleteGame"


LOBBY_COMMANDS = (LeaveRoom, ChangeNickname, ChangeSettings, SetReady, KickPlayer, StartGame)
ClientCommand = Annotated[
    LeaveRoom | ChangeNickname | ChangeSettings | SetReady | KickPlayer | StartGame | ConfirmPrepared
    | RevealCard | PassTurn | RequestEndDiscussion | CastExileVote | CiteCard | EndIncidentDiscussion
    | CastSurvivalVote | CastKindVote | LeaveGame | SkipStep | SendChat | MutePlayer,
    Field(discriminator="type"),
]
COMMANDS: TypeAdapter[ClientCommand] = TypeAdapter(ClientCommand)
