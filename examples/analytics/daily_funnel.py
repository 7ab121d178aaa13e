"""Daily funnel: per Moscow day and mode, games started and how they ended — straight from the GAMES stream.

    python examples/analytics/daily_funnel.py --nats nats://localhost:4222 [--since 2026-11-01]

An analyst's consumer, read-only: an *ordered* JetStream consumer (ephemeral, in memory, no acks, the
library restarts it on a gap) over `echo.game.*.lifecycle` — the batches that create or end a game; the
moves are on `echo.game.*.move` and are not needed here — from the first message or from 00:00 MSK of `--since`.
It needs nothing but NATS and the `echo_events` contract package:
- every message is a Batch of Envelopes (`echo_events.envelope.decode`);
- `echo.GameCreated` opens each game: its mode, and (by `occurred_at`, in Moscow time) its day;
- `echo.GameFinished.status` says how it ended: complete, breakdown, finished (the player stopped) or
  expired (its Daily closed). Other event types are skipped without being parsed, so an event type added
  later never breaks this report; the two it reads are parsed with `unwrap`, which upcasts old versions.
Games are counted in the day they started (a cohort): a game started at 23:59 MSK and finished after
midnight counts on the day it started. `live` = started − ended.
"""

from __future__ import annotations

import argparse
import asyncio
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from typing import Any

import nats
from echo_challenge.events import GameFinished
from echo_events.envelope import Batch, decode, unwrap
from echo_events.moscow import midnight_msk, moscow_date
from echo_events.play import GameCreated
from echo_events.streams import ALL_GAME_LIFECYCLES
from nats.errors import TimeoutError as NatsTimeoutError
from nats.js.api import ConsumerConfig, DeliverPolicy

STREAM, SUBJECT = "GAMES", ALL_GAME_LIFECYCLES
ENDINGS = ("complete", "breakdown", "finished", "expired")
MODES = ("tutorial", "free", "daily")


@dataclass
class Funnel:
    """Pure: fold batches in stream order, read rows out."""

    started: Counter = field(default_factory=Counter)  # (day, mode) → games
    ended: Counter = field(default_factory=Counter)  # (day, mode, status) → games
    games: dict[str, tuple[date, str]] = field(default_factory=dict)  # game id → (day, mode)

    def add(self, batch: Batch) -> None:
        for envelope in batch.events:
            if envelope.event_type == GameCreated.event_type:
                created = unwrap(envelope)
                key = (moscow_date(envelope.occurred_at), created.mode)
                self.games[envelope.stream_id] = key
                self.started[key] += 1
            elif envelope.event_type == GameFinished.event_type:
                finished = unwrap(envelope)
                key = self.games.get(envelope.stream_id)
                if key is not None:  # a game started before --since is not in this report
                    self.ended[(*key, finished.status)] += 1

    def rows(self) -> list[dict[str, Any]]:
        out = []
        for day, mode in sorted(self.started, key=lambda k: (k[0], MODES.index(k[1]) if k[1] in MODES else 9)):
            row: dict[str, Any] = {"day": day.isoformat(), "mode": mode, "started": self.started[(day, mode)]}
            for ending in ENDINGS:
                row[ending] = self.ended[(day, mode, ending)]
            row["live"] = row["started"] - sum(row[e] for e in ENDINGS)
            out.append(row)
        return out


def table(rows: list[dict[str, Any]]) -> str:
    columns = ("day", "mode", "started", *ENDINGS, "live")
    lines = ["  ".join(f"{c:>10}" if i > 1 else f"{c:<10}" for i, c in enumerate(columns))]
    for row in rows:
        lines.append("  ".join(f"{row[c]:>10}" if i > 1 else f"{row[c]:<10}" for i, c in enumerate(columns)))
    if not rows:
        lines.append("(no games)")
    return "\n".join(lines)


async def collect(nats_url: str, since: date | None = None, idle: float = 2.0) -> Funnel:
    """Read GAMES from the start (or from 00:00 MSK of `since`) up to its end as of now."""
    nc = await nats.connect(nats_url, name="analytics-daily-funnel")
    funnel = Funnel()
    try:
        js = nc.jetstream()
        if (await js.stream_info(STREAM)).state.messages == 0:
            return funnel
        config = ConsumerConfig(deliver_policy=DeliverPolicy.ALL)
        if since is not None:
            config = ConsumerConfig(deliver_policy=DeliverPolicy.BY_START_TIME, opt_start_time=midnight_msk(since))
        sub = await js.subscribe(SUBJECT, stream=STREAM, ordered_consumer=True, config=config)
        try:
            while True:
                try:
                    msg = await sub.next_msg(timeout=idle)
                except (TimeoutError, NatsTimeoutError):
                    break  # nothing at or after --since, or the end was reached between two checks
                funnel.add(decode(msg.data))
                if msg.metadata.num_pending == 0:
                    break  # caught up with the stream as it was when this message was delivered
        finally:
            await sub.unsubscribe()
    finally:
        await nc.drain()
    return funnel


def main() -> None:
    parser = argparse.ArgumentParser(description="Games started and how they ended, per Moscow day and mode")
    parser.add_argument("--nats", default="nats://127.0.0.1:4222", help="NATS URL")
    parser.add_argument("--since", type=date.fromisoformat, help="first Moscow day, YYYY-MM-DD")
    args = parser.parse_args()
    print(table(asyncio.run(collect(args.nats, args.since)).rows()))


if __name__ == "__main__":
    main()
