"""Open sessions, one per signed-in device, kept in the NATS key-value bucket ECHO_SESSIONS so that every
gateway replica sees a sign-out at once: `<account_id>.<session_id>` → the device, when it signed in, when
its token was last renewed, and its browser's User-Agent (for the account screen's list of devices).

A token is honoured only while its session is in the bucket: «Выйти» removes this device's session,
«Выйти на всех устройствах» all of the account's.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import orjson
from echo_events.streams import SESSIONS
from echo_runtime.clock import Clock
from echo_runtime.elections import through_election
from nats.js import JetStreamContext
from nats.js.errors import KeyNotFoundError
from nats.js.kv import KeyValue

from .identity import Identity, InvalidToken, TokenSigner

MAX_AGENT_CHARS = 200


@dataclass(frozen=True, slots=True)
class Issued:
    identity: Identity
    token: str
    expires_at: datetime


def _key(account_id: str, session_id: str) -> str:
    return f"{account_id}.{session_id}"


class Sessions:
    def __init__(self, signer: TokenSigner, clock: Clock) -> None:
        self._signer = signer
        self._clock = clock
        self._kv: KeyValue | None = None

    async def start(self, js: JetStreamContext) -> None:
        self._kv = await js.key_value(SESSIONS.name)

    @property
    def kv(self) -> KeyValue:
        if self._kv is None:
            raise RuntimeError("the session store is not connected yet")
        return self._kv

    def _issue(self, identity: Identity) -> Issued:
        expires_at = self._clock.now() + timedelta(seconds=self._signer.max_age_seconds)
        return Issued(identity, self._signer.issue(identity), expires_at)

    async def open(self, account_id: str, device_id: str, agent: str = "") -> Issued:
        """A new session of this device: its token, and its entry in the bucket."""
        identity = Identity(account_id=account_id, device_id=device_id, session_id=uuid.uuid4().hex)
        now = self._clock.now().isoformat()
        await self._put(identity, {"device_id": device_id, "signed_in_at": now, "renewed_at": now,
                                   "agent": agent[:MAX_AGENT_CHARS]})
        return self._issue(identity)

    async def _put(self, identity: Identity, record: dict[str, Any]) -> None:
        """Stored, asked again while the bucket is between leaders (a put of the same record twice is one)."""
        key, value = _key(identity.account_id, identity.session_id), orjson.dumps(record)
        await through_election(lambda: self.kv.put(key, value))

    async def _record(self, identity: Identity) -> dict[str, Any] | None:
        """The session's entry (None: signed out), read again while the bucket is between leaders."""
        key = _key(identity.account_id, identity.session_id)
        try:
            entry = await through_election(lambda: self.kv.get(key))
        except KeyNotFoundError:
            return None
        return orjson.loads(entry.value) if entry.value else None

    async def is_open(self, identity: Identity) -> bool:
        return await self._record(identity) is not None

    async def verify(self, token: str) -> Identity:
        """The identity of a valid, unexpired token whose session is still open; InvalidToken otherwise."""
        identity = self._signer.verify(token).identity
        if not await self.is_open(identity):
            raise InvalidToken("this device has been signed out; sign in again")
        return identity

    async def renew(self, token: str) -> Issued:
        """A fresh token of the same session (its lifetime starts again)."""
        identity = self._signer.verify(token).identity
        record = await self._record(identity)
        if record is None:
            raise InvalidToken("this device has been signed out; sign in again")
        await self._put(identity, {**record, "renewed_at": self._clock.now().isoformat()})
        return self._issue(identity)

    async def of_account(self, account_id: str) -> list[dict[str, Any]]:
        """The account's open sessions, the earliest signed in first; listed again while the bucket is between
        leaders (its watcher then finds no stream to read, or is never answered)."""
        sessions = await through_election(lambda: self._listed(account_id))
        return sorted(sessions, key=lambda s: s.get("signed_in_at", ""))

    async def _listed(self, account_id: str) -> list[dict[str, Any]]:
        watcher = await self.kv.watch(_key(account_id, "*"), ignore_deletes=True)
        sessions = []
        try:
            async for entry in watcher:
                if entry is None:  # the watcher's end of the values stored now
                    break
                if entry.value:
                    sessions.append({"session_id": entry.key.split(".", 1)[1], **orjson.loads(entry.value)})
        finally:
            await watcher.stop()
        return sessions

    async def _purge(self, account_id: str, session_id: str) -> None:
        """The session removed, asked again while the bucket is between leaders (a second purge of it is
        harmless: the device is signed out either way)."""
        key = _key(account_id, session_id)
        await through_election(lambda: self.kv.purge(key))

    async def revoke(self, account_id: str, session_id: str) -> bool:
        """Sign one of the account's devices out; False when it was not signed in."""
        if await self._record(Identity(account_id, "", session_id)) is None:
            return False
        await self._purge(account_id, session_id)
        return True

    async def revoke_all(self, account_id: str, *, keep: str | None = None) -> int:
        """Sign out every device of the account but the session `keep` (none: this device too)."""
        sessions = [s for s in await self.of_account(account_id) if s["session_id"] != keep]
        for session in sessions:
            await self._purge(account_id, session["session_id"])
        return len(sessions)
