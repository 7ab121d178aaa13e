"""What a seat's devices receive of a game. A solo game's view is the rules' view plus the game's place in
the product (mode, version, Daily) and what its mode adds (the rules' `mode_view`: the Tutorial's guidance, the
field once it may be shown); a table's is the table (seats taken, who sits at them, the invitation for its
players) and, once the game has started, the rules' view for that seat. Nothing hidden while the game is
live. The rules' part is rendered once per state (`SeatViews`)."""

from __future__ import annotations

from typing import Any

from .seat_names import SeatNames
from .seat_views import SeatViews
from .store import LoadedGame


def seat_view(game: LoadedGame, seat: int | None, views: SeatViews, names: SeatNames | None = None) -> dict[str, Any]:
    """What a seat's devices are sent of the game, whatever its kind; `names`: who sits at a table, asked only
    for a table's view."""
    if game.rules.is_solo:
        return game_view(game, views)
    return table_view(game, seat, views, None if names is None else names.of(game))


def game_view(game: LoadedGame, views: SeatViews | None = None) -> dict[str, Any]:
    meta = game.meta
    view = dict(views.of(game, 0)) if views is not None else game.rules_view(0)  # a shared view is not changed
    started = game.started
    view.update({"game_id": meta.game_id, "mode": meta.mode, "version": game.version,
                 "preset": started.preset, "msk_date": meta.msk_date})
    if (daily := started.daily) is not None:
        view["daily"] = {"daily_id": daily.daily_id, "number": daily.number, "league": started.league}
    view.update(game.rules.solo.mode_view(meta.mode, game.state))
    return view


def table_view(game: LoadedGame, seat: int | None, views: SeatViews,
               players: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """`players`: who sits at each taken seat (seat_names.py), when known."""
    meta = game.meta
    rules = game.rules
    if game.state is not None:
        status = "over" if rules.is_over(game.state) else "playing"
    else:
        status = "lobby" if game.roster else "closed"
    view: dict[str, Any] = {
        "game_id": meta.game_id, "kind": meta.kind, "mode": "table", "version": game.version,
        "table": {"seats": meta.seats, "taken": len(game.roster), "you": seat, "status": status,
                  "settings": meta.settings or {}},
    }
    if players is not None:
        view["table"]["players"] = players
    if game.rematch_by is not None:  # public to the table's two players: both are in the rematch
        view["table"]["rematch"] = {"by": game.rematch_by, "game_id": game.rematch}
    if seat is not None:
        view["table"]["invite"] = f"{meta.game_id}.{meta.invite}"
    if game.state is not None:
        view["game"] = views.of(game, seat)
    return view
