"""The accounts projection: GuestCreated (appended by the gateway) into the `accounts` table.

GuestCreated is taken from a guest's subject (`account.guest.<id>`, the gateway's) and, for guests created
before that subject existed, from the account's own. Anything else on a guest subject is logged and dropped
(echo_runtime.account_events). Every other event on `account.<id>` is the social service's own
(relayed from its outbox after its rows were committed), so the projection acknowledges those untouched.
"""

from __future__ import annotations

import asyncpg
from echo_events.accounts import GuestCreated
from echo_events.callsigns import generated_number
from echo_events.envelope import Batch, unwrap
from echo_runtime.account_events import account_batch
from echo_runtime.consumer import ConsumerSpec
from echo_runtime.projection import apply_once
from nats.aio.msg import Msg

ACCOUNTS_PROJECTION = "social.accounts"
ACCOUNTS_CONSUMER = ConsumerSpec(stream="ACCOUNTS", durable="social-accounts", filter_subject="account.>",
                                 description="Guests created by the gateway, into the accounts table.")


async def apply_account_rows(conn: asyncpg.Connection, batch: Batch) -> None:
    for envelope in batch.events:
        event = unwrap(envelope)
        if isinstance(event, GuestCreated):
            await conn.execute(
                """INSERT INTO accounts (account_id, device_id, created_at, generated_no) VALUES ($1, $2, $3, $4)
                   ON CONFLICT (account_id) DO NOTHING""",
                event.account_id,
                event.device_id,
                envelope.occurred_at,
                generated_number(event.account_id),
            )


def accounts_handler(pool: asyncpg.Pool):  # noqa: ANN201 - a consumer Handler
    async def handle(msg: Msg) -> None:
        batch = account_batch(msg.subject, msg.data)
        if batch is None or not any(envelope.event_type == GuestCreated.event_type for envelope in batch.events):
            return  # the social service's own event: its rows were written with it
        await apply_once(pool, ACCOUNTS_PROJECTION, batch, apply_account_rows)

    return handle
