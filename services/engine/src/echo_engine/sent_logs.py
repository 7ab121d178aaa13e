"""What each seat of a table was last sent of its game's log: the version of its last update and that
view's log length (`view_logs.log_of`). A change's update to the seat then carries only the log entries
after those (`Update.base`): the gateway passes it on to a device that holds that version and fetches the
whole view for any other (the gateway's ws/log_deltas.py) — so a base is never wrong, at worst of no use.

Kept by the replica that sent the updates (the gateway asks a game's commands of the replica that holds it):
a seat this replica has sent nothing of yet, or lost track of, gets the whole view."""

from __future__ import annotations

from typing import Any

from echo_runtime.lru import Lru

from .view_logs import log_of

CAPACITY = 20_000  # (game, seat) pairs: two ints each, for the games cached here (store.py) and a few more


class SentLogs:
    def __init__(self, capacity: int = CAPACITY) -> None:
        self._sent: Lru[tuple[str, int], tuple[int, int]] = Lru(capacity)

    def sending(self, game_id: str, seat: int, version: int, view: dict[str, Any]) -> tuple[int, int] | None:
        """`view`, the game's at `version`, goes to the seat now: the version and the log length of what
        the seat was sent before, which it extends (None: nothing to extend — no log, nothing sent, or a
        view of this version or a later one sent already); remembered as sent."""
        key, log = (game_id, seat), log_of(view)
        before = self._sent.peek(key)
        if log is None:
            self._sent.pop(key)
            return None
        self._sent.put(key, (version, len(log)))
        if before is None or before[0] >= version or before[1] > len(log):
            return None
        return before
