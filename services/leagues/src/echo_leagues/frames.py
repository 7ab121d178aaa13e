"""The Game of the day, move by move: the game's events read back from its GAMES subject and folded
with the rules, one client view per tick (echo-challenge.md §16). Frame 0 is the start (Orders dealt); each later
frame is the view after one tick, with that tick's log entry as `event` (the views carry no growing
log, so a 100-tick game stays small). The last frame adds `field`, the revealed field: only ever
served for a Daily that has closed (the caller checks).
"""

from __future__ import annotations

from typing import Any

from echo_challenge import game as rules
from echo_challenge.events import GameFinished, GameStarted, OrdersDealt, TickResolved
from echo_challenge.view import client_view, revealed_field
from echo_events.envelope import decode, unwrap
from echo_events.model import Event
from echo_events.play import GameCreated
from echo_events.streams import GAMES, game_events
from echo_runtime.direct_read import read_subject
from echo_runtime.lru import Lru
from nats.aio.client import Client


async def read_game(nc: Client, game_id: str) -> tuple[GameCreated | None, list[Event]]:
    meta: GameCreated | None = None
    events: list[Event] = []
    for message in await read_subject(nc, GAMES.name, game_events(game_id)):
        for envelope in decode(message.data).events:
            event = unwrap(envelope)
            if isinstance(event, GameCreated):
                meta = event
            else:
                events.append(event)
    return meta, events


def frames_of(events: list[Event]) -> list[dict[str, Any]]:
    """One frame per tick, from the start to the end; the final one carries the revealed field."""
    if not events or not isinstance(events[0], GameStarted):
        raise ValueError("a game's events start with GameStarted")
    state = rules.fold(events[:1])
    frames: list[dict[str, Any]] = []
    for event in events[1:]:
        state = rules.evolve(state, event)
        if isinstance(event, OrdersDealt) and not frames:
            frames.append(_frame(state))
        elif isinstance(event, TickResolved):
            frames.append(_frame(state))
        elif isinstance(event, GameFinished):
            last = _frame(state)
            if frames and frames[-1]["tick"] == last["tick"]:
                last["event"] = frames[-1].get("event")
                frames[-1] = last
            else:
                frames.append(last)
    if not frames:
        frames.append(_frame(state))
    frames[-1]["field"] = revealed_field(state)
    return frames


def _frame(state: rules.GameState) -> dict[str, Any]:
    view = client_view(state)
    log = view.pop("log")
    view["event"] = log[-1] if log and log[-1]["tick"] == view["tick"] and view["tick"] > 0 else None
    return view


class FrameCache:
    """Frames of finished games never change: keep the last few in memory."""

    def __init__(self, nc: Client, capacity: int = 32) -> None:
        self._nc = nc
        self._cache: Lru[str, list[dict[str, Any]]] = Lru(capacity)

    async def frames(self, game_id: str) -> list[dict[str, Any]]:
        cached = self._cache.get(game_id)
        if cached is not None:
            return cached
        _, events = await read_game(self._nc, game_id)
        frames = frames_of(events)
        if events and isinstance(events[-1], GameFinished):
            self._cache.put(game_id, frames)
        return frames
