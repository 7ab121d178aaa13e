"""The accounts projection: what the engine shows of a player — his callsign — from the ACCOUNTS stream into
PostgreSQL.

The social service owns these events (`account.CallsignChanged`; `account.EmailConfirmed`, which the ratings
read); like the leagues projection, the engine reads envelopes by `event_type` and takes the account from the
envelope's `stream_id`, so it imports no model of another context. Every other event type is ignored."""

from __future__ import annotations

import asyncpg
from echo_events.callsigns import display_callsign
from echo_events.envelope import Batch
from echo_runtime.account_events import account_batch
from echo_runtime.consumer import ConsumerSpec
from echo_runtime.projection import apply_monotonic
from nats.aio.msg import Msg

ACCOUNTS_PROJECTION = "engine.accounts"
ACCOUNTS_CONSUMER = ConsumerSpec(stream="ACCOUNTS", durable="engine-accounts", filter_subject="account.>",
                                 description="Accounts' callsigns: the names in histories and «Лидеры».")
CALLSIGN_CHANGED = "account.CallsignChanged"


async def apply_account_rows(conn: asyncpg.Connection, batch: Batch) -> None:
    for envelope in batch.events:
        if envelope.event_type == CALLSIGN_CHANGED:
            await conn.execute(
                """INSERT INTO engine_accounts (account_id, callsign) VALUES ($1, $2)
                   ON CONFLICT (account_id) DO UPDATE SET callsign = EXCLUDED.callsign""",
                envelope.stream_id, envelope.payload["callsign"])


def accounts_handler(pool: asyncpg.Pool):  # noqa: ANN201 - a consumer Handler
    async def handle(msg: Msg) -> None:
        batch = account_batch(msg.subject, msg.data)
        if batch is not None:
            await apply_monotonic(pool, ACCOUNTS_PROJECTION, batch, apply_account_rows)

    return handle


async def names(conn: asyncpg.Connection | asyncpg.Pool, account_ids: list[str]) -> dict[str, str]:
    """Each account's name as others see it (its callsign, or the generated one)."""
    rows = await conn.fetch("SELECT account_id, callsign FROM engine_accounts WHERE account_id = ANY($1::text[])",
                            account_ids)
    known = {row["account_id"]: row["callsign"] for row in rows}
    return {account: display_callsign(account, known.get(account)) for account in account_ids}
