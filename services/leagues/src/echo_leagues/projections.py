"""The leagues projections: GAMES, ACCOUNTS and DAILY into PostgreSQL (one consumer each, plus one for
league weeks). Each batch is applied in one transaction together with its position (see positions.py).

The ACCOUNTS seam: the social service owns `echo_events.social` (`account.CallsignChanged` with
`account_id`, `callsign`; `account.EmailConfirmed` with `account_id`). This projection does not import
those models: it reads envelopes by `event_type` and takes `payload["account_id"]` (falling back to the
envelope's `stream_id`, the account) and `payload["callsign"]`; every other event type is ignored.
"""

from __future__ import annotations

import datetime as dt
import json

import asyncpg
from echo_challenge import KIND as ECHO_KIND
from echo_challenge.events import GameFinished
from echo_challenge.start_settings import started_with
from echo_events.daily import DailyClosed, DailyPublished, LeagueWeekClosed
from echo_events.envelope import Batch, Envelope, decode, unwrap
from echo_events.moscow import moscow_date, week_of
from echo_events.play import GameCreated
from echo_events.streams import ALL_GAME_LIFECYCLES
from echo_runtime.account_events import account_batch
from echo_runtime.consumer import ConsumerSpec
from echo_runtime.projection import apply_monotonic, apply_once
from nats.aio.msg import Msg
from nats.js import JetStreamContext
from nats.js.errors import NotFoundError

from . import groups

GAMES_PROJECTION = "leagues.games"
ACCOUNTS_PROJECTION = "leagues.accounts"
DAILY_PROJECTION = "leagues.daily"

#: Only the games' lifecycle subjects (creation, end): moves never reach the charts.
GAMES_CONSUMER = ConsumerSpec(stream="GAMES", durable="leagues-games", filter_subject=ALL_GAME_LIFECYCLES,
                              description="Games created and finished: the charts and the players' results.")
ACCOUNTS_CONSUMER = ConsumerSpec(stream="ACCOUNTS", durable="leagues-accounts", filter_subject="account.>",
                                 description="Accounts' callsigns and confirmed e-mails.")
DAILY_CONSUMER = ConsumerSpec(stream="DAILY", durable="leagues-daily", filter_subject="daily.>",
                              description="Dailies published and closed: the day's charts and closures.")
#: A week's results are one long statement over every group (tens of seconds at a million players), and
#: a week's close waits (retries for up to ~45 minutes) until the games projection has caught up.
WEEKS_CONSUMER = ConsumerSpec(
    stream="DAILY",
    durable="leagues-weeks",
    filter_subject="league.>",
    ack_wait=600.0,
    max_deliver=50,
    backoff=(1.0, 2.0, 5.0, 10.0, 30.0, 60.0),
    description="A league week closed: promotions and relegations over every group, once the games are in.",
)
#: In replay order for a rebuild: account facts first, then games, then Dailies and weeks.
CONSUMERS = (ACCOUNTS_CONSUMER, GAMES_CONSUMER, DAILY_CONSUMER, WEEKS_CONSUMER)

CALLSIGN_CHANGED = "account.CallsignChanged"
EMAIL_CONFIRMED = "account.EmailConfirmed"

# --- GAMES ---------------------------------------------------------------------------------------------


async def apply_game_rows(conn: asyncpg.Connection, batch: Batch) -> None:
    for envelope in batch.events:
        if envelope.event_type == GameCreated.event_type:
            await _game_created(conn, unwrap(envelope), envelope)  # type: ignore[arg-type]
        elif envelope.event_type == GameFinished.event_type:
            await _game_finished(conn, unwrap(envelope), envelope)  # type: ignore[arg-type]


async def _game_created(conn: asyncpg.Connection, event: GameCreated, envelope: Envelope) -> None:
    if event.kind != ECHO_KIND or event.mode != "daily":
        return
    started = started_with(event.settings)  # a Daily's game is Echo Challenge's: its Daily is in its settings
    if started.daily_id is None:
        return
    day = dt.date.fromisoformat(event.msk_date)
    await groups.lock(conn)  # with confirmations: one of the two sees the other, never neither
    await conn.execute(
        """INSERT INTO leagues_games
                  (game_id, account_id, daily_id, league, day, week_start, started_at, in_chart)
           VALUES ($1, $2, $3, $4, $5, $6, $7,
                   COALESCE((SELECT confirmed_week <= $6 FROM leagues_accounts WHERE account_id = $2), false))
           ON CONFLICT (game_id) DO NOTHING""",
        event.game_id,
        event.account_id,
        started.daily_id,
        started.league or "bronze",
        day,
        week_of(day),
        envelope.occurred_at,
    )


async def _game_finished(conn: asyncpg.Connection, event: GameFinished, envelope: Envelope) -> None:
    await groups.lock(conn)
    row = await conn.fetchrow(
        """UPDATE leagues_games SET status = $2, finished_at = $3, credits = $4, clean = $5, lossy = $6,
                  orders = $7, ticks = $8
           WHERE game_id = $1 RETURNING account_id, week_start, in_chart, league, day""",
        envelope.stream_id,
        event.status,
        envelope.occurred_at,
        event.credits,
        event.clean,
        event.lossy,
        event.orders,
        event.tick,
    )
    if row is None:
        return  # not a Daily game
    if row["in_chart"] and event.credits > 0:
        await conn.execute(COUNT_IN, row["league"], row["day"], event.credits, 1)
        await groups.refresh_membership(conn, row["account_id"], row["week_start"])
    await groups.settle_ready_weeks(conn)


COUNT_IN = """INSERT INTO leagues_chart_counts (league, day, credits, n) VALUES ($1, $2, $3, $4)
              ON CONFLICT (league, day, credits) DO UPDATE SET n = leagues_chart_counts.n + EXCLUDED.n"""

# --- ACCOUNTS ------------------------------------------------------------------------------------------


async def apply_account_rows(conn: asyncpg.Connection, batch: Batch) -> None:
    for envelope in batch.events:
        if envelope.event_type == CALLSIGN_CHANGED:
            await conn.execute(
                """INSERT INTO leagues_accounts (account_id, callsign) VALUES ($1, $2)
                   ON CONFLICT (account_id) DO UPDATE SET callsign = EXCLUDED.callsign""",
                _account(envelope),
                str(envelope.payload["callsign"]),
            )
        elif envelope.event_type == EMAIL_CONFIRMED:
            await _email_confirmed(conn, _account(envelope), envelope.occurred_at)


def _account(envelope: Envelope) -> str:
    return str(envelope.payload.get("account_id") or envelope.stream_id)


async def _email_confirmed(conn: asyncpg.Connection, account_id: str, at: dt.datetime) -> None:
    """The first confirmation counts: from its week on, the player's games are in the Chart and Leagues."""
    await groups.lock(conn)
    week = week_of(moscow_date(at))
    confirmed_week = await conn.fetchval(
        """INSERT INTO leagues_accounts (account_id, confirmed_at, confirmed_week) VALUES ($1, $2, $3)
           ON CONFLICT (account_id) DO UPDATE
           SET confirmed_at = COALESCE(leagues_accounts.confirmed_at, EXCLUDED.confirmed_at),
               confirmed_week = COALESCE(leagues_accounts.confirmed_week, EXCLUDED.confirmed_week)
           RETURNING confirmed_week""",
        account_id,
        at,
        week,
    )
    weeks = await conn.fetch(
        """WITH flipped AS (
               UPDATE leagues_games SET in_chart = true
               WHERE account_id = $1 AND week_start >= $2 AND NOT in_chart
               RETURNING week_start, league, day, credits
           ), counted AS (
               INSERT INTO leagues_chart_counts (league, day, credits, n)
               SELECT league, day, credits, count(*) FROM flipped WHERE credits > 0
               GROUP BY league, day, credits
               ON CONFLICT (league, day, credits) DO UPDATE SET n = leagues_chart_counts.n + EXCLUDED.n
           )
           SELECT DISTINCT week_start FROM flipped WHERE credits > 0 ORDER BY week_start""",
        account_id,
        confirmed_week,
    )
    for week_start in (r["week_start"] for r in weeks):
        await groups.refresh_membership(conn, account_id, week_start)


# --- DAILY ---------------------------------------------------------------------------------------------


async def apply_daily_rows(conn: asyncpg.Connection, batch: Batch) -> None:
    for envelope in batch.events:
        if envelope.event_type == DailyPublished.event_type:
            await _daily_published(conn, unwrap(envelope))  # type: ignore[arg-type]
        elif envelope.event_type == DailyClosed.event_type:
            await _daily_closed(conn, unwrap(envelope))  # type: ignore[arg-type]
        elif envelope.event_type == LeagueWeekClosed.event_type:
            await _week_closed(conn, unwrap(envelope))  # type: ignore[arg-type]


async def _daily_published(conn: asyncpg.Connection, event: DailyPublished) -> None:
    special = json.dumps([s.model_dump(mode="json") for s in event.special]) if event.special else None
    await conn.execute(
        """INSERT INTO leagues_dailies (daily_id, league, day, number, name_ru, preset_id, seed, special,
                                        opens_at, closes_at, seed_salt, name_en, closed_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12,
                   (SELECT closed_at FROM leagues_daily_closures WHERE daily_id = $1))
           ON CONFLICT (daily_id) DO NOTHING""",
        event.daily_id,
        event.league,
        event.date,
        event.number,
        event.name_ru,
        event.preset_id,
        event.seed,
        special,
        event.opens_at,
        event.closes_at,
        event.seed_salt,
        event.name_en,
    )


async def _daily_closed(conn: asyncpg.Connection, event: DailyClosed) -> None:
    await conn.execute(
        "INSERT INTO leagues_daily_closures (daily_id, closed_at) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        event.daily_id,
        event.closed_at,
    )
    await conn.execute(
        "UPDATE leagues_dailies SET closed_at = COALESCE(closed_at, $2) WHERE daily_id = $1",
        event.daily_id,
        event.closed_at,
    )


async def _week_closed(conn: asyncpg.Connection, event: LeagueWeekClosed) -> None:
    await groups.lock(conn)
    await conn.execute(
        """INSERT INTO leagues_weeks (week_start, week_end, closed_at) VALUES ($1, $2, $3)
           ON CONFLICT (week_start) DO NOTHING""",
        event.week_start,
        event.week_end,
        event.closed_at,
    )
    await groups.settle_ready_weeks(conn)


# --- consumer handlers ---------------------------------------------------------------------------------


def games_handler(pool: asyncpg.Pool):  # noqa: ANN201 - a consumer Handler
    async def handle(msg: Msg) -> None:
        await apply_monotonic(pool, GAMES_PROJECTION, decode(msg.data), apply_game_rows, require_first=True)

    return handle


def accounts_handler(pool: asyncpg.Pool):  # noqa: ANN201
    async def handle(msg: Msg) -> None:
        batch = account_batch(msg.subject, msg.data)
        if batch is not None:
            await apply_once(pool, ACCOUNTS_PROJECTION, batch, apply_account_rows)

    return handle


def daily_handler(pool: asyncpg.Pool):  # noqa: ANN201
    async def handle(msg: Msg) -> None:
        await apply_monotonic(pool, DAILY_PROJECTION, decode(msg.data), apply_daily_rows)

    return handle


class GamesBehind(RuntimeError):
    """A league week closed while the games projection still has messages to apply: retry later."""


def weeks_handler(pool: asyncpg.Pool, js: JetStreamContext):  # noqa: ANN201
    """LeagueWeekClosed is applied only once the games projection has nothing pending: a week's results
    must see every game of the week (a lagging or restarted service catches up on GAMES first)."""
    apply_daily = daily_handler(pool)

    async def handle(msg: Msg) -> None:
        try:
            info = await js.consumer_info(GAMES_CONSUMER.stream, GAMES_CONSUMER.durable)
        except NotFoundError:
            raise GamesBehind("the games projection has not started yet") from None
        if info.num_pending or info.num_ack_pending:
            raise GamesBehind(f"the games projection has {info.num_pending + info.num_ack_pending} to apply")
        await apply_daily(msg)

    return handle


def handlers(pool: asyncpg.Pool, js: JetStreamContext) -> dict[str, object]:
    """durable name → handler, for the app and for the rebuild."""
    return {
        GAMES_CONSUMER.durable: games_handler(pool),
        ACCOUNTS_CONSUMER.durable: accounts_handler(pool),
        DAILY_CONSUMER.durable: daily_handler(pool),
        WEEKS_CONSUMER.durable: weeks_handler(pool, js),
    }


PROJECTIONS = (GAMES_PROJECTION, ACCOUNTS_PROJECTION, DAILY_PROJECTION)
TABLES = (
    "leagues_accounts",
    "leagues_dailies",
    "leagues_daily_closures",
    "leagues_games",
    "leagues_chart_counts",
    "leagues_members",
    "leagues_weeks",
    "leagues_results",
    "leagues_players",
)
