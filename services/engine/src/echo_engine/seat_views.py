"""The rules' view of each seat, rendered once per state of a game: a change renders the view of every seat
for its updates, and the asker's answer is the same view of the same state (two of a turn's three views were
one). Kept only for the last state of a few recently changed games: a view is rendered and sent within the
same command."""

from __future__ import annotations

from typing import Any

from echo_runtime.lru import Lru

from .store import LoadedGame

CAPACITY = 256  # (game, seat) pairs: a command renders and sends its views without waiting in between


class SeatViews:
    def __init__(self, capacity: int = CAPACITY) -> None:
        self._views: Lru[tuple[str, int | None], tuple[Any, tuple[Any, ...], dict[str, Any]]] = Lru(capacity)

    def of(self, game: LoadedGame, seat: int | None) -> dict[str, Any]:
        """`game.rules_view(seat)`, rendered once for the game's current state. Shared: never mutated."""
        key = (game.game_id, seat)
        kept = self._views.get(key)
        if kept is not None and kept[0] is game.state and kept[1] is game.log:
            return kept[2]
        view = game.rules_view(seat)
        self._views.put(key, (game.state, game.log, view))
        return view
