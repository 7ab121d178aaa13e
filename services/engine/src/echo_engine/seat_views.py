"""The rules' view of each seat, rendered once per state of a game: a change renders the view of every seat
for its updates, and the asker's answer is the same view of the same state (two of a turn's three views were
one). For rules with a public part (`public(state)`, echo_events.game_rules) that part is rendered once per
state too and handed to every seat's view. Kept only for the last state of a few recently changed games: a
view is rendered and sent within the same command."""

from __future__ import annotations

from typing import Any

from echo_runtime.lru import Lru

from .store import LoadedGame

CAPACITY = 256  # (game, seat) pairs: a command renders and sends its views without waiting in between
PUBLIC_CAPACITY = 64  # games: their last state's public part


class SeatViews:
    def __init__(self, capacity: int = CAPACITY) -> None:
        self._views: Lru[tuple[str, int | None], tuple[Any, tuple[Any, ...], dict[str, Any]]] = Lru(capacity)
        self._public: Lru[str, tuple[Any, Any]] = Lru(PUBLIC_CAPACITY)

    def of(self, game: LoadedGame, seat: int | None) -> dict[str, Any]:
        """`game.rules_view(seat)`, rendered once for the game's current state. Shared: never mutated."""
        key = (game.game_id, seat)
        kept = self._views.get(key)
        if kept is not None and kept[0] is game.state and kept[1] is game.log:
            return kept[2]
        view = game.rules_view(seat, self._public_part(game))
        self._views.put(key, (game.state, game.log, view))
        return view

    def _public_part(self, game: LoadedGame) -> Any:
        """The rules' `public(state)` of the game's current state, rendered once; None for rules without one."""
        if not game.rules.has_public:
            return None
        kept = self._public.get(game.game_id)
        if kept is not None and kept[0] is game.state:
            return kept[1]
        part = game.rules.public(game.state)
        self._public.put(game.game_id, (game.state, part))
        return part
