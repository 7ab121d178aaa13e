"""Who sits at a table, in every seat's view (seat_names.py): each person by his callsign — and in a rated
Ghost Five room by his rating as the ratings projection has it — each bot by its level, and never an account
id anywhere in the view."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from echo_events.callsigns import generated_callsign
from ghost_five.elo import START, rate

from tests.integration.engine.test_table_history import account, engine, ghost_match, settled  # noqa: F401
from tests.support.leagues import Accounts
from tests.support.play import ask

T0 = datetime(2026, 11, 20, tzinfo=UTC)


def no_account_in(view: dict, *accounts: str) -> None:
    text = json.dumps(view, ensure_ascii=False)
    assert not any(a in text for a in accounts)


async def test_a_tables_view_names_its_people_by_callsign_and_rating_and_its_bots_by_level(engine) -> None:  # noqa: ANN001, F811
    nc, _, serving = engine
    a, b, c, guest = account(), account(), account(), account()
    accounts = Accounts(nc.jetstream())
    for who, name in ((a, "Ася"), (b, "Боря"), (c, None)):
        await accounts.player(who, T0, callsign=name)
    await accounts.guest(guest, T0)
    async with serving:
        await ghost_match(nc, a, b, winner=a)  # rated: Ася's and Боря's ratings move
        await settled(nc)
        won, lost = rate(START, START)

        opened = await ask(nc, type="open", account_id=b, kind="ghost_five", seats=2, settings={})
        assert opened["ok"], opened
        assert opened["view"]["table"]["players"] == [{"name": "Боря", "rating": lost}]
        joined = await ask(nc, type="join", account_id=a, invite=opened["view"]["table"]["invite"])
        seats = [{"name": "Боря", "rating": lost}, {"name": "Ася", "rating": won}]
        assert joined["view"]["table"]["players"] == seats
        seen = (await ask(nc, type="get", account_id=b, game_id=opened["game_id"]))["view"]
        assert seen["table"]["players"] == seats and seen["table"]["you"] == 0
        no_account_in(seen, a, b)
        await ask(nc, type="act", account_id=a, game_id=opened["game_id"], action={"type": "cancel_match"})

        # a guest is never rated: in the same rated room he has his name and no rating
        unrated = await ask(nc, type="open", account_id=guest, kind="ghost_five", seats=2, settings={})
        assert unrated["view"]["table"]["players"] == [{"name": generated_callsign(guest)}]
        await ask(nc, type="act", account_id=guest, game_id=unrated["game_id"], action={"type": "cancel_match"})

        # a bot's room is not rated: names only; a player without a callsign has his generated one
        bot = await ask(nc, type="open", account_id=c, kind="ghost_five", seats=2, bots=["easy"],
                        settings={"opponent": "bot"})
        assert bot["ok"], bot
        assert bot["view"]["table"]["players"] == [{"name": generated_callsign(c)}, {"bot": "easy"}]
        no_account_in(bot["view"], c, "bot-1")
        await ask(nc, type="act", account_id=c, game_id=bot["game_id"], action={"type": "cancel_match"})

        # Echoes of Time (no rating): three bots and a person
        eot = await ask(nc, type="open", account_id=a, kind="echoes_of_time", seats=4,
                        bots=["greedy", "greedy", "random"], settings={})
        assert eot["ok"], eot
        assert eot["view"]["table"]["players"] == [{"name": "Ася"}, {"bot": "greedy"}, {"bot": "greedy"},
                                                   {"bot": "random"}]
        no_account_in(eot["view"], a, "bot-1", "bot-2", "bot-3")
