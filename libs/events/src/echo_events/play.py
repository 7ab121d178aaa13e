"""The engine's wire contract: requests over NATS request/reply, replies, per-account pushes, and the
service-level event that opens every game stream.

`engine.cmd` is served by every engine replica in the queue group `engine`; each replica also serves
`engine.cmd.replica.<its id>` alone, and says its id in every reply (`PlayReply.replica`): a game's
next commands sent there find the game in that replica's cache. Replies are `PlayReply`.
After every accepted move the engine publishes a `GameUpdate` on `echo.updates.<account_id>`, so every
device of that player sees it.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter

from .daily import LeagueName
from .model import Event, Message
from .registry import downcaster, event, upcaster

ENGINE_SUBJECT = "engine.cmd"
ENGINE_QUEUE = "engine"


def replica_subject(replica: str) -> str:
    """The subject only the engine replica `replica` serves."""
    return f"{ENGINE_SUBJECT}.replica.{replica}"


#: The mode a game is started in: one its rules declare (a solo game's `MODES`), or `table` for a game at a
#: table. The contract bounds its spelling only; the engine checks it against the game's own (`Solo.modes`).
Mode = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]{0,31}$", description="the mode the game was started in")]
TABLE_MODE = "table"
GameKind = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]{0,31}$",
                                description="which game's rules (echo, ghost_five, …)")]
#: the Daily's leagues (the Daily contract's): which league's Daily a start or the options are for
League = LeagueName
#: A game's or an account's id; and a client's id for his command. The gateway's protocol takes both as they
#: are defined here, so what a device may send and what the engine accepts are one bound.
Id = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
CommandId = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_:-]+$")]
#: The ids the server makes for its own commands (a Daily's expiry, a replaced Free game, a timer, a seat)
#: start with "!", which no client's `CommandId` may hold: a client can never take one and have JetStream
#: deduplicate the server's real command away.
SERVER_ID_MARK = "!"
ServerCommandId = Annotated[str, Field(min_length=2, max_length=160, pattern=r"^![a-z-]+:[A-Za-z0-9_:.+-]+$")]


def server_command_id(purpose: str, *parts: str) -> str:
    """An id of the server's own namespace, e.g. `!expire:2026-12-01:bronze`."""
    return f"{SERVER_ID_MARK}{purpose}:" + ":".join(parts)


#: Who is at a table: each device seated at one says `{"seat": n, "here": true}` on `<prefix>.<game_id>` when it
#: learns its seat and every heartbeat, and `"here": false` when it goes (the gateways, echo_gateway.ws.presence);
#: the engine turns it into the rules' absence (echo_engine.presence).
PRESENCE_PREFIX = "echo.presence"
PRESENCE_QUIET_SECONDS = 45.0  # a seat whose devices all went quiet this long is offline (two heartbeats missed)
#: What a gateway decides a device's frame on, so that it forwards the body without parsing the view: on an
#: update and on a reply written as a frame (`REPLY_AS_HEADER`), one header holding a JSON object — `game_id`,
#: `version`; as they apply `log_length` (the whole log's length at this version: a view with a log, `view.log`
#: or a table's `view.game.log`), `log_from` (a delta: where its view's log starts in the whole log),
#: `base_version` (an update that is a delta: the version whose log it extends), `seat` (a table's `table.you`;
#: absent: a spectator's) and `table_status` (a table's `table.status`); on a reply also `replica`
#: (`PlayReply.replica`) and `duplicate` (true: the command was a retry). One header, not one per member: nats-py
#: wrote and parsed seven header lines of a frame in ~13 µs of Python, one in ~3 (docs/performance.md).
FRAME_INFO_HEADER = "Echo-Frame-Info"
#: on an engine request: `frame` asks that a reply with a view come as a device's frame body — the JSON
#: object `{game_id, version, view[, log_from]}`, as a `GameUpdate` — with `FRAME_INFO_HEADER` instead of a
#: `PlayReply`; any other reply (a refusal, no view) is a `PlayReply` still.
REPLY_AS_HEADER = "Echo-Reply-As"
# on an engine request: when (Unix seconds) the asker stops waiting; the engine does not start it later
DEADLINE_HEADER = "Echo-Deadline"
#: on an engine request: "1" when the gateway asks again, the same request, having had no answer yet — it
#: still awaits the first attempt's answer, so a replica handling that one now need not handle this too
REASK_HEADER = "Echo-Reask"


UPDATES_SUBJECTS = "echo.updates.*"  # every account's updates: a permission, never a subscription of a device
ACCOUNT_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def updates_subject(account_id: str) -> str:
    """One account's updates. Refuses an id that is not one (`*`, `>`, a dot): that subject would be a
    wildcard over every player's updates."""
    if not ACCOUNT_ID.fullmatch(account_id):
        raise ValueError(f"not an account id: {account_id[:80]!r}")
    return f"echo.updates.{account_id}"


@event("echo.GameCreated", 2)
class GameCreated(Event):
    """Who plays this game, which game and in which mode. Always the first event of a game's subject. What is
    one game's own (a table's settings, how a solo game was started) is `settings`, its rules' model dumped."""

    game_id: Id
    account_id: Id
    mode: Mode
    msk_date: str = Field(description="the Moscow date the game was started on, YYYY-MM-DD")
    kind: GameKind = Field(description="the game's rules")
    seats: int = Field(1, ge=1, le=16, description="how many seats the table has (mode table)")
    settings: dict[str, Any] | None = Field(None, description="the game's own settings, as its rules accepted them: "
                                                              "a table's, or what a solo game was started with")
    invite: str | None = Field(None, description="the invitation's secret part (mode table): internal subjects only")


#: v1 had no `kind` before a second game came: such a payload is the first game's
_FIRST_KIND = "echo"


@upcaster("echo.GameCreated", 1)
def _game_created_v1_to_v2(payload: dict[str, Any]) -> dict[str, Any]:
    """v1 named one game's start fields beside the shared ones; v2 keeps them in `settings`. A solo game's
    (settings None in v1) become its settings, those that were set; a table's were unused (its preset was its
    kind) and go."""
    shared = {name: value for name, value in payload.items() if name in GameCreated.model_fields}
    shared.setdefault("kind", _FIRST_KIND)
    if shared.get("settings") is None and shared.get("mode") != TABLE_MODE:
        own = {name: value for name, value in payload.items()
               if name not in GameCreated.model_fields and value is not None}
        shared["settings"] = own or None
    return shared


@downcaster("echo.GameCreated", 1)
def _game_created_v2_to_v1(payload: dict[str, Any]) -> dict[str, Any]:
    """For engines that read only v1, while a rollout has them beside this one (docs/events.md): a solo game's
    settings back beside the shared fields, a table's preset its kind, as v1 wrote them."""
    v1 = {name: value for name, value in payload.items() if name != "settings"}
    if payload.get("mode") == TABLE_MODE:
        return v1 | {"preset_id": payload["kind"], "settings": payload.get("settings")}
    return v1 | dict(payload.get("settings") or {}) | {"settings": None}


@event("echo.SeatTaken", 1)
class SeatTaken(Event):
    """A player sat down at a table (the owner takes seat 0 when it opens)."""

    seat: int = Field(ge=0, le=15)
    account_id: Id
    bot: str | None = Field(None, max_length=32, description="the level of the bot that plays this seat")


@event("echo.SeatLeft", 1)
class SeatLeft(Event):
    """A player left a table before its game started: his seat is free again (the seats after his move up)."""

    seat: int = Field(ge=0, le=15)
    account_id: Id


@event("echo.RematchOffered", 1)
class RematchOffered(Event):
    """A player of a finished two-player table offered its other player a rematch (the seats swapped)."""

    seat: int = Field(ge=0, le=1)


@event("echo.RematchOpened", 1)
class RematchOpened(Event):
    """The other player accepted the offer: the rematch is this new table, its two players already seated."""

    game_id: Id


class TimerFired(Message):
    """Internal: a deadline a game's rules asked for has come (delivered by a JetStream message schedule)."""

    game_id: Id
    name: str = Field(max_length=64)
    at: str
    command: dict[str, Any]


class _Request(Message):
    account_id: Id


class _Command(_Request):
    command_id: CommandId = Field(description="the client's id for this command; a retry reuses it")


class StartGame(_Command):
    type: Literal["start"] = "start"
    mode: Mode
    kind: GameKind | None = Field(None, description="the solo game to start (default: the one hosted)")
    preset: str | None = Field(None, max_length=32, description="Free games: a preset id or 'as-daily'")
    league: League = "bronze"


class GetGame(_Request):
    type: Literal["get"] = "get"
    game_id: Id


class GetOptions(_Request):
    """What this account can start now: Free presets and starts left, the unfinished Free game, the Daily."""

    type: Literal["options"] = "options"
    league: League = "bronze"


class ListGames(_Request):
    """This account's games, newest first; Free games carry `best` for the best result of their preset."""

    type: Literal["list"] = "list"


class ListHistory(_Request):
    """This account's finished table games, newest first (of one kind, or every kind)."""

    type: Literal["history"] = "history"
    kind: GameKind | None = None
    limit: int = Field(50, ge=1, le=50)


class GetLeaders(Message):
    """A rated game kind's «Лидеры»: the top of its rated accounts, and the asker's own row (`account_id`).
    A kind that is not rated is refused (`bad_request`)."""

    type: Literal["leaders"] = "leaders"
    kind: GameKind | None = Field(None, description="the rated game (default: the one rated game hosted; "
                                  "refused when several are)")
    account_id: Id | None = None


class ReplayGame(Message):
    """A game move by move. Anyone may replay an ended Free game and a Daily game once its Daily has
    closed; otherwise only the owner (`account_id`), and then only what he saw."""

    type: Literal["replay"] = "replay"
    game_id: Id
    account_id: Id | None = None


Settings = Annotated[dict[str, Any], Field(max_length=32, description="a table's settings; its rules validate them")]
Invite = Annotated[str, Field(min_length=3, max_length=120, pattern=r"^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$")]


class OpenTable(_Command):
    """Open a table of a game with seats (Ghost Five, Ark, …): the asker takes seat 0; the reply's view
    carries the invitation (`table.invite`) for the others. The game starts when every seat is taken."""

    type: Literal["open"] = "open"
    kind: GameKind
    seats: int = Field(ge=1, le=16)
    settings: Settings = Field(default_factory=dict)
    bots: tuple[Annotated[str, Field(max_length=32)], ...] = Field(
        (), max_length=15, description="levels of the bots that take the seats after the asker's")
    one_device: bool = Field(False, description="players sharing one device: the asker takes every seat, and "
                                                "each action names the seat it is for (`seat`)")


class JoinTable(_Command):
    """Take a free seat at a table by its invitation (`<game_id>.<secret>`)."""

    type: Literal["join"] = "join"
    invite: Invite
    kind: GameKind | None = Field(None, description="the game the asker means to join (refused if the table's "
                                                    "is another)")


class LeaveTable(_Command):
    """Leave a table whose game has not started (a started game is left by its own rules: resign, concede)."""

    type: Literal["leave"] = "leave"
    game_id: Id


class Act(_Command):
    """One action in a game, validated by that game's command schema (for Echo: probe, beam, finish)."""

    type: Literal["act"] = "act"
    game_id: Id
    action: dict[str, Any] = Field(max_length=16)
    log_from: int | None = Field(None, ge=0, description="the asker holds this game's log up to here: the "
                                 "reply's view.log then starts here (and the reply says `log_from`)")


class PairTable(_Command):
    """Quick pairing: a table with a waiting player of a similar rating who chose the same settings, started
    at once; with nobody to pair with, the asker waits (the reply's `data.waiting`) until someone pairs with him
    — his devices then hear of the game as an update. Asking again with the same id is a retry."""

    type: Literal["pair"] = "pair"
    kind: GameKind
    settings: Settings = Field(default_factory=dict)


class UnpairTable(_Command):
    """Stop waiting for a quick pairing of this kind."""

    type: Literal["unpair"] = "unpair"
    kind: GameKind


PlayRequest = Annotated[
    StartGame | GetGame | GetOptions | ListGames | ReplayGame | OpenTable | JoinTable | LeaveTable | Act | PairTable
    | UnpairTable | ListHistory | GetLeaders,
    Field(discriminator="type"),
]
PLAY_REQUEST: TypeAdapter[PlayRequest] = TypeAdapter(PlayRequest)


def encode_request(request: PlayRequest) -> bytes:
    """A request as it goes to the engine, which reads it back with `PLAY_REQUEST`: its fields in JSON, those
    that are None left out (each one's default)."""
    return request.model_dump_json(exclude_none=True).encode()


class PlayError(Message):
    code: str
    message: str


class PlayReply(Message):
    ok: bool
    game_id: str | None = None
    version: int | None = None
    view: dict[str, Any] | None = None
    duplicate: bool = False
    error: PlayError | None = None
    data: dict[str, Any] | None = Field(None, description="options and replays")
    log_from: int | None = Field(None, description="where the view's log (`view.log`, a table's `view.game.log`) "
                                 "starts in the whole log (a move's `log_from`)")
    replica: Id | None = Field(None, description="the engine replica that answered: the game's next "
                                                         "commands on `engine.cmd.replica.<replica>` find it cached")


class GameUpdate(Message):
    """A game's new state for every device of its player. After a move it carries only the move's log
    entries (`view.log`, a table's `view.game.log`, from index `log_from`, extending the view of
    `base_version`); after a start, the whole view."""

    game_id: str
    version: int
    view: dict[str, Any]
    base_version: int | None = Field(None, description="the version whose view's log this one extends")
    log_from: int | None = Field(None, description="where the view's log starts in the whole log")
