"""What a player's devices receive for a game: the rules' client view plus the game's place in the
product (mode, version, Daily, Tutorial guidance). Nothing hidden while the game is live; a Daily's
field stays hidden even after the game ends (echo-challenge.md §23: only when that Daily closes, and not here)."""

from __future__ import annotations

from typing import Any

from echo_challenge.tutorial import guidance
from echo_challenge.view import client_view, revealed_field

from .seat_views import SeatViews
from .store import LoadedGame
from .tables import table_view


def game_view(game: LoadedGame) -> dict[str, Any]:
    meta = game.meta
    view = client_view(game.state, game.log)
    view.update({"game_id": meta.game_id, "mode": meta.mode, "version": game.version,
                 "preset": meta.preset_id, "msk_date": meta.msk_date})
    if meta.mode == "daily":
        view["daily"] = {"daily_id": meta.daily_id, "number": meta.daily_number, "league": meta.league}
    if meta.mode == "tutorial":
        view["tutorial"] = guidance(game.state)
    if meta.mode != "daily" and not game.state.live:
        view["field"] = revealed_field(game.state)
    return view


def seat_view(game: LoadedGame, seat: int | None) -> dict[str, Any]:
    """What a seat's devices are sent of the game, whatever its kind."""
    if game.meta.kind == "echo":
        return game_view(game)
    return table_view(game, seat, SeatViews())
