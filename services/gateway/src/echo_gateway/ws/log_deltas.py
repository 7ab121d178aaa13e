"""Views whose log is a delta. A game's view carries its whole log — every tick so far: 87 % of a
12.5 KB view after 80 ticks — so a long game's late moves would send, compress and parse a little more
each time. A connection that asks for it (`"log_delta": true` in its hello) gets, for a game it has
already been sent on this connection, only the log entries after those: the frame says where they start
(`log_from`) and which version they extend (`base_version`). A device that does not hold that version
(it dropped a frame) resumes and gets the whole view. Starts and resumes always carry the whole view.
"""

from __future__ import annotations

from typing import Any


class LogDeltas:
    """What this connection was last sent of each game: its version and the length of its log."""

    def __init__(self) -> None:
        self._sent: dict[str, tuple[int, int]] = {}

    def whole(self, frame: dict[str, Any]) -> dict[str, Any]:
        self._remember(frame)
        return frame

    def shorten(self, frame: dict[str, Any]) -> dict[str, Any]:
        view = frame.get("view") or {}
        sent = self._sent.get(frame["game_id"])
        log = view.get("log")
        if sent is None or log is None or frame["version"] <= sent[0] or len(log) < sent[1]:
            return self.whole(frame)
        base_version, known = sent
        self._remember(frame)
        return {**frame, "base_version": base_version, "log_from": known, "view": {**view, "log": log[known:]}}

    def held(self, game_id: str) -> tuple[int, int] | None:
        """The version and the log length this connection was last sent of the game (None: never sent)."""
        return self._sent.get(game_id)

    def extend(self, update: dict[str, Any]) -> dict[str, Any] | None:
        """A frame that is already a delta (the engine's update after a move, or its answer to a move that
        said what the device holds): itself if it extends exactly what this connection was last sent of the
        game, else None (the whole view must be fetched)."""
        if self._sent.get(update["game_id"]) != (update["base_version"], update["log_from"]) or \
                update["version"] < update["base_version"]:
            return None
        self._sent[update["game_id"]] = (update["version"], update["log_from"] + len(update["view"]["log"]))
        return update

    def _remember(self, frame: dict[str, Any]) -> None:
        view = frame.get("view")
        if view is not None and "log" in view:
            self._sent[frame["game_id"]] = (frame["version"], len(view["log"]))
