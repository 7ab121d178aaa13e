"""Replies and updates as JSON bytes. A view is a free-form dict of plain values: orjson writes it
several times faster than pydantic's JSON of a `dict[str, Any]` field, and a move writes one twice
(the reply and the update to the player's other devices).

An update's body and a reply written as a frame (`echo_events.play.REPLY_AS_HEADER`) are the JSON object
of the frame a device gets, without its `type` (and an ack's `id` and `duplicate`): the gateway splices
those in front and forwards the rest unread. What it decides on goes beside, in one header (`frame_info`,
`echo_events.play.FRAME_INFO_HEADER`)."""

from __future__ import annotations

from typing import Any

import orjson
from echo_events.play import FRAME_INFO_HEADER, PlayReply

from .view_logs import log_after, log_of

_OPTIONS = orjson.OPT_NON_STR_KEYS


def encode_reply(reply: PlayReply, replica: str | None = None) -> bytes:
    """The reply as JSON; `replica`, the answering replica's id, is added when given (`PlayReply.replica`)."""
    if reply.view is None and replica is None:
        return reply.model_dump_json(exclude_none=True).encode()
    fields = reply.model_dump(mode="json", exclude_none=True, exclude={"view"})
    if reply.view is not None:
        fields["view"] = reply.view
    if replica is not None:
        fields["replica"] = replica
    return orjson.dumps(fields, option=_OPTIONS)


def encode_frame(reply: PlayReply, replica: str) -> tuple[bytes, dict[str, str]] | None:
    """An accepted command's reply with a game's view as a device's frame body and its headers; None for
    any other reply (a refusal, a pairing's wait, options), which goes as a `PlayReply`."""
    if not reply.ok or reply.game_id is None or reply.version is None or reply.view is None \
            or reply.data is not None:
        return None
    fields: dict[str, Any] = {"game_id": reply.game_id, "version": reply.version, "view": reply.view}
    info = frame_info(reply.game_id, reply.version, reply.view, reply.log_from or 0)
    if reply.log_from is not None:
        fields["log_from"] = info["log_from"] = reply.log_from
    if reply.duplicate:
        info["duplicate"] = True
    info["replica"] = replica
    return orjson.dumps(fields, option=_OPTIONS), _headers(info)


def frame_info(game_id: str, version: int, view: dict[str, Any], log_start: int = 0) -> dict[str, Any]:
    """What a gateway needs to know of a view to relay it (`FRAME_INFO_HEADER`): the game, the version, the
    whole log's length (the view's log, `view_logs.log_of`, starts at `log_start` of it) and a table's seat and
    status, which presence follows."""
    info: dict[str, Any] = {"game_id": game_id, "version": version}
    log = log_of(view)
    if log is not None:
        info["log_length"] = log_start + len(log)
    table = view.get("table")
    if isinstance(table, dict) and isinstance(table.get("status"), str):
        info["table_status"] = table["status"]
        if isinstance(table.get("you"), int):
            info["seat"] = table["you"]
    return info


def encode_update(game_id: str, version: int, view: dict[str, Any],
                  base: tuple[int, int] | None = None) -> tuple[bytes, dict[str, str]]:
    """A `GameUpdate` (echo_events.play) and its headers; with `base` (the version it follows and that
    version's log length), its view's log holds only the entries after those."""
    info = frame_info(game_id, version, view)
    if base is None:
        return orjson.dumps({"game_id": game_id, "version": version, "view": view}, option=_OPTIONS), _headers(info)
    base_version, log_from = base
    info["base_version"], info["log_from"] = base_version, log_from
    return orjson.dumps({"game_id": game_id, "version": version, "base_version": base_version,
                         "log_from": log_from, "view": log_after(view, log_from)}, option=_OPTIONS), _headers(info)


def _headers(info: dict[str, Any]) -> dict[str, str]:
    return {FRAME_INFO_HEADER: orjson.dumps(info).decode()}
