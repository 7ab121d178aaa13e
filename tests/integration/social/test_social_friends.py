"""Friends, blocks and challenges through the real social service."""

from __future__ import annotations

import asyncio
import uuid
from datetime import timedelta

import pytest

from tests.support.social import SocialEnv

pytestmark = pytest.mark.integration


async def test_add_by_callsign_without_consent_then_mutual(env: SocialEnv) -> None:
    anna = await env.guest("Anna")
    boris = await env.guest("Борис")
    found = await env.ok("friends.search", account_id=anna, query="бор")
    assert found["players"] == [{"account_id": boris, "callsign": "Борис", "added": False}]
    added = await env.ok("friends.add", account_id=anna, callsign="БОРИС")
    assert added["friend"] == {"account_id": boris, "callsign": "Борис"} and added["mutual"] is False
    again = await env.ok("friends.add", account_id=anna, callsign="борис")
    assert again["added"] is False

    seen_by_boris = await env.ok("friends.list", account_id=boris)
    assert seen_by_boris["friends"] == [] and seen_by_boris["added_you"] == [
        {"account_id": anna, "callsign": "Anna"}
    ]
    back = await env.ok("friends.add", account_id=boris, friend_id=anna)
    assert back["mutual"] is True
    assert (await env.ok("friends.list", account_id=anna))["friends"] == [
        {"account_id": boris, "callsign": "Борис", "mutual": True}
    ]

    removed = await env.ok("friends.remove", account_id=anna, friend_id=boris)
    assert removed["removed"] is True
    assert (await env.ok("friends.list", account_id=boris))["friends"] == [
        {"account_id": anna, "callsign": "Anna", "mutual": False}
    ]
    anna_events = await env.events(anna)
    assert [e.event_type for e in anna_events][2:] == ["account.FriendAdded", "account.FriendRemoved"]
    assert anna_events[2].payload == {
        "account_id": anna,
        "friend_id": boris,
        "mutual": False,
        "via": "search",
    }
    boris_events = await env.events(boris)
    assert boris_events[-1].payload["mutual"] is True and boris_events[-1].payload["via"] == "chart"


async def test_friend_refusals(env: SocialEnv) -> None:
    anna = await env.guest("Anna2")
    assert (await env.cmd("friends.add", account_id=anna, callsign="Nobody"))["error"][
        "code"
    ] == "player_not_found"
    assert (await env.cmd("friends.add", account_id=anna, friend_id=anna))["error"][
        "code"
    ] == "cannot_target_self"
    both = await env.cmd("friends.add", account_id=anna, friend_id="x", callsign="y")
    assert both["error"]["code"] == "bad_request"
    assert (await env.cmd("friends.add", account_id="ghost", friend_id=anna))["error"][
        "code"
    ] == "account_unknown"


async def test_block_hides_me_and_stops_adding_and_challenges(env: SocialEnv) -> None:
    anna = await env.confirmed("Annushka", "anna@example.com")
    troll = await env.guest("Troll")
    await env.ok("friends.add", account_id=troll, friend_id=anna)
    await env.ok("friends.add", account_id=anna, friend_id=troll)
    link = (await env.ok("challenge.create", account_id=anna))["challenge"]

    assert (await env.ok("friends.block", account_id=anna, target_id=troll))["changed"] is True
    assert (await env.ok("friends.block", account_id=anna, target_id=troll))["changed"] is False
    # the blocked one: cannot add, cannot find, does not see, cannot open the challenge
    assert (await env.cmd("friends.add", account_id=troll, callsign="Annushka"))["error"]["code"] == "blocked"
    assert (await env.ok("friends.search", account_id=troll, query="Ann"))["players"] == []
    troll_lists = await env.ok("friends.list", account_id=troll)
    assert troll_lists["friends"] == [] and troll_lists["added_you"] == []
    opened = await env.cmd("challenge.open", account_id=troll, token=link["token"])
    assert opened["error"]["code"] == "blocked"
    # the blocker: sees the block, cannot add before unblocking
    anna_lists = await env.ok("friends.list", account_id=anna)
    assert anna_lists["friends"] == [] and anna_lists["blocked"] == [
        {"account_id": troll, "callsign": "Troll"}
    ]
    assert (await env.cmd("friends.add", account_id=anna, friend_id=troll))["error"]["code"] == "you_blocked"

    assert await env.types(troll) == ["GuestCreated", "CallsignChanged", "FriendAdded", "FriendRemoved"]
    assert (await env.types(anna))[-3:] == ["ChallengeCreated", "PlayerBlocked", "FriendRemoved"]
    removed = (await env.events(troll))[-1]
    assert removed.payload == {"account_id": troll, "friend_id": anna, "reason": "blocked"}

    await env.ok("friends.unblock", account_id=anna, target_id=troll)
    assert (await env.ok("friends.add", account_id=troll, callsign="Annushka"))["added"] is True
    assert (await env.types(anna))[-1] == "PlayerUnblocked"


async def test_challenge_link_played_makes_mutual_friends(env: SocialEnv) -> None:
    sender = await env.confirmed("Sender", "sender@example.com")
    first = await env.ok("challenge.create", account_id=sender)
    same = await env.ok("challenge.create", account_id=sender)
    assert first["created"] is True and same["created"] is False
    assert same["challenge"] == first["challenge"]  # one link per day
    challenge = first["challenge"]
    assert (
        challenge["daily_date"] == "2026-11-30"
        and challenge["url"] == f"http://echo.test/challenge/{challenge['token']}"
    )

    newcomer = await env.guest()  # no callsign, no e-mail: plays at once
    opened = await env.ok("challenge.open", account_id=newcomer, token=challenge["token"])
    assert opened["challenge"]["sender"] == {"account_id": sender, "callsign": "Sender"}
    await env.ok("challenge.open", account_id=newcomer, token=challenge["token"])  # twice: one event
    played = await env.ok("challenge.played", account_id=newcomer, token=challenge["token"])
    assert played["recorded"] is True and played["friends_made"] is True
    again = await env.ok("challenge.played", account_id=newcomer, token=challenge["token"])
    assert again["recorded"] is False

    assert (await env.ok("friends.list", account_id=sender))["friends"] == [
        {"account_id": newcomer, "callsign": None, "mutual": True}
    ]
    assert (await env.ok("friends.list", account_id=newcomer))["friends"] == [
        {"account_id": sender, "callsign": "Sender", "mutual": True}
    ]
    assert await env.types(newcomer) == [
        "GuestCreated",
        "ChallengeOpened",
        "ChallengeAccepted",
        "FriendAdded",
    ]
    accepted = (await env.events(newcomer))[2].payload
    assert accepted["sender_id"] == sender and accepted["friends_made"] is True
    sender_added = (await env.events(sender))[-1]
    assert sender_added.event_type == "account.FriendAdded"
    assert sender_added.payload == {
        "account_id": sender,
        "friend_id": newcomer,
        "mutual": True,
        "via": "challenge",
    }

    # the next Daily day (00:00 MSK) gives a new link; the old one still records plays
    env.clock.advance(timedelta(hours=15))
    tomorrow = await env.ok("challenge.create", account_id=sender)
    assert tomorrow["created"] is True and tomorrow["challenge"]["daily_date"] == "2026-12-01"
    assert (await env.cmd("challenge.played", account_id=sender, token=challenge["token"]))["error"][
        "code"
    ] == "own_challenge"
    assert (await env.cmd("challenge.open", account_id=sender, token="n" * 32))["error"][
        "code"
    ] == "challenge_not_found"


async def test_a_play_through_a_link_makes_no_friends_across_a_block(env: SocialEnv) -> None:
    sender = await env.confirmed("Blocker", "blocker@example.com")
    player = await env.guest("Blocked")
    token = (await env.ok("challenge.create", account_id=sender))["challenge"]["token"]
    await env.ok("friends.block", account_id=player, target_id=sender)
    played = await env.ok("challenge.played", account_id=player, token=token)
    assert played["friends_made"] is False
    assert (await env.ok("friends.list", account_id=sender))["friends"] == []


async def test_finishing_a_daily_after_opening_a_link_counts_as_played(env: SocialEnv) -> None:
    """The game events, not a client, tell the social service that a challenge was played."""
    import asyncio
    import datetime as dt

    from tests.support.leagues import daily_event, publish_game

    sender = await env.confirmed("Caller", "caller@example.com")
    challenge = (await env.ok("challenge.create", account_id=sender))["challenge"]
    receiver = await env.guest()
    await env.ok("challenge.open", account_id=receiver, token=challenge["token"])
    daily = daily_event(dt.date.fromisoformat(challenge["daily_date"]), seed=uuid.uuid4().int >> 70)
    await publish_game(env.js, receiver, daily, credits=55)
    for _ in range(200):
        friends = (await env.ok("friends.list", account_id=sender))["friends"]
        if friends:
            break
        await asyncio.sleep(0.05)
    assert friends == [{"account_id": receiver, "callsign": None, "mutual": True}]
    assert "ChallengeAccepted" in await env.types(receiver)


async def test_a_player_without_a_callsign_is_found_by_the_generated_name_others_see(env: SocialEnv) -> None:
    """Issue 40, point 6: the Chart shows «Эхонавт-8289» for a player without a callsign; search finds him by
    it (in either language's spelling), and not by another number."""
    from echo_events.callsigns import generated_callsign, generated_number

    anna = await env.guest("Anna")
    nameless = await env.guest()  # his row comes from the accounts stream's projection: wait for it
    shown = generated_callsign(nameless)
    async with asyncio.timeout(15):
        while True:
            if (await env.ok("friends.search", account_id=anna, query=shown))["players"]:
                break
            await asyncio.sleep(0.1)
    for query in (shown, shown.lower(), f"Echonaut-{generated_number(nameless)}"):
        found = await env.ok("friends.search", account_id=anna, query=query)
        assert {"account_id": nameless, "callsign": shown, "added": False} in found["players"], query
    other = generated_number(nameless) + 1 if generated_number(nameless) < 9999 else 1000
    found = await env.ok("friends.search", account_id=anna, query=f"Эхонавт-{other}")
    assert all(p["account_id"] != nameless for p in found["players"])


async def test_accounts_from_before_the_column_get_their_generated_number(env: SocialEnv) -> None:
    """Migration 0005 leaves older rows without the number; the housekeeping sweep fills it."""
    from echo_events.callsigns import generated_number
    from echo_social.housekeeping import number_generated_names

    account = await env.guest("Старожил")
    await env.social.pool.execute("UPDATE accounts SET generated_no = NULL WHERE account_id = $1", account)
    assert await number_generated_names(env.social.pool) >= 1
    stored = await env.social.pool.fetchval("SELECT generated_no FROM accounts WHERE account_id = $1", account)
    assert stored == generated_number(account)
    assert await number_generated_names(env.social.pool) == 0
