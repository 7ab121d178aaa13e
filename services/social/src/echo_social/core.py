"""What every command handler shares: the dependencies, transactions that wake the outbox relay, account
lookups and locks, and the refusals that are not about one concept."""

from __future__ import annotations

import hashlib
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import date

import asyncpg
import structlog
from echo_events.accounts import GuestCreated, account_subject, from_its_writer, guest_subject
from echo_events.callsigns import generated_number
from echo_events.envelope import Envelope, decode, unwrap
from echo_events.model import Event
from echo_events.streams import ACCOUNTS
from echo_runtime.append import last_message
from echo_runtime.clock import Clock
from echo_runtime.today import DailiesToday
from nats.js import JetStreamContext
from nats.js.errors import NotFoundError

from .domain.rejections import Refused, Rejection
from .mailer import Mailer
from .outbox import emit
from .settings import Settings

log = structlog.get_logger(__name__)


ACCOUNT_UNKNOWN = Rejection("account_unknown", "There is no such account.", "Такого аккаунта нет.")
PLAYER_NOT_FOUND = Rejection(
    "player_not_found", "No player with this callsign.", "Игрока с таким позывным нет."
)


@dataclass
class Social:
    """The social service's dependencies, handed to every command handler."""

    pool: asyncpg.Pool
    js: JetStreamContext
    clock: Clock
    mailer: Mailer
    settings: Settings
    dailies: DailiesToday
    on_commit: Callable[[], None] = field(default=lambda: None)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """A transaction whose events reach the outbox with its rows; the relay is woken after commit."""
        async with self.pool.acquire() as conn:
            async with conn.transaction():
                yield Transaction(conn, self)
            self.on_commit()

    async def today(self) -> date:
        """Which day it is, as the Dailies say (the daily service's dev clock may run ahead of this one)."""
        return await self.dailies.date()

    async def ensure_account(self, account_id: str) -> None:
        """Know the account: from the table, or (GuestCreated not projected yet) from its subjects."""
        if await self.pool.fetchval("SELECT 1 FROM accounts WHERE account_id = $1", account_id):
            return
        created = await self._guest_created(account_id)
        guest = unwrap(created) if created is not None else None
        if not isinstance(guest, GuestCreated) or guest.account_id != account_id:
            raise Refused(ACCOUNT_UNKNOWN)
        # guests created before the split have their GuestCreated (and maybe more) on the account's subject
        tip = await last_message(self.js, ACCOUNTS.name, account_subject(account_id))
        version = decode(tip.data).events[-1].version if tip is not None else created.version
        await self.pool.execute(
            """INSERT INTO accounts (account_id, device_id, created_at, version, generated_no)
               VALUES ($1, $2, $3, $4, $5) ON CONFLICT (account_id) DO NOTHING""",
            account_id,
            guest.device_id,
            created.occurred_at,
            version,
            generated_number(account_id),
        )
        log.info("account adopted from its subjects", account_id=account_id, version=version)

    async def _guest_created(self, account_id: str) -> Envelope | None:
        """The account's first event: on its guest subject, or (guests from before the split) on its own."""
        for subject in (guest_subject(account_id), account_subject(account_id)):
            try:
                first = await self.js.get_msg(ACCOUNTS.name, seq=1, subject=subject, next=True)
            except NotFoundError:
                continue
            batch, _ = from_its_writer(subject, decode(first.data))
            return batch.events[0] if batch is not None else None
        return None


@dataclass
class Transaction:
    conn: asyncpg.Connection
    social: Social

    async def emit(self, account_id: str, event: Event) -> str:
        return await emit(self.conn, event, account_id=account_id, now=self.social.clock.now())

    async def lock_accounts(self, *account_ids: str) -> dict[str, asyncpg.Record]:
        """Lock the accounts' rows in one order (no deadlocks); refuse when one does not exist."""
        wanted = sorted(set(account_ids))
        rows = await self.conn.fetch(
            "SELECT * FROM accounts WHERE account_id = ANY($1::text[]) ORDER BY account_id FOR UPDATE", wanted
        )
        found = {row["account_id"]: row for row in rows}
        if len(found) != len(wanted):
            raise Refused(ACCOUNT_UNKNOWN)
        return found

    async def lock_account(self, account_id: str) -> asyncpg.Record:
        return (await self.lock_accounts(account_id))[account_id]

    async def blocked_between(self, a: str, b: str) -> tuple[bool, bool]:
        """(a blocked b, b blocked a)."""
        rows = await self.conn.fetch(
            "SELECT account_id FROM social_blocks WHERE (account_id, blocked_id) IN (($1, $2), ($2, $1))",
            a,
            b,
        )
        blockers = {row["account_id"] for row in rows}
        return a in blockers, b in blockers


def email_key(email: str) -> str:
    """Rate-limit keys name an address by its hash, not in clear; `a+x@b` and `A+y@B` are one mailbox and
    share one limit (the address is lower-cased before it gets here)."""
    local, _, domain = email.lower().rpartition("@")
    return hashlib.sha256(f"{local.split('+', 1)[0]}@{domain}".encode()).hexdigest()[:32]


def brief(row: asyncpg.Record) -> dict[str, str | None]:
    return {"account_id": row["account_id"], "callsign": row["callsign"]}


def ids(rows: Iterable[asyncpg.Record], column: str = "account_id") -> list[str]:
    return [row[column] for row in rows]
