"""Command ids are a player's own (issue 35, point 4). Before: a table deduplicated them per game, so a
player whose command carried an id the opponent had already used had it silently swallowed as a retry."""

from __future__ import annotations

import random
import uuid

import pytest
from nats.aio.client import Client

from tests.integration.engine.test_eot_tables import eot_engine, latest, open_table  # noqa: F401 - the fixture
from tests.support.play import ask
from tests.unit.eot_rules.test_eot_hosting import offered

pytestmark = pytest.mark.integration


async def test_the_opponents_id_is_no_retry_of_mine_and_my_own_retry_still_is(eot_engine: Client) -> None:  # noqa: F811
    nc = eot_engine
    people = [uuid.uuid4().hex for _ in range(2)]
    game_id = await open_table(nc, people[0], people[1:], [])
    choose = random.Random(4)
    used, actors = "move-1", []
    for turn in range(2):  # each player's first move carries the same id
        views = {person: await latest(nc, person, game_id) for person in people}
        person = next(p for p, v in views.items() if v["game"]["moves"] is not None)
        before = views[person]["version"]
        action = choose.choice(offered(views[person]["game"]))
        acted = await ask(nc, type="act", account_id=person, game_id=game_id, command_id=used, action=action)
        assert acted["ok"] and not acted.get("duplicate"), (turn, acted)
        assert acted["view"]["version"] > before, "the command was applied"
        again = await ask(nc, type="act", account_id=person, game_id=game_id, command_id=used, action=action)
        assert again["ok"] and again.get("duplicate"), "a player's own retry is still one command"
        actors.append(person)
    assert len(set(actors)) == 2, "both players moved"
