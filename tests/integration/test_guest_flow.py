"""The plumbing end to end: the gateway appends an event to JetStream, the social service consumes it
through a durable consumer into PostgreSQL, and delivering it again changes nothing."""

import asyncio
import uuid
from datetime import UTC, datetime

import asyncpg
import httpx
import pytest
from echo_events.accounts import GuestCreated, guest_subject
from echo_events.envelope import Batch, wrap
from echo_gateway.app import create_app as create_gateway
from echo_gateway.settings import Settings as GatewaySettings
from echo_social.app import create_app as create_social
from echo_social.settings import Settings as SocialSettings

from tests.support.servers import running

pytestmark = pytest.mark.integration


async def wait_for(query, *args, conn: asyncpg.Connection, expect=1, timeout: float = 10.0):  # noqa: ANN001, ANN201
    for _ in range(int(timeout / 0.05)):
        value = await conn.fetchval(query, *args)
        if value == expect:
            return value
        await asyncio.sleep(0.05)
    raise AssertionError(f"{query} never returned {expect!r} (last: {value!r})")


async def test_guest_created_at_the_gateway_lands_once_in_social(
    nats_url: str, fresh_database: str, js
) -> None:  # noqa: ANN001
    gateway = create_gateway(GatewaySettings(nats_url=nats_url, database_url=fresh_database, dev_mode=True))
    social = create_social(SocialSettings(nats_url=nats_url, database_url=fresh_database))
    conn = await asyncpg.connect(fresh_database)
    try:
        async with running(social), running(gateway) as base, httpx.AsyncClient(base_url=base) as client:
            response = await client.post("/api/v1/guest")
            assert response.status_code == 201
            account_id = response.json()["account_id"]
            me = await client.get("/api/v1/me", headers={"Authorization": f"Bearer {response.json()['token']}"})
            assert me.json() == {"account_id": account_id}
            await wait_for("SELECT count(*) FROM accounts WHERE account_id = $1", account_id, conn=conn)

            # the same batch delivered a second time (a redelivery, a replay) changes nothing
            tip = await js.get_last_msg("ACCOUNTS", guest_subject(account_id))
            await js.publish(guest_subject(account_id), tip.data, stream="ACCOUNTS",
                             headers={"Nats-Msg-Id": f"redelivery-{uuid.uuid4()}"})
            assert await _published_and_consumed(js, account_id) == 2
            assert await conn.fetchval("SELECT count(*) FROM accounts WHERE account_id = $1", account_id) == 1
            assert await conn.fetchval(
                "SELECT version FROM projection_positions WHERE projection = 'social.accounts' AND stream_id = $1",
                account_id,
            ) == 1
    finally:
        await conn.close()


async def _published_and_consumed(js, account_id: str) -> int:  # noqa: ANN001
    """Wait until the durable consumer has acknowledged everything on the guest's subject."""
    for _ in range(200):
        info = await js.consumer_info("ACCOUNTS", "social-accounts")
        if info.num_pending == 0 and info.num_ack_pending == 0:
            stream = await js.stream_info("ACCOUNTS", subjects_filter=guest_subject(account_id))
            return stream.state.subjects[guest_subject(account_id)]
        await asyncio.sleep(0.05)
    raise AssertionError("the consumer never caught up")


async def test_me_without_a_token_is_refused_with_a_reason(nats_url: str, database_url: str) -> None:
    gateway = create_gateway(GatewaySettings(nats_url=nats_url, database_url=database_url, dev_mode=True))
    async with running(gateway) as base, httpx.AsyncClient(base_url=base) as client:
        missing = await client.get("/api/v1/me")
        forged = await client.get("/api/v1/me", headers={"Authorization": "Bearer forged.token"})
    assert missing.status_code == 401 and "Bearer" in missing.json()["detail"]
    assert forged.status_code == 401 and "not valid" in forged.json()["detail"]


async def test_guest_subject_refuses_a_second_creation(js) -> None:  # noqa: ANN001
    from echo_runtime.append import AppendConflict, append

    account = uuid.uuid4().hex
    event = wrap(GuestCreated(account_id=account, device_id="d"), event_id=uuid.uuid4().hex,
                 stream_id=account, version=1, occurred_at=datetime.now(UTC))
    await append(js, "ACCOUNTS", guest_subject(account), Batch(events=(event,)), msg_id="first-" + account,
                 expected_last_sequence=0)
    with pytest.raises(AppendConflict):
        await append(js, "ACCOUNTS", guest_subject(account), Batch(events=(event,)), msg_id="other-" + account,
                     expected_last_sequence=0)
