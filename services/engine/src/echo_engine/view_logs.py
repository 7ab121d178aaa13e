"""Where a view's log is, and the view cut to the entries its receiver does not hold (log deltas: the
gateway's ws/log_deltas.py). Echo Challenge's view has its log at the top (`log`); a table game's at
`game.log`, in its rules' view (Ghost Five's resolved turns); Ark's and Echoes of Time's views have none and
always go whole.

A log here only grows: an entry, once in, stays as it is and is the same for every seat (the rules'
incremental log, echo_events.game_rules) — so the entries after the first `n` are all a holder of `n` lacks."""

from __future__ import annotations

from typing import Any

from echo_events.play import PlayReply


def log_of(view: dict[str, Any]) -> list[Any] | None:
    """The view's log entries; None when its view has no log."""
    log = view.get("log")
    if log is None and isinstance(view.get("game"), dict):
        log = view["game"].get("log")
    return log if isinstance(log, list) else None


def log_after(view: dict[str, Any], log_from: int) -> dict[str, Any]:
    """The view (one with a log) with only the log entries after the first `log_from`."""
    if isinstance(view.get("log"), list):
        return {**view, "log": view["log"][log_from:]}
    game = view["game"]
    return {**view, "game": {**game, "log": game["log"][log_from:]}}


def answer(game_id: str, version: int, view: dict[str, Any], log_from: int | None = None,
           duplicate: bool = False) -> PlayReply:
    """A command's answer with the game's view; with `log_from` (the asker holds that many log entries),
    only the entries after those — unless the view has no log or a shorter one: then whole."""
    log = log_of(view)
    if log_from is None or log is None or log_from > len(log):
        return PlayReply(ok=True, game_id=game_id, version=version, view=view, duplicate=duplicate)
    return PlayReply(ok=True, game_id=game_id, version=version, view=log_after(view, log_from),
                     duplicate=duplicate, log_from=log_from)
