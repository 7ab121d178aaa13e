"""The history of table games, of every kind: a finished game's seats, each seat's result and (Ghost Five)
its rounds, as the game's rules summarise it (`summary(state)`, `echo_events.game_rules`), into PostgreSQL.

It is part of the games projection (`projections`), which reads only the games' `lifecycle` subjects: a
table game's batch there that neither creates it nor ends a solo game is the batch that ended it.
The seats and the state are not in that batch, so the game is read back from its subjects up to that batch
(never further: a rebuild reads the same events as the live consumer did) and folded — unless this replica
holds the game as of that batch already (it appended it): then that is the game, read and folded for nothing
else (a Ghost Five match's ~60 messages, ~2 ms of the engine's CPU at every end)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import asyncpg
import structlog
from echo_events.envelope import Batch, decode, unwrap
from echo_events.play import GameCreated
from echo_events.streams import GAMES, game_events
from echo_runtime.direct_read import read_subject
from nats.aio.client import Client

from . import games
from .accounts import names
from .store import LoadedGame

log = structlog.get_logger(__name__)
MAX_LISTED = 50


@dataclass(frozen=True, slots=True)
class FinishedTable:
    game_id: str
    kind: str
    finished_at: datetime
    seats: list[dict[str, Any]]  # seat, account_id, bot, result, score: the seats that had a part
    outcome: str
    rounds: list[dict[str, Any]] | None
    settings: dict[str, Any]  # the table's, as its rules accepted them


async def finished_table(nc: Client, batch: Batch, cached: LoadedGame | None = None) -> FinishedTable | None:
    """The table game this lifecycle batch ended, or None (a creation, a solo game's end, a game not summarised).
    `cached`: the game as this replica holds it; used instead of reading the game back when it is the game
    as of this batch (its last version is the batch's), which it is on the replica that appended it."""
    if any(e.event_type == GameCreated.event_type or games.solo_ending(e.event_type) is not None
           for e in batch.events):
        return None
    last = batch.events[-1]
    held = cached is not None and cached.game_id == last.stream_id and cached.version == last.version
    game = cached if held else await _read_back(nc, last.stream_id, last.version)
    if game is None:
        return None
    meta = game.meta
    if game.state is None:
        return None
    summary = game.rules.summary(game.state)
    if summary is None:
        return None
    bots = dict(game.bots)
    seats = [{"seat": seat, "account_id": game.roster[seat], "bot": bots.get(seat),
              "result": part["result"], "score": part["score"]}
             for seat, part in enumerate(summary["seats"]) if part is not None and seat < len(game.roster)]
    return FinishedTable(game_id=meta.game_id, kind=meta.kind, finished_at=last.occurred_at, seats=seats,
                         outcome=summary["outcome"], rounds=summary.get("rounds"),
                         settings=dict(meta.settings or {}))


async def _read_back(nc: Client, game_id: str, version: int) -> LoadedGame | None:
    """The game read from its subjects and folded up to `version`; None for a kind not hosted here."""
    messages = await read_subject(nc, GAMES.name, game_events(game_id))
    envelopes = [e for m in messages for e in decode(m.data).events if e.version <= version]
    meta = unwrap(envelopes[0])
    assert isinstance(meta, GameCreated), f"game {game_id} does not start with GameCreated"
    try:
        games.rules_for(meta.kind)
    except games.UnknownKind:
        log.warning("a finished game of a kind not hosted here is not in the history", game_id=meta.game_id,
                    kind=meta.kind)
        return None
    return LoadedGame.opening(meta).advanced(unwrap(e) for e in envelopes[1:])


async def record(conn: asyncpg.Connection, table: FinishedTable) -> bool:
    """Write the game's history rows; False if it was recorded before (a game ends once: the first
    summarised ending stands, as it did live)."""
    inserted = await conn.fetchval(
        """INSERT INTO engine_table_games (game_id, kind, outcome, finished_at, rounds) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (game_id) DO NOTHING RETURNING true""",
        table.game_id, table.kind, table.outcome, table.finished_at,
        None if table.rounds is None else json.dumps(table.rounds))
    if not inserted:
        return False
    await conn.executemany(
        """INSERT INTO engine_table_seats (game_id, seat, account_id, bot, result, score, kind, finished_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)""",
        [(table.game_id, s["seat"], s["account_id"], s["bot"], s["result"], s["score"], table.kind,
          table.finished_at) for s in table.seats])
    return True


async def history_of(pool: asyncpg.Pool, account_id: str, kind: str | None, limit: int = MAX_LISTED) -> list[dict]:
    """The account's finished table games, newest first: only games it sat in (never as a bot). A game
    played on one device (the account in every seat) is listed once, `you` its first seat."""
    games_rows = await pool.fetch(
        """SELECT g.game_id, g.kind, g.outcome, g.finished_at, g.rounds, min(s.seat) AS you
           FROM engine_table_seats s JOIN engine_table_games g USING (game_id)
           WHERE s.account_id = $1 AND s.bot IS NULL AND ($2::text IS NULL OR s.kind = $2)
           GROUP BY g.game_id ORDER BY g.finished_at DESC, g.game_id LIMIT $3""",
        account_id, kind, limit)
    seat_rows = await pool.fetch(
        "SELECT * FROM engine_table_seats WHERE game_id = ANY($1::text[]) ORDER BY game_id, seat",
        [row["game_id"] for row in games_rows])
    named = await names(pool, sorted({r["account_id"] for r in seat_rows if r["bot"] is None}))
    seats: dict[str, list[dict]] = {}
    for r in seat_rows:
        seats.setdefault(r["game_id"], []).append({
            "seat": r["seat"], "name": None if r["bot"] else named[r["account_id"]], "bot": r["bot"],
            "you": r["account_id"] == account_id and r["bot"] is None, "result": r["result"], "score": r["score"]})
    return [{"game_id": g["game_id"], "kind": g["kind"], "finished_at": g["finished_at"].isoformat(),
             "outcome": g["outcome"], "you": g["you"], "seats": seats.get(g["game_id"], []),
             "rounds": None if g["rounds"] is None else json.loads(g["rounds"])}
            for g in games_rows]
