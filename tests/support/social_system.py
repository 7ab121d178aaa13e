"""The social service beside the `system` fixture (gateway + engine + leagues): its real app on the same
private NATS and database, on the engine's clock where a test moves it (the Chart counts an e-mail confirmed
in the game's week: a past day's players must confirm on that day, not today — on a Monday, today is the
next week) or on the real one, with a real SMTP sink for its letters; and small helpers to make a player with
a confirmed e-mail through the gateway's own routes."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import httpx
from echo_runtime.devstack import free_port
from echo_runtime.nats_client import connect, ensure_streams
from echo_social.app import create_app
from echo_social.devsmtp import MailSink
from echo_social.settings import Settings

from tests.support.servers import running
from tests.support.social import new_accounts_durable, token_in


@dataclass
class Social:
    base: str  # the gateway
    sink: MailSink
    nc: Any

    async def guest(self) -> tuple[str, str]:
        """(account_id, token) of a new guest made by the gateway."""
        async with httpx.AsyncClient(base_url=self.base) as client:
            body = (await client.post("/api/v1/guest")).json()
        return body["account_id"], body["token"]

    async def call(self, method: str, path: str, token: str | None = None, **kwargs: Any) -> httpx.Response:
        headers = {"authorization": f"Bearer {token}"} if token else {}
        async with httpx.AsyncClient(base_url=self.base, timeout=20) as client:
            return await client.request(method, path, headers=headers, **kwargs)

    async def confirm(self, token: str, email: str) -> None:
        before = len(self.sink.to(email))
        reply = await self.call("POST", "/api/v1/account/email", token, json={"email": email})
        assert reply.status_code == 200, reply.text
        letter = await self.sink.wait_for(email, count=before + 1)
        done = await self.call("POST", "/api/v1/account/email/confirm", json={"token": token_in(letter.links[0])})
        assert done.status_code == 200, done.text

    async def player(self, callsign: str, email: str | None = None) -> tuple[str, str]:
        account_id, token = await self.guest()
        for _ in range(50):  # the social service adopts the guest from the ACCOUNTS stream
            reply = await self.call("PUT", "/api/v1/account/callsign", token, json={"callsign": callsign})
            if reply.status_code != 404:
                break
            import asyncio

            await asyncio.sleep(0.1)
        assert reply.status_code == 200, reply.text
        if email:
            await self.confirm(token, email)
        return account_id, token


@contextlib.asynccontextmanager
async def social_beside(gateway: str, nats_url: str, database_url: str, clock: Any = None) -> AsyncIterator[Social]:
    nc = await connect(nats_url, name="tests-social")
    await ensure_streams(nc.jetstream())
    port = free_port()
    app = create_app(
        Settings(
            nats_url=nats_url,
            database_url=database_url,
            smtp_port=port,
            public_url=gateway,
            outbox_poll_seconds=0.1,
            accounts_durable=await new_accounts_durable(nc.jetstream()),
        ),
        clock=clock,
    )
    try:
        async with MailSink(port=port) as sink, running(app):
            yield Social(gateway, sink, nc)
    finally:
        await nc.drain()
