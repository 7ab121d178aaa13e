"""Reads that change nothing: what an account can start, and a game move by move."""

from __future__ import annotations

import itertools
from datetime import date, datetime
from typing import Any

import asyncpg
import orjson
from echo_events.envelope import Envelope, unwrap
from echo_events.play import GameCreated
from echo_events.solo_start import SoloStart
from nats.js import JetStreamContext

from . import games
from .dailies import current_daily, daily_closed
from .rematch import REMATCH_EVENTS
from .store import GameStore, LoadedGame


async def start_options(js: JetStreamContext, pool: asyncpg.Pool, store: GameStore, account_id: str,
                        league: str, now: datetime, today: date) -> dict[str, Any]:
    solo = games.solo_game().solo
    daily = await current_daily(js, league, now)
    used = 0
    for slot in range(1, solo.free_games_per_day + 1):
        used += await store.exists(solo.free_game_id(account_id, today, slot))
    current = await pool.fetchval("SELECT game_id FROM engine_free_current WHERE account_id = $1", account_id)
    current_game = await store.load(current) if current else None
    daily_game = None
    if daily is not None:
        game = await store.load(solo.daily_game_id(account_id, daily.daily_id))
        if game is not None:
            daily_game = {"game_id": game.game_id, "status": solo.status(game.state)}
    return {
        "msk_date": today.isoformat(),
        "free": {
            "limit": solo.free_games_per_day,
            "used": used,
            "presets": solo.free_presets(daily),
            "unfinished": (current_game.game_id if current_game and not current_game.rules.is_over(current_game.state)
                           else None),
        },
        "daily": None if daily is None else {
            "daily_id": daily.daily_id, "number": daily.number, "name": daily.name_ru, "league": league,
            "game": daily_game,
        },
    }


class NotVisible(LookupError):
    pass


async def replay(js: JetStreamContext, store: GameStore, game_id: str, viewer: str | None) -> dict[str, Any]:
    """The views after tick 0 and after every tick. Visible to the owner; to anyone once it is public."""
    envelopes, _ = await store.history(game_id)
    if not envelopes:
        raise NotVisible(game_id)
    events = [unwrap(e) for e in envelopes]
    meta = events[0]
    assert isinstance(meta, GameCreated)
    rules = games.rules_for(meta.kind)
    if not rules.is_solo:
        return table_replay(envelopes, viewer)
    started = rules.solo.started_with(meta.settings)
    public = await _public(js, meta, started, not rules.is_over(rules.fold(events[1:])))
    if meta.account_id != viewer and not public:
        raise NotVisible(game_id)
    replayed = rules.solo.replay(events[1:], meta.mode != "daily" or public)
    return {"game_id": game_id, "mode": meta.mode, "preset": started.preset, "daily_id": started.daily_id,
            "status": replayed["status"], "frames": replayed["frames"],
            **({"field": replayed["field"]} if "field" in replayed else {})}


def table_replay(envelopes: list[Envelope], viewer: str | None) -> dict[str, Any]:
    """A finished table's game, command by command: the view its seat had (a spectator's for anyone else)
    after each command that changed the game. Only once the game is over: until then the table's own views
    are the only ones. A room's (Ark's) only for its members, as its rules say (`reads`)."""
    meta = unwrap(envelopes[0])
    game = LoadedGame.opening(meta)
    frames: list[dict[str, Any]] = []
    for _, batch in itertools.groupby(envelopes[1:], key=lambda e: e.causation_id):
        events = [unwrap(e) for e in batch]
        game = game.advanced(events)
        if game.state is not None and not all(isinstance(e, REMATCH_EVENTS) for e in events):  # not a step
            # as plain values: a replay goes out in the reply's `data`, which pydantic writes, and a kept log's
            # entries are JSON already (orjson fragments, store.py)
            frames.append(orjson.loads(orjson.dumps(game.rules_view(game.seat_of(viewer) if viewer else None))))
    if game.state is None or not game.rules.is_over(game.state):
        raise NotVisible(meta.game_id)
    seat = None if viewer is None else game.seat_of(viewer)
    if game.rules.is_room and (seat is None or not game.rules.reads(game.state, seat)):
        raise NotVisible(meta.game_id)  # a room (Ark's) is its members' alone: not a kicked player's
    return {"game_id": meta.game_id, "kind": meta.kind, "mode": "table", "frames": logs_once(frames)}


def logs_once(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Frames whose view keeps a log (Ghost Five's) hold it once, in the last frame: every other frame says
    how many of its entries it had (`log_length`). Each view's log is the whole game's so far, so a replay
    with every frame's log would grow with the square of its length — a long match's went past NATS's
    1 MB message limit."""
    final = frames[-1].get("log") if frames else None
    if not isinstance(final, list):
        return frames
    shortened = []
    for frame in frames[:-1]:
        log = frame.get("log")
        if isinstance(log, list) and log == final[:len(log)]:
            frame = {key: value for key, value in frame.items() if key != "log"} | {"log_length": len(log)}
        shortened.append(frame)
    return [*shortened, frames[-1]]


async def _public(js: JetStreamContext, meta: GameCreated, started: SoloStart, live: bool) -> bool:
    if meta.mode == "free":
        return not live
    if meta.mode == "daily" and started.league is not None:
        return await daily_closed(js, started.league, date.fromisoformat(meta.msk_date))
    return False
