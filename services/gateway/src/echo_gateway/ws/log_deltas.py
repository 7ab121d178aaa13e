"""Views whose log is a delta. A game's view carries its whole log — every tick so far: 87 % of a
12.5 KB view after 80 ticks — so a long game's late moves would send, compress and parse a little more
each time. A connection that asks for it (`"log_delta": true` in its hello) gets, for a game it has
already been sent on this connection, only the log entries after those: the frame says where they start
(`log_from`) and which version they extend (`base_version`). A device that does not hold that version
(it dropped a frame) resumes and gets the whole view. Starts and resumes always carry the whole view.

The engine writes the deltas (a move's update, and its answer to a move that says what the device holds);
the gateway decides which to pass on from the frames' headers (`frames.GameFrame`), never from the views.
"""

from __future__ import annotations

from .frames import GameFrame


class LogDeltas:
    """What this connection was last sent of each game: its version and the length of its log."""

    def __init__(self) -> None:
        self._sent: dict[str, tuple[int, int]] = {}

    def whole(self, game_id: str, version: int, log_length: int | None) -> None:
        """A whole view of the game went out (`log_length`: its log's; None: it has none, nothing to extend)."""
        if log_length is not None:
            self._sent[game_id] = (version, log_length)

    def held(self, game_id: str) -> tuple[int, int] | None:
        """The version and the log length this connection was last sent of the game (None: never sent)."""
        return self._sent.get(game_id)

    def extend(self, frame: GameFrame, base_version: int) -> bool:
        """Whether `frame`, a delta of `base_version`, extends exactly what this connection was last sent of
        the game (then it is remembered as sent); if not, the whole view must be fetched."""
        if frame.log_from is None or frame.log_length is None or frame.version < base_version or \
                self._sent.get(frame.game_id) != (base_version, frame.log_from):
            return False
        self._sent[frame.game_id] = (frame.version, frame.log_length)
        return True
