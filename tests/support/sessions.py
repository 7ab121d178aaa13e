"""Another signed-in device of an account, as a login on that device would make it: a session in the
gateway's store (ECHO_SESSIONS) and its token, signed with the dev secret the test gateways use."""

from __future__ import annotations

from typing import Any

from echo_gateway.identity import TokenSigner
from echo_gateway.sessions import Sessions
from echo_gateway.settings import DEV_SESSION_SECRET, Settings
from echo_runtime.clock import SystemClock
from echo_runtime.nats_client import connect


async def another_device(nats_url: str, account_id: str, device_id: str, agent: str = "") -> dict[str, Any]:
    """{"account_id", "token"} of a new session of `account_id` on `device_id`."""
    signer = TokenSigner(DEV_SESSION_SECRET, max_age_seconds=Settings(dev_mode=True).session_seconds())
    sessions = Sessions(signer, SystemClock())
    nc = await connect(nats_url, "tests-sessions")
    try:
        await sessions.start(nc.jetstream())
        issued = await sessions.open(account_id, device_id, agent)
    finally:
        await nc.close()
    return {"account_id": account_id, "token": issued.token}
