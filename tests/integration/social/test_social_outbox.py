"""The outbox relay: every event the service commits reaches JetStream exactly once, in version order,
whether the process dies after the commit, after the publish, or long enough for dedup to forget."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

import pytest
from echo_events.accounts import account_subject
from echo_social.outbox import OutboxRelay

from tests.support.social import SocialEnv, events_on, social_env

pytestmark = pytest.mark.integration


@pytest.fixture
async def quiet(nats_url: str, fresh_database: str, nc) -> AsyncIterator[SocialEnv]:  # noqa: ANN001
    """The service with its relay switched off: committed events stay in the outbox."""
    async with social_env(nats_url, fresh_database, nc, relay=False) as environment:
        yield environment


class CrashAfterPublish(OutboxRelay):
    """Dies after JetStream acknowledged a row, before the row is marked sent."""

    async def _mark_sent(self, row_id: int, seq: int) -> None:
        raise ConnectionError("simulated crash between publish and mark")


async def _make_events(env: SocialEnv, n: int = 0) -> str:
    account = await env.guest(f"Outboxer{n}")
    await env.ok("callsign.set", account_id=account, callsign=f"Outboxer{n}x")
    other = await env.guest(f"Friendly{n}")
    await env.ok("friends.add", account_id=account, friend_id=other)
    return account


def _relay(env: SocialEnv, cls: type[OutboxRelay] = OutboxRelay) -> OutboxRelay:
    return cls(env.social.pool, env.js, env.clock)


async def _assert_once_in_order(env: SocialEnv, account: str) -> None:
    events = await events_on(env.js, account)
    assert [e.version for e in events] == list(range(1, len(events) + 1))
    ids = [e.event_id for e in events]
    assert len(ids) == len(set(ids))
    rows = await env.conn.fetch(
        "SELECT event_id, sent_at FROM social_outbox WHERE stream_id = $1 ORDER BY id", account
    )
    assert [r["event_id"] for r in rows] == ids[1:]  # everything after GuestCreated came from the outbox
    assert all(r["sent_at"] is not None for r in rows)


async def test_crash_between_commit_and_publish(quiet: SocialEnv) -> None:
    account = await _make_events(quiet)
    assert len(await events_on(quiet.js, account)) == 1  # committed, nothing relayed yet
    relay = _relay(quiet)
    assert await relay.relay_once() == 4
    assert await relay.relay_once() == 0
    await _assert_once_in_order(quiet, account)


async def test_crash_between_publish_and_mark_then_dedup(quiet: SocialEnv) -> None:
    account = await _make_events(quiet)
    with pytest.raises(ConnectionError):
        await _relay(quiet, CrashAfterPublish).relay_once()
    assert len(await events_on(quiet.js, account)) == 2  # the first row landed, unmarked

    # a relay that trusts the duplicate window publishes again: JetStream drops the repeat
    trusting = _relay(quiet)
    trusting._first_pass = False
    assert await trusting.relay_once() == 4
    assert trusting.published == 3  # the repeat was a duplicate
    await _assert_once_in_order(quiet, account)


async def test_a_restarted_relay_checks_the_subject_when_dedup_may_have_forgotten(quiet: SocialEnv) -> None:
    account = await _make_events(quiet)
    row = await quiet.conn.fetchrow("SELECT * FROM social_outbox ORDER BY id LIMIT 1")
    # published long ago under another msg id (the duplicate window has passed), never marked
    await quiet.js.publish(
        row["subject"],
        bytes(row["data"]),
        stream="ACCOUNTS",
        headers={"Nats-Msg-Id": "long-ago-" + row["event_id"]},
    )
    relay = _relay(quiet)  # a fresh process: its first pass reads each subject's tip first
    assert await relay.relay_once() == 4
    assert relay.published == 3
    await _assert_once_in_order(quiet, account)


async def test_two_relays_take_turns(quiet: SocialEnv) -> None:
    relays = [_relay(quiet), _relay(quiet)]
    tasks = [asyncio.create_task(r.run()) for r in relays]
    try:
        accounts = [await _make_events(quiet, n) for n in range(3)]
        await quiet.drained()
    finally:
        for r in relays:
            r.stop()
        await asyncio.gather(*tasks)
    assert sorted(r.published for r in relays) == [0, 12]
    for account in accounts:
        await _assert_once_in_order(quiet, account)


async def test_every_decision_lands_on_its_subject(nats_url: str, fresh_database: str, nc) -> None:  # noqa: ANN001
    async with social_env(nats_url, fresh_database, nc) as env:
        a = await env.confirmed("Lander", "lander@example.com")
        b = await env.guest("Other")
        await env.ok("friends.add", account_id=a, friend_id=b)
        await env.ok("friends.block", account_id=b, target_id=a)
        await env.ok("friends.unblock", account_id=b, target_id=a)
        token = (await env.ok("challenge.create", account_id=a))["challenge"]["token"]
        await env.ok("challenge.open", account_id=b, token=token)
        await env.ok("challenge.played", account_id=b, token=token)
        await env.ok("login.request", email="lander@example.com")
        await env.drained()
        rows = await env.conn.fetch("SELECT event_id, subject, event_type FROM social_outbox ORDER BY id")
        landed = {e.event_id: e for acc in (a, b) for e in await events_on(env.js, acc)}
        for row in rows:
            assert row["event_id"] in landed, row
            assert row["subject"] == account_subject(landed[row["event_id"]].stream_id)
        assert {r["event_type"].removeprefix("account.") for r in rows} == {
            "CallsignChanged",
            "EmailConfirmationRequested",
            "EmailConfirmed",
            "FriendAdded",
            "FriendRemoved",
            "PlayerBlocked",
            "PlayerUnblocked",
            "ChallengeCreated",
            "ChallengeOpened",
            "ChallengeAccepted",
            "LoginLinkRequested",
        }


async def test_nothing_a_client_sends_crashes_the_service(nats_url: str, fresh_database: str, nc) -> None:  # noqa: ANN001
    async with social_env(nats_url, fresh_database, nc) as env:
        account = await env.guest("Robust")
        before = await env.conn.fetchval("SELECT count(*) FROM social_outbox")
        garbage = [
            b"",
            b"not json",
            b"[1,2]",
            b"null",
            b"\xff\xfe",
            json.dumps({"account_id": 5}).encode(),
            json.dumps({"account_id": account, "callsign": "x" * 10_000}).encode(),
            json.dumps({"account_id": account, "callsign": "Ok", "extra": 1}).encode(),
            json.dumps({"account_id": "../../etc", "callsign": "Name"}).encode(),
        ]
        for body in garbage:
            reply = await env.cmd("callsign.set", body)
            assert reply["ok"] is False and reply["error"]["code"] == "bad_request", (body, reply)
            assert reply["error"]["message"].startswith("Bad request") and reply["error"]["message_ru"]
        assert (await env.cmd("no.such.command", account_id=account))["error"]["code"] == "unknown_command"
        assert (await env.cmd("email.confirm", token="short"))["error"]["code"] == "bad_request"
        assert (await env.cmd("email.request", account_id=account, email="not an address"))["error"][
            "code"
        ] == "email_invalid"
        assert await env.conn.fetchval("SELECT count(*) FROM social_outbox") == before
        assert (await env.ok("account.get", account_id=account))["account"]["callsign"] == "Robust"


async def test_housekeeping_keeps_what_is_recent(env: SocialEnv) -> None:
    from datetime import timedelta

    from echo_social.housekeeping import sweep

    account = await env.guest("Keeper")
    await env.ok("email.request", account_id=account, email="keeper@example.com")
    await env.drained()
    assert await sweep(env.social.pool, env.clock) == {
        "social_outbox": 0,
        "social_tokens": 0,
        "social_rate_hits": 0,
    }
    env.clock.advance(timedelta(days=9))
    removed = await sweep(env.social.pool, env.clock)
    assert removed == {"social_outbox": 2, "social_tokens": 1, "social_rate_hits": 2}
