"""Rebuild the engine's projections from the streams: `python -m echo_engine.rebuild`.

Stop the engine first (its consumers use the same durable names). Then this command deletes the durables
`engine-accounts` and `engine-games`, empties their tables (Echo Challenge's game list, the table games'
history, the rated kinds' ratings, the accounts' names) and their positions, and replays ACCOUNTS, then the
games' lifecycle subjects, with the very handlers the engine uses. Every row is a function of the streams
(see `history` and `ratings`), so the tables come out as the live engine built them."""

from __future__ import annotations

import asyncpg
import structlog
from echo_runtime.rebuild import drain, reset, run_rebuild
from nats.aio.client import Client

from . import games
from .accounts import ACCOUNTS_CONSUMER, ACCOUNTS_PROJECTION, accounts_handler
from .projections import GAMES_CONSUMER, GAMES_PROJECTION, games_handler

log = structlog.get_logger(__name__)
TABLES = ("engine_games", "engine_table_seats", "engine_table_games", "engine_accounts", "rated_matches",
          "ratings")


async def rebuild(nc: Client, pool: asyncpg.Pool) -> dict[str, int]:
    games.load_installed()  # the history folds each finished game with its rules
    await reset(nc.jetstream(), pool, (ACCOUNTS_CONSUMER, GAMES_CONSUMER), TABLES,
                (ACCOUNTS_PROJECTION, GAMES_PROJECTION))
    counts = {}
    for spec, handler in ((ACCOUNTS_CONSUMER, accounts_handler(pool)), (GAMES_CONSUMER, games_handler(pool, nc))):
        counts[spec.durable] = await drain(nc, spec, handler)
        log.info("replayed", durable=spec.durable, messages=counts[spec.durable])
    return counts


def main() -> None:
    run_rebuild("engine", rebuild)


if __name__ == "__main__":
    main()
