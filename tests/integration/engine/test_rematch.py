"""«Реванш» (rematch.py) over real NATS and PostgreSQL: after a finished Ghost Five match either player offers,
the other accepts, and the rematch is a new table with the same two players, the seats swapped, already
started; both pages learn where it is from the finished table's view. Nobody else may ask, nor before the end,
nor at a bot's table; asking again changes nothing."""

from __future__ import annotations

import uuid

import pytest

from tests.integration.engine.test_table_history import account, engine, ghost_match  # noqa: F401
from tests.support.play import ask

pytestmark = pytest.mark.integration


async def rematch(nc, who: str, game_id: str) -> dict:  # noqa: ANN001
    return await ask(nc, type="act", account_id=who, game_id=game_id, action={"type": "rematch"},
                     command_id=uuid.uuid4().hex)


async def test_a_rematch_is_offered_accepted_and_opens_one_table_with_the_seats_swapped(engine) -> None:  # noqa: ANN001, F811
    nc, _, serving = engine
    a, b, stranger = account(), account(), account()
    async with serving:
        finished = await ghost_match(nc, a, b, winner=a)  # a at seat 0 (A), b at seat 1 (B)
        replay = (await ask(nc, type="replay", account_id=a, game_id=finished))["data"]
        refused = await rematch(nc, stranger, finished)
        assert not refused["ok"] and refused["error"]["code"] == "unknown_game", refused

        offered = await rematch(nc, b, finished)
        assert offered["ok"] and offered["view"]["table"]["rematch"] == {"by": 1, "game_id": None}, offered
        seen = (await ask(nc, type="get", account_id=a, game_id=finished))["view"]
        assert seen["table"]["rematch"] == {"by": 1, "game_id": None}
        again = await rematch(nc, b, finished)  # his own offer asked again: it stands, nothing opens
        assert again["ok"] and again["game_id"] == finished and again["view"]["table"]["rematch"]["game_id"] is None

        accepted = await rematch(nc, a, finished)
        assert accepted["ok"], accepted
        new_id = accepted["game_id"]
        table = accepted["view"]["table"]
        assert new_id != finished and table["status"] == "playing" and table["you"] == 1  # a now at seat 1 (B)
        assert accepted["view"]["game"]["status"] == "live"
        for who, seat in ((a, 1), (b, 0)):
            view = (await ask(nc, type="get", account_id=who, game_id=new_id))["view"]
            assert view["table"]["you"] == seat and view["game"]["seat"] == "AB"[seat]
            old = (await ask(nc, type="get", account_id=who, game_id=finished))["view"]
            assert old["table"]["rematch"] == {"by": 1, "game_id": new_id}
        twice = await rematch(nc, b, finished)  # one rematch per match: asked again, the same table
        assert twice["ok"] and twice["game_id"] == new_id

        # the offer and the acceptance are the table's, not steps of the match: its replay is the same
        assert (await ask(nc, type="replay", account_id=a, game_id=finished))["data"] == replay

        live = await rematch(nc, a, new_id)
        assert not live["ok"] and live["error"]["code"] == "not_over", live

        bot = await ask(nc, type="open", account_id=stranger, kind="ghost_five", seats=2, bots=["easy"],
                        settings={"opponent": "bot"})
        await ask(nc, type="act", account_id=stranger, game_id=bot["game_id"], action={"type": "cancel_match"})
        alone = await rematch(nc, stranger, bot["game_id"])
        assert not alone["ok"] and alone["error"]["code"] == "no_rematch", alone
