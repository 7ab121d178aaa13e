"""Ticks, rejections and the end of a game (echo-challenge.md §4, §11, §12 steps 1 and 9, §23)."""

import pytest
from echo_challenge import game
from echo_challenge.commands import Probe
from echo_challenge.events import GameFinished
from echo_challenge.orders import Order
from echo_challenge.view import client_view
from echo_events.model import Command
from echo_helpers import SMALL, begin, command, header, run, set_orders

pytestmark = pytest.mark.unit


def test_the_initial_state_is_tick_zero_and_each_click_is_one_tick():
    state = begin(SMALL)
    assert state.tick == 0
    state, _ = run(state, "P A1; B J10")
    assert state.tick == 2


def test_clicking_an_open_sector_is_refused_and_is_not_a_tick():
    state = begin(SMALL, header(open="A1"))
    after, outcomes = run(state, "P A1")
    assert outcomes[0].code == "sector_open" and after == state
    after, outcomes = run(state, "P J10; B J10")
    assert outcomes[1].code == "sector_open" and after.tick == 1


def test_a_move_off_the_field_or_of_another_game_is_a_bad_move():
    state = begin(SMALL)
    assert game.decide(state, Probe.model_construct(sector=100)).code == "bad_move"

    class Castle(Command):
        pass

    assert game.decide(state, Castle()).code == "bad_move"


def test_finish_ends_the_game_without_a_tick_and_credits_count():
    state, outcomes = run(begin(SMALL, header(charge=6)), "B C1; B C2; B D1; F")
    [finished] = outcomes[-1]
    assert finished == GameFinished(
        status="finished", reason="finish", tick=3, credits=40, clean=1, lossy=0, orders=0
    )
    assert state.status == "finished" and state.tick == 3 and client_view(state)["credits"] == 40


def test_expire_ends_the_game_at_midnight():
    state, outcomes = run(begin(SMALL), "P A1; E")
    assert outcomes[-1][0].status == "expired" and state.status == "expired"


@pytest.mark.parametrize("move", ["P A1", "B C1", "F", "E", "P J10"])
def test_after_the_end_every_move_is_refused_with_game_over(move):
    state, _ = run(begin(SMALL, header(open="A1")), "F")
    after, outcome = game.play(state, command(move))
    assert outcome.code == "game_over" and after == state


ONE_RED = """
rR........
..........
..........
..........
..........
..........
..........
..........
..........
..........
"""
QUIET = "P J10; P I10; P H10; P G10; P F10; P E10"


def test_the_last_ephemeron_ends_the_game_at_once_an_order_it_completes_pays_the_board_empties():
    state, _ = run(begin(ONE_RED, header(detector_chance=1, contour=50)), "B A1; " + QUIET)  # tick 7
    idle = Order(("8", "8", "8"), 0, 0)  # stale on tick 8
    ready = Order(("empty", "red", "red"), 2, 7)
    state, outcomes = run(state._replace(orders=(idle, None, ready)), "B B1")  # the last click: tick 8
    tick, finished = outcomes[-1]
    assert tick.tick == 8 and tick.ending == "complete" and finished.status == "complete"
    assert [c.slot for c in tick.orders_completed] == [2] and tick.orders_dealt == ()
    assert tick.detector_hint is None  # step 6 skipped (C1, A2, B2, C2 were candidates)
    assert tick.orders_withdrawn == ()  # step 8 skipped (slot 0 is 8 ticks idle)
    assert tick.strikes == () and tick.red_timers == ()
    v = client_view(state)
    assert v["status"] == "complete" and v["orders"] == []
    assert v["credits"] == 40 + 15
    assert v["connectivity"] == 1  # struck on ticks 4 and 7 only


def test_a_breakdown_keeps_the_order_board_and_counts_the_credits_of_its_tick():
    state = set_orders(begin(ONE_RED, header(connectivity="1/5")), [("red", "8", "8")])
    state, outcomes = run(state, "B A1; P B1")  # the Probe's Nadlom, and the field is complete
    tick, finished = outcomes[-1]
    assert tick.ending == "breakdown" and finished.status == "breakdown"
    v = client_view(state)
    assert v["status"] == "breakdown" and v["connectivity"] == 0
    assert v["credits"] == 20 and v["orders"][0]["symbols"] == ["red", "8", "8"]


def test_a_breakdown_by_a_strike_ends_the_game():
    state, outcomes = run(begin(SMALL, header(connectivity="1/5", contour=50)), "B A7; P J10; P J9; P J8")
    assert outcomes[-1][0].strikes == (0 + 2,) and outcomes[-1][1].status == "breakdown"


def test_finished_keeps_the_order_board():
    state = set_orders(begin(SMALL), [("red", "8", "8")])
    state, _ = run(state, "F")
    assert client_view(state)["orders"][0]["symbols"] == ["red", "8", "8"]
