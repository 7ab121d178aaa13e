"""What a player's devices receive for a game: the rules' client view plus the game's place in the
product (mode, version, Daily, Tutorial guidance). Nothing hidden while the game is live; a Daily's
field stays hidden even after the game ends (echo-challenge.md §23: only when that Daily closes, and not here)."""

from __future__ import annotations

from typing import Any

from echo_challenge.tutorial import guidance
from echo_challenge.view import client_view, revealed_field

from .store import LoadedGame


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
