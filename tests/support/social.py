"""A running social service for integration tests: its real app on real NATS and PostgreSQL (a fresh
database each), a real SMTP sink for its letters, a clock the test can move, and helpers to send commands
and read back what landed on the account subjects."""

from __future__ import annotations

import asyncio
import contextlib
import json
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qs, urlsplit

import asyncpg
import pytest
from echo_events.accounts import account_subject, guest_subject
from echo_events.envelope import Envelope, decode
from echo_events.social_commands import command_subject
from echo_gateway.accounts import create_guest
from echo_runtime.clock import MovableClock
from echo_runtime.devstack import free_port
from echo_social.app import create_app
from echo_social.devsmtp import MailSink
from echo_social.settings import Settings
from nats.js.api import AckPolicy, ConsumerConfig, DeliverPolicy
from nats.js.errors import NotFoundError

from tests.support.servers import running

START = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)  # a Monday, 12:00 MSK


@dataclass
class SocialEnv:
    app: Any
    nc: Any
    js: Any
    clock: MovableClock
    sink: MailSink
    conn: asyncpg.Connection
    database_url: str

    @property
    def social(self):  # noqa: ANN201
        return self.app.state.social

    async def cmd(self, name: str, body: Any = None, /, **fields: Any) -> dict[str, Any]:
        data = json.dumps(fields if body is None else body).encode() if not isinstance(body, bytes) else body
        reply = await self.nc.request(command_subject(name), data, timeout=10)
        return json.loads(reply.data)

    async def ok(self, name: str, **fields: Any) -> dict[str, Any]:
        reply = await self.cmd(name, **fields)
        assert reply["ok"] is True, reply
        return reply

    async def guest(self, callsign: str | None = None) -> str:
        account_id = (await create_guest(self.js, self.clock)).account_id
        if callsign is not None:
            await self.ok("callsign.set", account_id=account_id, callsign=callsign)
        return account_id

    async def confirmed(self, callsign: str, email: str) -> str:
        account_id = await self.guest(callsign)
        before = len(self.sink.to(email))
        await self.ok("email.request", account_id=account_id, email=email)
        letter = await self.sink.wait_for(email, count=before + 1)
        await self.ok("email.confirm", token=token_in(letter.links[0]))
        return account_id

    async def drained(self, timeout: float = 10.0) -> None:  # noqa: ASYNC109
        """Wait until the relay has published everything in the outbox."""
        async with asyncio.timeout(timeout):
            while await self.conn.fetchval(  # noqa: ASYNC110 - polls a table another task writes
                "SELECT count(*) FROM social_outbox WHERE sent_at IS NULL"
            ):
                await asyncio.sleep(0.05)

    async def events(self, account_id: str) -> list[Envelope]:
        await self.drained()
        return await events_on(self.js, account_id)

    async def types(self, account_id: str) -> list[str]:
        return [e.event_type.removeprefix("account.") for e in await self.events(account_id)]


async def events_on(js: Any, account_id: str) -> list[Envelope]:
    """Every event stored on the account's subjects (its guest's, then its own), in order."""
    found: list[Envelope] = []
    for subject in (guest_subject(account_id), account_subject(account_id)):
        seq = 1
        while True:
            try:
                msg = await js.get_msg("ACCOUNTS", seq=seq, subject=subject, next=True)
            except NotFoundError:
                break
            found.extend(decode(msg.data).events)
            seq = msg.seq + 1
    return found


def token_in(url: str) -> str:
    return parse_qs(urlsplit(url).query)["token"][0]


async def new_accounts_durable(js: Any) -> str:
    """A durable of the accounts projection for one test's database, made before the service starts so that
    it takes only what comes next (the service would otherwise replay the session's whole ACCOUNTS stream;
    an account made before it is adopted from its subjects anyway). The shared "social-accounts" is left
    alone: a test's stopped or killed service would leave messages unacknowledged on it."""
    durable = f"social-accounts-{uuid.uuid4().hex[:12]}"
    await js.add_consumer(
        "ACCOUNTS",
        ConsumerConfig(
            durable_name=durable,
            ack_policy=AckPolicy.EXPLICIT,
            deliver_policy=DeliverPolicy.NEW,
            max_deliver=6,
            ack_wait=30,
            filter_subject="account.>",
            max_ack_pending=1000,
        ),
    )
    return durable


@contextlib.asynccontextmanager
async def social_env(
    nats_url: str, database_url: str, nc: Any, *, relay: bool = True, **settings: Any
) -> AsyncIterator[SocialEnv]:
    clock = MovableClock(START)
    port = free_port()
    conn = await asyncpg.connect(database_url)
    app = create_app(
        Settings(
            nats_url=nats_url,
            database_url=database_url,
            smtp_port=port,
            public_url="http://echo.test",
            outbox_poll_seconds=0.1,
            accounts_durable=await new_accounts_durable(nc.jetstream()),
            **settings,
        ),
        clock=clock,
        relay=relay,
    )
    try:
        async with MailSink(port=port) as sink, running(app):
            yield SocialEnv(app, nc, nc.jetstream(), clock, sink, conn, database_url)
    finally:
        await conn.close()


@pytest.fixture
async def env(nats_url: str, fresh_database: str, nc: Any) -> AsyncIterator[SocialEnv]:
    async with social_env(nats_url, fresh_database, nc) as environment:
        yield environment
