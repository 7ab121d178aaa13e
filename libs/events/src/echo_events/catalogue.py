"""The event contract as an AsyncAPI 3.0 document and a Markdown reference, generated from this package.

Built from the contract itself: the registry (every event model, its type name, schema version and
upcasters), the stream specs, the envelope and batch models, and the engine's and the social service's
request/reply messages. Change a model and the document changes with it. The services' document
(`docs/asyncapi.json`) is this one plus what FastStream's generator says of the services' durable consumers
and publishers; it is built in the service runtime (`echo_runtime.asyncapi`), since this package imports
no I/O library. `tests/unit/catalogue` keeps `docs/` in step.

Pure: no I/O. `python -m echo_events.catalogue [--markdown]` prints the contract's JSON (or Markdown).
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, get_args

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from . import daily, streams
from .catalogue_settings import describe_settings_by_kind
from .envelope import Batch, Envelope
from .hosting import HostedGame, host, installed
from .model import Command, Event
from .registry import registered_commands, registered_events, registered_upcasters

ASYNCAPI_VERSION = "3.0.0"
DOCUMENT_VERSION = "0.1.0"
REF = "#/components/schemas/{model}"

#: Every module that defines events of the contract; importing one registers its events.
EVENT_MODULES: tuple[str, ...] = (
    "echo_events.play",
    "echo_events.daily",
    "echo_events.accounts",
)
#: Modules that may not exist yet on every branch (the social context arrives on its own).
OPTIONAL_EVENT_MODULES: tuple[str, ...] = ("echo_events.social",)
#: Command modules served over NATS request/reply: each names its `SUBJECT_PREFIX` and `QUEUE_GROUP`.
OPTIONAL_COMMAND_MODULES: tuple[str, ...] = ("echo_events.social_commands",)


def load_event_modules() -> tuple[str, ...]:
    """Import every event module so the registry is complete; return the modules that were found."""
    loaded = []
    for name in EVENT_MODULES:
        importlib.import_module(name)
        loaded.append(name)
    for name in OPTIONAL_EVENT_MODULES + OPTIONAL_COMMAND_MODULES:
        if _optional(name) is not None:
            loaded.append(name)
    return tuple(loaded)


def _optional(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name != name:
            raise
        return None


@dataclass(frozen=True, slots=True)
class CommandEntry:
    """A command a service takes over NATS request/reply on `<prefix><name>`."""

    name: str
    model: type[Command]
    subject_prefix: str
    queue: str


def service_commands() -> list[CommandEntry]:
    """Commands of the request/reply modules present (the social service's), sorted by name."""
    found = []
    for module_name in OPTIONAL_COMMAND_MODULES:
        module = _optional(module_name)
        if module is None:
            continue
        for name, model in registered_commands().items():
            if model.__module__ == module_name:
                found.append(CommandEntry(name, model, module.SUBJECT_PREFIX, module.QUEUE_GROUP))
    return sorted(found, key=lambda c: c.name)


# --- channels: where each message travels --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Channel:
    key: str
    address: str | None
    description: str
    stream: str | None = None
    parameters: dict[str, str] = field(default_factory=dict)


GAMES = Channel("games", "echo.game.{game_id}.{kind}", "Two subjects per game, one sequence: the events of "
                "that game, in order (read both: `echo.game.{game_id}.*`). The first is always "
                "echo.GameCreated.", streams.GAMES.name,
                {"game_id": "the game's id (GameCreated.game_id, Envelope.stream_id)",
                 "kind": f"`{streams.LIFECYCLE}` for a batch holding echo.GameCreated or echo.GameFinished "
                         f"(with the other events of that command), `{streams.MOVE}` for every other batch; "
                         f"projections that need only games' creations and ends read "
                         f"`{streams.ALL_GAME_LIFECYCLES}`"})
ROOMS = Channel("rooms", "echo.room.{game_id}.{kind}", "A room's events (a game whose stream is deleted when it "
                "ends, as Ark's): two subjects per room, one sequence, as for games.", streams.ROOMS.name,
                {"game_id": "the room's id (GameCreated.game_id, Envelope.stream_id)",
                 "kind": f"`{streams.LIFECYCLE}` or `{streams.MOVE}`, as for games"})
ACCOUNTS = Channel("accounts", "account.{account_id}", "One subject per account, the social service's: "
                   "everything that happened to it (callsign, e-mail, friends, challenges). A guest's "
                   "account.GuestCreated is on `account.guest.{account_id}`, the gateway's (on the account's "
                   "own subject for guests created before 2026-12-06); consumers take nothing else from there.",
                   streams.ACCOUNTS.name,
                   {"account_id": "the account's id (Envelope.stream_id)"})
DAILY_CHANNELS: dict[type[Event], Channel] = {
    daily.DailyPublished: Channel("dailyPublished", daily.SUBJECT_PUBLISHED, "00:00 MSK: a league's Daily came "
                                  "out. Internal: carries the seed.", daily.STREAM, {"league": "the league"}),
    daily.DailyAnnounced: Channel("dailyAnnounced", daily.SUBJECT_ANNOUNCED, "Right after dailyPublished: the "
                                  "same Daily without its seed and salt, for the gateway.", daily.PUBLIC_STREAM,
                                  {"league": "the league"}),
    daily.DailyClosed: Channel("dailyClosed", daily.SUBJECT_CLOSED, "00:00 MSK of the next day: a league's "
                               "Daily closed.", daily.STREAM, {"league": "the league"}),
    daily.DailyWarning: Channel("dailyWarning", daily.SUBJECT_WARNING, "23:30 and 23:50 MSK: the Dailies are "
                                "about to close.", daily.STREAM),
    daily.LeagueWeekClosed: Channel("leagueWeekClosed", daily.SUBJECT_WEEK_CLOSED, "Monday 00:00 MSK: the "
                                    "league week is over.", daily.STREAM),
}
DEAD_LETTERS = Channel("deadLetters", "dlq.{stream}.{durable}", "A message a durable consumer gave up on "
                       "after max_deliver attempts: the original bytes (a Batch) with Echo-Dlq-* headers.",
                       streams.DEAD_LETTERS.name, {"stream": "the original stream", "durable": "the consumer"})
ENGINE_COMMANDS = Channel("engineCommands", "engine.cmd", "Requests to the engine (core NATS request/reply, "
                          "queue group `engine`; not stored).")
ENGINE_REPLICA_COMMANDS = Channel("engineReplicaCommands", "engine.cmd.replica.{replica}", "Requests to one "
                                  "engine replica alone (core NATS request/reply, no queue group; not stored): the "
                                  "gateway sends a game's commands to the replica whose reply last named itself "
                                  "(`PlayReply.replica`), which holds the game in its cache.",
                                  parameters={"replica": "the replica's id"})
ENGINE_REPLIES = Channel("engineReplies", None, "The engine's reply, on the requester's inbox.")
GAME_UPDATES = Channel("gameUpdates", "echo.updates.{account_id}", "After every accepted command: the game's "
                       "new view for every device of the player (core NATS, not stored); after a move its log "
                       "holds only that move's entries (base_version, log_from).",
                       parameters={"account_id": "the player"})


UNROUTED = Channel("unrouted", None, "Events whose subject the catalogue does not know yet: describe their "
                   "channel in echo_events.catalogue.channel_of.")


def channel_of(type_name: str, model: type[Event]) -> Channel:
    """The channel an event is published on: daily events by model, others by their context prefix."""
    if model in DAILY_CHANNELS:
        return DAILY_CHANNELS[model]
    context = type_name.split(".", 1)[0]
    if context == "echo":
        return GAMES
    if context == "account":
        return ACCOUNTS
    return UNROUTED  # listed, never hidden; tests/unit/catalogue fails until its subject is described here


# --- what the catalogue holds ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EventEntry:
    type_name: str
    model: type[Event]
    version: int
    upcasters_from: tuple[int, ...]
    channel: Channel

    @property
    def summary(self) -> str:
        return _doc(self.model).split("\n\n")[0].replace("\n", " ")


def catalogued_events() -> list[EventEntry]:
    """Every event of the contract (models defined in `echo_events`) and of every installed game (models
    defined in a game's own library, found through the registry: entry point group `echo.games`), sorted by
    channel then type name.

    Events registered from elsewhere (a test's throwaway model) are left out, so the document depends on
    the contract and the installed games only."""
    load_event_modules()
    games = installed_games()
    upcasters = registered_upcasters()
    entries = []
    for type_name, model in registered_events().items():
        package = model.__module__.split(".", 1)[0]
        if package == "echo_events":
            channel = channel_of(type_name, model)
        elif package in games:
            channel = ROOMS if games[package].is_room else GAMES
        else:
            continue
        steps = tuple(sorted(v for (t, v) in upcasters if t == type_name))
        entries.append(EventEntry(type_name, model, model.schema_version, steps, channel))
    order = [GAMES.key, ROOMS.key, ACCOUNTS.key, *(c.key for c in DAILY_CHANNELS.values()), UNROUTED.key]
    return sorted(entries, key=lambda e: (order.index(e.channel.key), e.type_name))


def installed_games() -> dict[str, HostedGame]:
    """Each installed game by its library's package (loading it registers its events)."""
    return {game.rules.__name__.split(".", 1)[0]: game for game in map(host, installed())}


def settings_models() -> dict[str, type[BaseModel] | None]:
    """Each installed game's model of what its `GameCreated.settings` hold, by kind (None: it declares none)."""
    return {game.kind: game.settings_model for game in installed_games().values()}


def play_request_models() -> tuple[type[BaseModel], ...]:
    from .play import PlayRequest

    union = get_args(PlayRequest)[0]
    return tuple(get_args(union))


def _doc(model: type) -> str:
    return inspect.cleandoc(model.__doc__ or "").strip()


# --- the AsyncAPI document ------------------------------------------------------------------------------


def _schemas(entries: list[EventEntry], commands: list[CommandEntry],
             settings: dict[str, type[BaseModel] | None]) -> tuple[dict[str, Any], dict[type, str]]:
    from .play import GameUpdate, PlayReply

    models: list[type[BaseModel]] = [Envelope, Batch, PlayReply, GameUpdate, *play_request_models()]
    models += [e.model for e in entries] + [c.model for c in commands]
    models += sorted({m for m in settings.values() if m is not None and m not in models}, key=_qualified_name)
    # by field name, as `envelope.wrap` writes a payload (a game's event may also read an alias, e.g. EoT's "from")
    refs, defs = models_json_schema([(m, "validation") for m in models], ref_template=REF, by_alias=False)
    names = {m: refs[(m, "validation")]["$ref"].rsplit("/", 1)[1] for m in models}
    return dict(sorted(defs.get("$defs", {}).items())), names


def _qualified_name(model: type) -> str:
    return f"{model.__module__}.{model.__qualname__}"


def _ref(name: str) -> dict[str, str]:
    return {"$ref": REF.format(model=name)}


def _envelope_schema(entry: EventEntry, payload: str) -> dict[str, Any]:
    """An Envelope whose payload is this event: the current version's schema applies when
    `schema_version` is current; older stored versions exist when upcasters do (unwrap() upcasts them)."""
    return {
        "allOf": [_ref("Envelope")],
        "properties": {
            "event_type": {"const": entry.type_name},
            "schema_version": {"type": "integer", "minimum": 1, "maximum": entry.version},
        },
        "if": {"properties": {"schema_version": {"const": entry.version}}},
        "then": {"properties": {"payload": _ref(payload)}},
        "x-event-type": entry.type_name,
        "x-schema-version": entry.version,
        "x-upcasters-from": list(entry.upcasters_from),
    }


NATS_HEADERS = {
    "type": "object",
    "description": "NATS message headers set by the appending service (all optional for a reader).",
    "properties": {
        "Nats-Msg-Id": {"type": "string", "description": "dedup id: the command id that produced the batch"},
        "Nats-Expected-Last-Subject-Sequence": {"type": "string", "description": "optimistic concurrency: "
                                                "the stream sequence of the subject's last message"},
        "Echo-Event-Types": {"type": "string", "description": "comma-separated event types of the batch"},
        "traceparent": {"type": "string", "description": "W3C trace context"},
    },
}
DLQ_HEADERS = {
    "type": "object",
    "description": "The original headers plus what the consumer knew when it gave up.",
    "required": ["Echo-Dlq-Error", "Echo-Dlq-Subject", "Echo-Dlq-Stream-Seq"],
    "properties": {
        "Echo-Dlq-Error": {"type": "string", "description": "repr of the last error (≤ 500 characters)"},
        "Echo-Dlq-Subject": {"type": "string", "description": "the original subject"},
        "Echo-Dlq-Stream-Seq": {"type": "string", "description": "the original stream sequence"},
    },
}


def asyncapi(entries: list[EventEntry] | None = None) -> dict[str, Any]:
    """The AsyncAPI 3.0 document of every stream, subject and message of the contract."""
    commands = service_commands() if entries is None else []
    entries = catalogued_events() if entries is None else entries
    settings = settings_models()
    schemas, names = _schemas(entries, commands, settings)
    from .play import GameCreated, GameUpdate, PlayReply

    if GameCreated in names:
        components = {kind: None if model is None else names[model] for kind, model in settings.items()}
        describe_settings_by_kind(schemas[names[GameCreated]], components, REF)

    messages: dict[str, Any] = {}
    by_channel: dict[str, list[EventEntry]] = {}
    for entry in entries:
        envelope_name = f"{names[entry.model]}Envelope"
        schemas[envelope_name] = _envelope_schema(entry, names[entry.model])
        messages[entry.type_name] = {
            "name": entry.type_name,
            "title": f"{entry.type_name} v{entry.version}",
            "summary": entry.summary,
            "description": _doc(entry.model),
            "contentType": "application/json",
            "payload": _ref(envelope_name),
            "x-event-type": entry.type_name,
            "x-schema-version": entry.version,
            "x-upcasters-from": list(entry.upcasters_from),
            "x-stream": entry.channel.stream,
            "x-subject": entry.channel.address,
        }
        by_channel.setdefault(entry.channel.key, []).append(entry)

    channels: dict[str, Any] = {}
    operations: dict[str, Any] = {}
    event_channels = {e.channel.key: e.channel for e in entries}
    for key, channel in event_channels.items():
        batch_name = f"{key}Batch"
        members = [_ref(f"{names[e.model]}Envelope") for e in by_channel[key]]
        schemas[f"{key}BatchPayload"] = {
            "type": "object", "additionalProperties": False, "required": ["events"],
            "description": "One JetStream message: the events one command produced, appended atomically.",
            "properties": {"events": {"type": "array", "minItems": 1, "items": {"oneOf": members}}},
        }
        messages[batch_name] = {
            "name": batch_name, "title": f"Batch on {channel.address}", "contentType": "application/json",
            "summary": "A Batch of Envelopes; each envelope's payload is one of: "
                       + ", ".join(e.type_name for e in by_channel[key]),
            "headers": NATS_HEADERS, "payload": _ref(f"{key}BatchPayload"),
        }
        channels[key] = _channel(channel, _message_ref(batch_name))
        operations[f"publish_{key}"] = {
            "action": "send", "channel": {"$ref": f"#/channels/{key}"},
            "summary": f"Append a batch of events to stream {channel.stream}",
            "messages": [{"$ref": f"#/channels/{key}/messages/{batch_name}"}],
        }

    messages["DeadLetter"] = {"name": "DeadLetter", "contentType": "application/json", "headers": DLQ_HEADERS,
                              "payload": _ref("Batch"), "summary": "The dead-lettered message's original bytes"}
    channels[DEAD_LETTERS.key] = _channel(DEAD_LETTERS, _message_ref("DeadLetter"))
    operations["deadLetter"] = {"action": "send", "channel": {"$ref": "#/channels/deadLetters"},
                                "summary": "A durable consumer gives up on a message (echo_runtime.consumer)",
                                "messages": [{"$ref": "#/channels/deadLetters/messages/DeadLetter"}]}

    request_names = [names[m] for m in play_request_models()]
    schemas["PlayRequest"] = {"oneOf": [_ref(n) for n in request_names], "discriminator": "type",
                              "description": "An engine request; `type` says which."}
    messages["PlayRequest"] = {"name": "PlayRequest", "contentType": "application/json",
                               "payload": _ref("PlayRequest"), "summary": "A request to the engine"}
    messages["PlayReply"] = {"name": "PlayReply", "contentType": "application/json",
                             "payload": _ref(names[PlayReply]), "summary": "The engine's answer"}
    messages["GameUpdate"] = {"name": "GameUpdate", "contentType": "application/json",
                              "payload": _ref(names[GameUpdate]), "summary": "A game's new view after a move"}
    channels[ENGINE_COMMANDS.key] = _channel(ENGINE_COMMANDS, _message_ref("PlayRequest"))
    channels[ENGINE_REPLICA_COMMANDS.key] = _channel(ENGINE_REPLICA_COMMANDS, _message_ref("PlayRequest"))
    channels[ENGINE_REPLIES.key] = _channel(ENGINE_REPLIES, _message_ref("PlayReply"))
    channels[GAME_UPDATES.key] = _channel(GAME_UPDATES, _message_ref("GameUpdate"))
    operations["handleEngineCommand"] = {
        "action": "receive", "channel": {"$ref": "#/channels/engineCommands"},
        "summary": "The engine serves requests (every replica in queue group `engine`)",
        "bindings": {"nats": {"queue": "engine", "bindingVersion": "0.1.0"}},
        "messages": [{"$ref": "#/channels/engineCommands/messages/PlayRequest"}],
        "reply": {"channel": {"$ref": "#/channels/engineReplies"},
                  "messages": [{"$ref": "#/channels/engineReplies/messages/PlayReply"}]},
    }
    operations["handleEngineReplicaCommand"] = {
        "action": "receive", "channel": {"$ref": "#/channels/engineReplicaCommands"},
        "summary": "One engine replica serves the requests sent to it alone (a game it holds in its cache)",
        "messages": [{"$ref": "#/channels/engineReplicaCommands/messages/PlayRequest"}],
        "reply": {"channel": {"$ref": "#/channels/engineReplies"},
                  "messages": [{"$ref": "#/channels/engineReplies/messages/PlayReply"}]},
    }
    operations["pushGameUpdate"] = {"action": "send", "channel": {"$ref": "#/channels/gameUpdates"},
                                    "summary": "The engine pushes a game's view to its player's devices",
                                    "messages": [{"$ref": "#/channels/gameUpdates/messages/GameUpdate"}]}

    if commands:
        _add_commands(commands, names, schemas, messages, channels, operations)

    return {
        "asyncapi": ASYNCAPI_VERSION,
        "info": {
            "title": "Echo Challenge events",
            "version": DOCUMENT_VERSION,
            "description": (
                "Generated from the code (`python -m echo_events.catalogue`), not written by hand: the "
                "event registry of `echo_events` (type names, schema versions, upcasters, pydantic JSON "
                "schemas), the JetStream stream specs, the envelope and batch wire format, and the "
                "engine's request/reply and update messages. This is the contract alone; the services' "
                "document adds their durable consumers and publishers from FastStream's AsyncAPI generator "
                "(`python -m echo_runtime.asyncapi`).\n\nEvery JetStream message body is a Batch of Envelopes; "
                "an envelope's `payload` is the event, `event_type` and `schema_version` say which."
            ),
        },
        "defaultContentType": "application/json",
        "servers": {"nats": {"host": "nats:4222", "protocol": "nats",
                             "description": "NATS with JetStream (NATS_URL of every service)"}},
        "channels": channels,
        "operations": operations,
        "components": {"schemas": schemas, "messages": messages},
        "x-streams": [_stream(s) for s in streams.ALL_STREAMS],
    }


SERVICE_REPLY = {
    "type": "object", "required": ["ok"], "additionalProperties": True,
    "description": "`{\"ok\": true, ...result}` or `{\"ok\": false, \"error\": {code, message, message_ru}}` "
                   "(see echo_events.social_commands)",
    "properties": {"ok": {"type": "boolean"}, "error": {
        "type": "object", "required": ["code", "message"],
        "properties": {"code": {"type": "string"}, "message": {"type": "string"}, "message_ru": {"type": "string"}}}},
}


def _add_commands(commands: list[CommandEntry], names: dict[type, str], schemas: dict[str, Any],
                  messages: dict[str, Any], channels: dict[str, Any], operations: dict[str, Any]) -> None:
    """One channel per command (`social.cmd.friends.add`, …), each answered on the requester's inbox."""
    schemas["ServiceReply"] = SERVICE_REPLY
    messages["ServiceReply"] = {"name": "ServiceReply", "contentType": "application/json",
                                "payload": _ref("ServiceReply"), "summary": "A service's answer to a command"}
    channels["serviceReplies"] = _channel(Channel("serviceReplies", None, "A service's reply, on the "
                                                  "requester's inbox."), _message_ref("ServiceReply"))
    for entry in commands:
        key = "command_" + entry.name.replace(".", "_")  # channel and operation ids: [A-Za-z0-9_-]
        subject = entry.subject_prefix + entry.name
        messages[key] = {"name": key, "title": entry.model.__name__, "contentType": "application/json",
                         "summary": _doc(entry.model).split("\n\n")[0].replace("\n", " ") or entry.model.__name__,
                         "payload": _ref(names[entry.model]), "x-command-type": entry.name}
        channels[key] = _channel(Channel(key, subject, f"Command {entry.name} (core NATS request/reply, queue "
                                         f"group `{entry.queue}`; not stored)."), _message_ref(key))
        operations["handle_" + key] = {
            "action": "receive", "channel": {"$ref": f"#/channels/{key}"},
            "bindings": {"nats": {"queue": entry.queue, "bindingVersion": "0.1.0"}},
            "messages": [{"$ref": f"#/channels/{key}/messages/{key}"}],
            "reply": {"channel": {"$ref": "#/channels/serviceReplies"},
                      "messages": [{"$ref": "#/channels/serviceReplies/messages/ServiceReply"}]},
        }


def _message_ref(name: str) -> dict[str, Any]:
    return {name: {"$ref": f"#/components/messages/{name}"}}


def _channel(channel: Channel, messages: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"address": channel.address, "description": channel.description, "messages": messages}
    if channel.parameters:
        out["parameters"] = {k: {"description": v} for k, v in channel.parameters.items()}
    if channel.stream:
        out["x-stream"] = channel.stream
    return out


def _stream(spec: streams.StreamSpec) -> dict[str, Any]:
    return {"name": spec.name, "subjects": list(spec.subjects), "description": spec.description,
            "deny_delete": spec.deny_delete, "deny_purge": spec.deny_purge,
            "max_msgs_per_subject": spec.max_msgs_per_subject,
            "duplicate_window_seconds": spec.duplicate_window_seconds}


def to_json(document: dict[str, Any]) -> str:
    return json.dumps(document, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


if __name__ == "__main__":  # pragma: no cover - exercised through `make catalogue`
    from .catalogue_markdown import markdown

    parser = argparse.ArgumentParser(prog="python -m echo_events.catalogue", description=__doc__.split("\n")[0])
    parser.add_argument("--markdown", action="store_true", help="print the Markdown reference instead of JSON")
    args = parser.parse_args()
    print(markdown() if args.markdown else to_json(asyncapi()), end="")
