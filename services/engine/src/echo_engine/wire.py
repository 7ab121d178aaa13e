"""Replies and updates as JSON bytes. A view is a free-form dict of plain values: orjson writes it
several times faster than pydantic's JSON of a `dict[str, Any]` field, and a move writes one twice
(the reply and the update to the player's other devices)."""

from __future__ import annotations

from typing import Any

import orjson
from echo_events.play import PlayReply

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


def log_after(view: dict[str, Any], log_from: int) -> dict[str, Any]:
    """The view with only the log entries after the first `log_from` (which its receiver holds)."""
    return {**view, "log": view["log"][log_from:]}


def encode_update(game_id: str, version: int, view: dict[str, Any],
                  base: tuple[int, int] | None = None) -> bytes:
    """A `GameUpdate` (echo_events.play); with `base` (the version it follows and that version's log
    length), its view's log holds only the entries after those."""
    if base is None:
        return orjson.dumps({"game_id": game_id, "version": version, "view": view}, option=_OPTIONS)
    base_version, log_from = base
    return orjson.dumps({"game_id": game_id, "version": version, "base_version": base_version,
                         "log_from": log_from, "view": log_after(view, log_from)}, option=_OPTIONS)
