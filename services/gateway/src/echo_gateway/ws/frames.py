"""A game's frame as the engine wrote it — an update, or a reply asked for as a frame
(echo_events.play.REPLY_AS_HEADER): the JSON object a device gets without its `type` (and an ack's `id` and
`duplicate`), and, from the message's headers, everything the gateway decides on. The gateway splices the
missing members in front and forwards the view unread: at 16 seats of ~9 KB each, parsing every view and
writing it again was most of a vote's JSON work in the gateway.

The headers come from the engine only; still, a message whose headers or body are not what they should be
is no frame (`game_frame` says None) and is dropped, never a reason for the connection to fail. What the
gateway decides on comes in one header (`FRAME_INFO_HEADER`)."""

from __future__ import annotations

from dataclasses import dataclass

import orjson
from echo_events.play import FRAME_INFO_HEADER
from echo_runtime.local_requests import Answer
from nats.aio.msg import Msg

UPDATE = b'{"type":"update",'


@dataclass(frozen=True, slots=True)
class GameFrame:
    game_id: str
    version: int
    body: bytes  # `{"game_id":…,"version":…,"view":…}` (a delta's also `log_from`, an update's `base_version`)
    log_from: int | None  # a delta: where its `view.log` starts in the whole log
    base_version: int | None  # an update that is a delta: the version whose log it extends
    log_length: int | None  # the whole log's length at this version (a view with a top-level log)
    seat: int | None  # a table's view: the seat of this device's player (None: a spectator's)
    table_status: str | None  # a table's view: lobby, playing, over, closed (None: not a table)
    duplicate: bool  # a reply: the command was a retry
    replica: str | None = None  # a reply: the engine replica that answered (it holds the game)

    def text(self, prefix: bytes) -> str:
        """The frame: `prefix` (`{"type":"update",`, an ack's type, id and duplicate) and the body's members."""
        return (prefix + memoryview(self.body)[1:]).decode(errors="replace")


def ack_prefix(command_id: str, duplicate: bool, base_version: int | None = None) -> bytes:
    """The members an `ack` has before the engine's body: with `base_version`, a log delta's."""
    prefix = b'{"type":"ack","id":' + orjson.dumps(command_id) + (b',"duplicate":true,' if duplicate
                                                                   else b',"duplicate":false,')
    return prefix if base_version is None else prefix + b'"base_version":%d,' % base_version


def is_frame(headers: dict[str, str]) -> bool:
    """Whether a reply's body is the frame its request asked for (`REPLY_AS_HEADER`), not a `PlayReply`."""
    return FRAME_INFO_HEADER in headers


def game_frame(msg: Msg | Answer) -> GameFrame | None:
    """The frame `msg` carries; None when it is not one (its header missing or malformed, no JSON object)."""
    headers, body = msg.headers or {}, msg.data
    if len(body) < 3 or body[:1] != b"{" or body[-1:] != b"}":
        return None
    info = headers.get(FRAME_INFO_HEADER)
    if info is None:
        return None
    try:
        fields = orjson.loads(info)
    except orjson.JSONDecodeError:
        return None
    if not isinstance(fields, dict):
        return None
    game_id, version, status, replica = (fields.get(name) for name in ("game_id", "version", "table_status",
                                                                          "replica"))
    numbers = [fields.get(name) for name in ("log_from", "base_version", "log_length", "seat")]
    if not (isinstance(game_id, str) and game_id and _integer(version)
            and all(n is None or _integer(n) for n in numbers)
            and (status is None or isinstance(status, str)) and (replica is None or isinstance(replica, str))):
        return None
    return GameFrame(game_id, version, body, *numbers, status, fields.get("duplicate") is True, replica)


def _integer(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)

