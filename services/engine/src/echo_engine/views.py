"""What a player's devices receive for a solo game: the rules' view plus the game's place in the product
(mode, version, Daily) and what its mode adds (the rules' `mode_view`: the Tutorial's guidance, the field once
it may be shown). Nothing hidden while the game is live."""

from __future__ import annotations

from typing import Any

from .seat_views import SeatViews
from .store import LoadedGame
from .tables import table_view


def game_view(game: LoadedGame) -> dict[str, Any]:
    meta = game.meta
    view = game.rules_view(0)
    view.update({"game_id": meta.game_id, "mode": meta.mode, "version": game.version,
                 "preset": meta.preset_id, "msk_date": meta.msk_date})
    if meta.mode == "daily":
        view["daily"] = {"daily_id": meta.daily_id, "number": meta.daily_number, "league": meta.league}
    view.update(game.rules.solo.mode_view(meta.mode, game.state))
    return view


def seat_view(game: LoadedGame, seat: int | None) -> dict[str, Any]:
    """What a seat's devices are sent of the game, whatever its kind."""
    if game.rules.is_solo:
        return game_view(game)
    return table_view(game, seat, SeatViews())
