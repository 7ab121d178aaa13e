"""Accounts through the real social service: callsigns, e-mail confirmation over real SMTP, login links,
rate limits — every decision an event on the account's subject."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from tests.support.social import SocialEnv, token_in

pytestmark = pytest.mark.integration


async def test_a_guest_takes_a_callsign_and_changes_it(env: SocialEnv) -> None:
    account = await env.guest()
    first = await env.ok("callsign.set", account_id=account, callsign="  Орбита_1 ")
    assert first["callsign"] == "Орбита_1" and first["changed"] is True
    again = await env.ok("callsign.set", account_id=account, callsign="Орбита_1")
    assert again["changed"] is False
    await env.ok("callsign.set", account_id=account, callsign="Orbiter")
    profile = (await env.ok("account.get", account_id=account))["account"]
    assert profile["callsign"] == "Orbiter" and profile["email_confirmed"] is False
    events = await env.events(account)
    assert [e.event_type for e in events] == [
        "account.GuestCreated",
        "account.CallsignChanged",
        "account.CallsignChanged",
    ]
    assert [e.version for e in events] == [1, 2, 3]
    assert events[2].payload == {"account_id": account, "callsign": "Orbiter", "previous": "Орбита_1"}


async def test_callsign_refusals_carry_a_code_and_two_messages(env: SocialEnv) -> None:
    account = await env.guest()
    for callsign, code in [
        ("ab", "callsign_too_short"),
        ("Vаsya", "callsign_mixed_scripts"),
        ("Модератор", "callsign_reserved"),
        ("a b", "callsign_bad_characters"),
    ]:
        reply = await env.cmd("callsign.set", account_id=account, callsign=callsign)
        assert reply["ok"] is False and reply["error"]["code"] == code
        assert reply["error"]["message"] and reply["error"]["message_ru"]
    assert await env.types(account) == ["GuestCreated"]


async def test_callsign_is_unique_case_insensitively_and_up_to_look_alikes(env: SocialEnv) -> None:
    await env.guest("BOBA")
    other = await env.guest()
    for taken in ("boba", "ВОВА", "B0BA"):  # lower case; Cyrillic look-alikes; a zero for an O
        reply = await env.cmd("callsign.set", account_id=other, callsign=taken)
        assert reply["error"]["code"] == "callsign_taken", taken


async def test_separators_do_not_make_a_callsign_different(env: SocialEnv) -> None:
    await env.guest("Орбита-12")
    other = await env.guest()
    for taken in ("Орбита_12", "Орбита12", "орбита-1-2"):
        reply = await env.cmd("callsign.set", account_id=other, callsign=taken)
        assert reply["error"]["code"] == "callsign_taken", taken
    assert await env.types(other) == ["GuestCreated"]
    assert (await env.ok("callsign.set", account_id=other, callsign="Орбита-13"))["changed"] is True


async def test_callsign_unique_under_concurrency(env: SocialEnv) -> None:
    accounts = [await env.guest() for _ in range(12)]
    spellings = ["Racer", "racer", "RACER", "гасег", "rAcEr", "RaCeR"] * 2  # гасег: all Cyrillic
    replies = await asyncio.gather(
        *(env.cmd("callsign.set", account_id=a, callsign=s) for a, s in zip(accounts, spellings, strict=True))
    )
    winners = [r for r in replies if r["ok"]]
    assert len(winners) == 1, replies
    assert {r["error"]["code"] for r in replies if not r["ok"]} == {"callsign_taken"}
    assert await env.conn.fetchval("SELECT count(*) FROM accounts WHERE callsign_key IS NOT NULL") == 1
    changed = [a for a in accounts if "CallsignChanged" in await env.types(a)]
    assert len(changed) == 1


async def test_email_confirmation_end_to_end_through_smtp(env: SocialEnv) -> None:
    account = await env.guest("Confirmer")
    refused = await env.cmd("challenge.create", account_id=account)
    assert refused["error"]["code"] == "email_not_confirmed"

    requested = await env.ok("email.request", account_id=account, email=" Vasya@Example.COM ")
    assert requested["email"] == "v***@example.com"
    letter = await env.sink.wait_for("vasya@example.com")
    assert "подтвердите почту" in letter.subject and len(letter.links) == 1
    link = letter.links[0]
    assert link.startswith("http://echo.test/api/v1/account/email/confirm?token=")
    token = token_in(link)
    stored = await env.conn.fetch("SELECT token_hash FROM social_tokens")
    assert token not in {r["token_hash"] for r in stored}  # only the hash is kept

    confirmed = await env.ok("email.confirm", token=token)
    assert confirmed["account_id"] == account
    assert (await env.cmd("email.confirm", token=token))["error"]["code"] == "token_used"
    profile = (await env.ok("account.get", account_id=account))["account"]
    assert profile["email_confirmed"] is True and profile["email"] == "v***@example.com"
    assert await env.types(account) == [
        "GuestCreated",
        "CallsignChanged",
        "EmailConfirmationRequested",
        "EmailConfirmed",
    ]
    for event in await env.events(account):
        assert "vasya@example.com" not in str(event.payload).lower()  # no address in the stream
    assert (await env.ok("challenge.create", account_id=account))["created"] is True


async def test_a_confirmed_email_cannot_be_taken_by_another_account(env: SocialEnv) -> None:
    await env.confirmed("Owner", "owner@example.com")
    thief = await env.guest("Thief")
    reply = await env.cmd("email.request", account_id=thief, email="OWNER@example.com")
    assert reply["error"]["code"] == "email_taken"


async def test_confirmation_link_expires(env: SocialEnv) -> None:
    account = await env.guest("Slowpoke")
    await env.ok("email.request", account_id=account, email="slow@example.com")
    letter = await env.sink.wait_for("slow@example.com")
    env.clock.advance(timedelta(hours=24, seconds=1))
    assert (await env.cmd("email.confirm", token=token_in(letter.links[0])))["error"][
        "code"
    ] == "token_expired"
    assert (await env.cmd("email.confirm", token="x" * 43))["error"]["code"] == "token_invalid"


async def test_login_link_works_once_and_expires(env: SocialEnv) -> None:
    account = await env.confirmed("Traveller", "trav@example.com")
    assert (await env.ok("login.request", email="Trav@Example.com")) == {"ok": True}
    letter = await env.sink.wait_for("trav@example.com", count=2)
    assert letter.links[0].startswith("http://echo.test/api/v1/account/login/complete?token=")
    token = token_in(letter.links[0])
    linked = await env.ok("login.complete", token=token)
    assert linked["account_id"] == account and len(linked["device_id"]) == 32
    assert (await env.cmd("login.complete", token=token))["error"]["code"] == "token_used"

    await env.ok("login.request", email="trav@example.com")
    late = await env.sink.wait_for("trav@example.com", count=3)
    env.clock.advance(timedelta(minutes=15))
    assert (await env.cmd("login.complete", token=token_in(late.links[0])))["error"][
        "code"
    ] == "token_expired"
    types = await env.types(account)
    assert types.count("LoginLinkRequested") == 2 and types.count("DeviceLinked") == 1
    device = [e for e in await env.events(account) if e.event_type == "account.DeviceLinked"][0]
    assert device.payload["device_id"] == linked["device_id"]


async def test_login_for_an_unknown_address_says_nothing_and_sends_nothing(env: SocialEnv) -> None:
    assert await env.ok("login.request", email="nobody@example.com") == {"ok": True}
    await asyncio.sleep(0.2)
    assert env.sink.to("nobody@example.com") == []


async def test_letters_are_rate_limited_per_account_and_per_address(env: SocialEnv) -> None:
    account = await env.guest("Spammer")
    for n in range(3):
        await env.ok("email.request", account_id=account, email=f"a{n}@example.com")
    limited = await env.cmd("email.request", account_id=account, email="a9@example.com")
    assert limited["error"]["code"] == "rate_limited" and "попробуйте" in limited["error"]["message_ru"]
    assert env.sink.to("a9@example.com") == []
    env.clock.advance(timedelta(minutes=16))
    await env.ok("email.request", account_id=account, email="a9@example.com")

    # per address: three accounts asking for the same mailbox, then the fourth is refused
    others = [await env.guest() for _ in range(4)]
    replies = [await env.cmd("email.request", account_id=a, email="victim@example.com") for a in others]
    assert [r["ok"] for r in replies] == [True, True, True, False]
    assert replies[-1]["error"]["code"] == "rate_limited"
    assert len(env.sink.to("victim@example.com")) == 3
    # login links count against the same address
    assert (await env.cmd("login.request", email="victim@example.com"))["error"]["code"] == "rate_limited"


async def test_an_account_not_projected_yet_is_adopted_from_its_subject(env: SocialEnv) -> None:
    account = await env.guest("Early")
    await env.drained()
    await env.conn.execute("DELETE FROM accounts WHERE account_id = $1", account)  # as if not projected yet
    await env.ok("callsign.set", account_id=account, callsign="EarlyBird")
    events = await env.events(account)
    assert [e.version for e in events] == [1, 2, 3]
    assert events[-1].payload["callsign"] == "EarlyBird"
