"""Many joins at once, more than the engine's pooled PostgreSQL connections (10): each join of a game that keeps
a player at one table at a time (Ark) claims his seat in a transaction and looks up the room's names; when a join
held its claim's connection while it waited for the room's lock, or asked for a second connection for the
names, a burst of joins held every connection while the lock's holder waited for one, and the engine answered
nothing ever again. Every join is answered, and the engine still answers afterwards."""

from __future__ import annotations

import asyncio
import uuid

import pytest
from nats.aio.client import Client

from tests.integration.engine.test_ark_tables import SETTINGS
from tests.support.play import ask

pytestmark = pytest.mark.integration
ROOMS, JOINERS = 6, 7  # 42 joins at once against 10 connections


async def test_a_burst_of_joins_larger_than_the_pool_is_answered(private_engine: Client) -> None:
    invites = []
    for _ in range(ROOMS):
        opened = await ask(private_engine, type="open", account_id=uuid.uuid4().hex, kind="ark", seats=8,
                           settings=SETTINGS)
        assert opened["ok"], opened
        invites.append(opened["view"]["table"]["invite"])

    joins = [ask(private_engine, type="join", account_id=uuid.uuid4().hex, invite=invite)
             for invite in invites for _ in range(JOINERS)]
    replies = await asyncio.wait_for(asyncio.gather(*joins), timeout=60)

    assert [reply.get("error") for reply in replies] == [None] * ROOMS * JOINERS
    seated = {reply["game_id"]: set() for reply in replies}
    for reply in replies:
        seated[reply["game_id"]].add(reply["view"]["game"]["me"]["id"])
    assert all(len(seats) == JOINERS for seats in seated.values()), seated  # each joiner a seat of his own
    again = await ask(private_engine, type="open", account_id=uuid.uuid4().hex, kind="ark", seats=8, settings=SETTINGS)
    assert again["ok"], again
