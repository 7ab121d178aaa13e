"""The transactional outbox: events are rows written with the state change, then relayed to JetStream.

`emit` runs inside the command's transaction: it takes the account's next version (the UPDATE locks the
account row, so one account's events get gap-free versions in commit order) and inserts the encoded
batch. The `OutboxRelay` publishes unsent rows in id order with `Nats-Msg-Id` = the row's event id and
marks them sent after the PubAck.

Nothing lost: a row is only marked after JetStream acknowledged it; a crash before that leaves it unsent
and it is published again. Nothing doubled: the repeat carries the same Nats-Msg-Id and JetStream drops
it inside the duplicate window; after a longer outage (a restart, a row older than the window) the relay
first reads the subject's tip — versions on an account's subject only grow — and marks a row that is
already there instead of publishing it again. One relay works at a time (a PostgreSQL advisory lock), so
a second replica cannot reorder one account's events.
"""

from __future__ import annotations

import asyncio
import uuid
from datetime import datetime, timedelta

import asyncpg
import structlog
from echo_events.accounts import account_subject
from echo_events.envelope import Batch, decode, encode, wrap
from echo_events.model import Event
from echo_events.streams import ACCOUNTS
from echo_runtime.append import last_message
from echo_runtime.clock import Clock
from nats.js import JetStreamContext
from prometheus_client import Counter

log = structlog.get_logger(__name__)

PUBLISHED = Counter("social_outbox_published_total", "Outbox rows relayed to JetStream", ["outcome"])

RELAY_LOCK_KEY = 7_215_104  # pg_advisory_lock key: one relay at a time
#: rows older than this may have left JetStream's duplicate window: check the subject before publishing
TRUST_DEDUP_FOR = timedelta(seconds=60)


class UnknownAccount(LookupError):
    pass


async def emit(
    conn: asyncpg.Connection,
    event: Event,
    *,
    account_id: str,
    now: datetime,
    correlation_id: str | None = None,
) -> str:
    """Append `event` to `account_id`'s subject through the outbox; returns its event id."""
    version = await conn.fetchval(
        "UPDATE accounts SET version = version + 1 WHERE account_id = $1 RETURNING version", account_id
    )
    if version is None:
        raise UnknownAccount(account_id)
    event_id = uuid.uuid4().hex
    envelope = wrap(
        event,
        event_id=event_id,
        stream_id=account_id,
        version=version,
        occurred_at=now,
        correlation_id=correlation_id,
    )
    await conn.execute(
        """INSERT INTO social_outbox (event_id, subject, stream_id, version, event_type, data, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7)""",
        event_id,
        account_subject(account_id),
        account_id,
        version,
        event.event_type,
        encode(Batch(events=(envelope,))),
        now,
    )
    return event_id


class OutboxRelay:
    def __init__(
        self,
        pool: asyncpg.Pool,
        js: JetStreamContext,
        clock: Clock,
        *,
        stream: str = ACCOUNTS.name,
        poll_interval: float = 0.5,
        batch_size: int = 100,
    ) -> None:
        self._pool = pool
        self._js = js
        self._clock = clock
        self._stream = stream
        self._poll = poll_interval
        self._batch_size = batch_size
        self._wake = asyncio.Event()
        self._stopping = asyncio.Event()
        self._first_pass = True
        self.published = 0

    def wake(self) -> None:
        """Something was committed to the outbox: relay it now rather than at the next poll."""
        self._wake.set()

    def stop(self) -> None:
        self._stopping.set()
        self._wake.set()

    async def run(self) -> None:
        """Relay until stopped, holding the relay lock (waiting for it while another replica holds it)."""
        async with self._pool.acquire() as lock_conn:
            while not await lock_conn.fetchval("SELECT pg_try_advisory_lock($1)", RELAY_LOCK_KEY):
                if await self._sleep(1.0):
                    return
            try:
                self._first_pass = True
                while not self._stopping.is_set():
                    relayed = await self.relay_once()
                    if relayed < self._batch_size and await self._sleep(self._poll):
                        return
            finally:
                await lock_conn.execute("SELECT pg_advisory_unlock($1)", RELAY_LOCK_KEY)

    async def _sleep(self, seconds: float) -> bool:
        """Wait for a wake-up or the poll interval; True when stopping."""
        try:
            await asyncio.wait_for(self._wake.wait(), seconds)
        except TimeoutError:
            pass
        self._wake.clear()
        return self._stopping.is_set()

    async def relay_once(self) -> int:
        """Publish the unsent rows (up to one batch) in order; returns how many were handled."""
        rows = await self._pool.fetch(
            """SELECT id, event_id, subject, stream_id, version, data, created_at FROM social_outbox
               WHERE sent_at IS NULL ORDER BY id LIMIT $1""",
            self._batch_size,
        )
        now = self._clock.now()
        for row in rows:
            seq = None
            if self._first_pass or now - row["created_at"] > TRUST_DEDUP_FOR:
                seq = await self._already_published(row)
            if seq is None:
                seq = await self.publish(row)
            await self._mark_sent(row["id"], seq)
        self._first_pass = False
        return len(rows)

    async def publish(self, row: asyncpg.Record) -> int:
        ack = await self._js.publish(
            row["subject"],
            bytes(row["data"]),
            stream=self._stream,
            headers={"Nats-Msg-Id": row["event_id"], "Echo-Event-Types": _event_types(row)},
        )
        if not ack.duplicate:
            self.published += 1
        PUBLISHED.labels(outcome="duplicate" if ack.duplicate else "published").inc()
        return ack.seq

    async def _already_published(self, row: asyncpg.Record) -> int | None:
        tip = await last_message(self._js, self._stream, row["subject"])
        if tip is None:
            return None
        if (tip.headers or {}).get("Nats-Msg-Id") == row["event_id"]:
            return tip.seq
        last = decode(tip.data).events[-1]
        if last.stream_id == row["stream_id"] and last.version >= row["version"]:
            log.info("outbox row found already published", event_id=row["event_id"], version=row["version"])
            PUBLISHED.labels(outcome="found_on_stream").inc()
            return 0  # published before (its stream sequence is not known here)
        return None

    async def _mark_sent(self, row_id: int, seq: int) -> None:
        await self._pool.execute(
            "UPDATE social_outbox SET sent_at = $2, stream_seq = NULLIF($3, 0) WHERE id = $1",
            row_id,
            self._clock.now(),
            seq,
        )


def _event_types(row: asyncpg.Record) -> str:
    return ",".join(e.event_type for e in decode(bytes(row["data"])).events)
