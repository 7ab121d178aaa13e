"""Replies and updates as JSON bytes. A view is a free-form dict of plain values: orjson writes it
several times faster than pydantic's JSON of a `dict[str, Any]` field, and a move writes one twice
(the reply and the update to the player's other devices).

An update's body and a reply written as a frame (`echo_events.play.REPLY_AS_HEADER`) are the JSON object
of the frame a device gets, without its `type` (and an ack's `id` and `duplicate`): the gateway splices
those in front and forwards the rest unread. What it decides on goes beside, in headers (`frame_headers`)."""

from __future__ import annotations

from typing import Any

import orjson
from echo_events.play import (
    BASE_VERSION_HEADER,
    DUPLICATE_HEADER,
    FRAME_HEADER,
    LOG_FROM_HEADER,
    LOG_LENGTH_HEADER,
    REPLICA_HEADER,
    SEAT_HEADER,
    TABLE_STATUS_HEADER,
    UPDATE_GAME_HEADER,
    UPDATE_VERSION_HEADER,
    PlayReply,
)

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
    headers = frame_headers(reply.game_id, reply.version, reply.view, reply.log_from or 0)
    if reply.log_from is not None:
        fields["log_from"] = reply.log_from
        headers[LOG_FROM_HEADER] = str(reply.log_from)
    if reply.duplicate:
        headers[DUPLICATE_HEADER] = "1"
    headers[FRAME_HEADER] = "1"
    headers[REPLICA_HEADER] = replica
    return orjson.dumps(fields, option=_OPTIONS), headers


def frame_headers(game_id: str, version: int, view: dict[str, Any], log_start: int = 0) -> dict[str, str]:
    """What a gateway needs to know of a view to relay it: the game, the version, the whole log's length
    (the view's log, `view_logs.log_of`, starts at `log_start` of it) and a table's seat and status, which
    presence follows."""
    headers = {UPDATE_GAME_HEADER: game_id, UPDATE_VERSION_HEADER: str(version)}
    log = log_of(view)
    if log is not None:
        headers[LOG_LENGTH_HEADER] = str(log_start + len(log))
    table = view.get("table")
    if isinstance(table, dict) and isinstance(table.get("status"), str):
        headers[TABLE_STATUS_HEADER] = table["status"]
        if isinstance(table.get("you"), int):
            headers[SEAT_HEADER] = str(table["you"])
    return headers


def encode_update(game_id: str, version: int, view: dict[str, Any],
                  base: tuple[int, int] | None = None) -> tuple[bytes, dict[str, str]]:
    """A `GameUpdate` (echo_events.play) and its headers; with `base` (the version it follows and that
    version's log length), its view's log holds only the entries after those."""
    headers = frame_headers(game_id, version, view)
    if base is None:
        return orjson.dumps({"game_id": game_id, "version": version, "view": view}, option=_OPTIONS), headers
    base_version, log_from = base
    headers[BASE_VERSION_HEADER], headers[LOG_FROM_HEADER] = str(base_version), str(log_from)
    return orjson.dumps({"game_id": game_id, "version": version, "base_version": base_version,
                         "log_from": log_from, "view": log_after(view, log_from)}, option=_OPTIONS), headers
