"""The Daily through the engine: one attempt per account even from two devices at once, the same field
for everyone of a league, resumable, expired at the Daily's close with credits counted."""

import asyncio
import uuid

import pytest
from echo_challenge.generator import layout_rows
from echo_challenge.modes import daily_setup
from echo_events.moscow import moscow_date
from echo_runtime.clock import SystemClock

from tests.support.play import ask, close_daily, publish_daily, solo_move

pytestmark = pytest.mark.integration


def today():  # noqa: ANN201
    return moscow_date(SystemClock().now())


async def test_no_daily_yet_is_a_clear_refusal(private_engine) -> None:  # noqa: ANN001
    reply = await ask(private_engine, type="start", account_id="a1", mode="daily")
    assert reply["error"]["code"] == "no_daily"


async def test_two_devices_starting_at_once_get_one_game(private_engine) -> None:  # noqa: ANN001
    nc = private_engine
    await publish_daily(nc.jetstream(), today())
    replies = await asyncio.gather(*(ask(nc, type="start", account_id="acc", mode="daily") for _ in range(6)))
    assert all(r["ok"] for r in replies)
    assert len({r["game_id"] for r in replies}) == 1
    assert sum(not r["duplicate"] for r in replies) == 1


async def test_same_field_and_dice_for_everyone_of_the_league(private_engine) -> None:  # noqa: ANN001
    nc = private_engine
    daily = await publish_daily(nc.jetstream(), today(), seed=777)
    views = []
    for player in ("p1", "p2"):
        game = await ask(nc, type="start", account_id=player, mode="daily")
        hidden = [i for i, c in enumerate("".join(game["view"]["board"])) if c == "#"][:6]
        view = game["view"]
        for sector in hidden:
            view = (await solo_move(nc, "probe", account_id=player, game_id=game["game_id"], sector=sector))["view"]
        views.append({k: v for k, v in view.items() if k not in ("game_id",)})
    assert views[0] == views[1]
    assert views[0]["daily"]["daily_id"] == daily.daily_id


async def test_the_daily_view_never_shows_the_field_or_seed(private_engine) -> None:  # noqa: ANN001
    nc = private_engine
    daily = await publish_daily(nc.jetstream(), today(), seed=4242)
    game = await ask(nc, type="start", account_id="x", mode="daily")
    finished = await solo_move(nc, "finish", account_id="x", game_id=game["game_id"])
    grid = layout_rows(daily_setup(daily))
    for reply in (game, finished):
        text = str(reply)
        assert "4242" not in text and "seed" not in text and "field" not in reply["view"]
        assert all(row not in text for row in grid if set(row) != {"."})
    again = await ask(nc, type="start", account_id="x", mode="daily")
    assert again["game_id"] == game["game_id"] and again["view"]["status"] == "finished"  # one attempt


async def test_the_close_of_the_daily_expires_live_games_and_keeps_credits(private_engine) -> None:  # noqa: ANN001
    nc = private_engine
    daily = await publish_daily(nc.jetstream(), today())
    live = await ask(nc, type="start", account_id="late", mode="daily")
    done = await ask(nc, type="start", account_id="early", mode="daily")
    await solo_move(nc, "finish", account_id="early", game_id=done["game_id"])
    updates = await nc.subscribe("echo.updates.late")
    await close_daily(nc.jetstream(), daily)
    update = await updates.next_msg(timeout=10)
    assert b'"status":"expired"' in update.data
    view = (await ask(nc, type="get", account_id="late", game_id=live["game_id"]))["view"]
    assert view["status"] == "expired" and view["credits"] == live["view"]["credits"]
    assert (await ask(nc, type="get", account_id="early", game_id=done["game_id"]))["view"]["status"] == "finished"
    refused = await ask(nc, type="start", account_id="newcomer", mode="daily")
    assert refused["error"]["code"] == "no_daily"  # a past Daily cannot be played


async def test_a_move_after_the_close_finds_the_game_expired(private_engine) -> None:  # noqa: ANN001
    """Even if the expiry consumer has not reached a game yet, no move lands after the close."""
    nc = private_engine
    daily = await publish_daily(nc.jetstream(), today())
    game = await ask(nc, type="start", account_id="slow", mode="daily")
    await close_daily(nc.jetstream(), daily)
    hidden = "".join(game["view"]["board"]).index("#")
    reply = await solo_move(nc, "probe", account_id="slow", game_id=game["game_id"], sector=hidden,
                      command_id=uuid.uuid4().hex)
    assert reply["error"]["code"] == "game_over"
