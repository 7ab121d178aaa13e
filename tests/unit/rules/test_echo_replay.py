"""Properties over random fields and moves: fold = state, exact replay, gauge invariants (echo-challenge.md §3, §13)."""

import dataclasses
from collections import Counter

import pytest
from echo_challenge import dice, game
from echo_challenge.commands import Beam, Probe
from echo_challenge.events import OrdersDealt, TickResolved
from echo_challenge.field import SECTORS
from echo_challenge.orders import SYMBOL_INDEX, closed_counts
from echo_challenge.state import HIDDEN, GameState
from echo_events.registry import event_class
from echo_strategies import moves, setups
from hypothesis import given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.unit


def play_all(setup, commands):
    state, events = game.start(setup)
    states = [state]
    for command in commands:
        state, outcome = game.play(state, command)
        if not isinstance(outcome, game.Rejection):
            events += outcome
            states.append(state)
    return state, events, states


def check_invariants(state: GameState) -> None:
    rules = state.setup.rules
    assert 0 <= state.connectivity <= state.connectivity_max
    assert 0 <= state.charge <= max(state.contour, rules.charge)
    assert 0 <= state.detector <= state.detector_max
    assert 0 <= state.spectrometer <= state.spectrometer_max
    assert state.credits == (
        state.clean * rules.price_clean
        + state.lossy * rules.price_lossy
        + state.orders_done * rules.price_order
    )
    field = state.field
    hidden = tuple(c == HIDDEN for c in state.board)
    assert state.hidden_free == sum(1 for i in range(SECTORS) if hidden[i] and field.owner[i] < 0)
    assert state.closed == closed_counts(field, hidden)
    assert state.tick == len(state.log)
    if state.status == "breakdown":
        assert state.connectivity == 0
    if state.status == "live":
        assert state.connectivity > 0
        assert any(n < e.size for e, n in zip(field.ephemera, state.segments_open, strict=True))
    if state.status == "complete":
        assert all(o is None for o in state.orders)


@settings(max_examples=80, deadline=None)
@given(setups(), moves())
def test_gauges_stay_in_range_and_credits_are_the_itemised_sum(setup, commands):
    _, _, states = play_all(setup, commands)
    for state in states:
        check_invariants(state)


@settings(max_examples=80, deadline=None)
@given(setups(), moves())
def test_fold_of_the_events_is_the_state(setup, commands):
    state, events, _ = play_all(setup, commands)
    assert game.fold(events) == state


@settings(max_examples=60, deadline=None)
@given(setups(), moves())
def test_events_survive_json_and_fold_to_the_same_state(setup, commands):
    state, events, _ = play_all(setup, commands)
    wire = [(e.event_type, e.schema_version, e.model_dump(mode="json")) for e in events]
    back = [event_class(t).model_validate(payload) for t, _, payload in wire]
    assert back == events
    assert game.fold(back) == state


@settings(max_examples=60, deadline=None)
@given(setups(), moves())
def test_replay_from_the_started_event_and_the_commands_gives_identical_events(setup, commands):
    _, events, _ = play_all(setup, commands)
    again = game.setup_of(events[0])
    assert again == setup
    _, replayed, _ = play_all(again, commands)
    assert replayed == events


@settings(max_examples=40, deadline=None)
@given(setups(), moves())
def test_evolve_never_rolls_dice(setup, commands):
    _, events, _ = play_all(setup, commands)
    original = dice.roll

    def forbidden(*args, **kwargs):
        raise AssertionError("evolve rolled the dice")

    dice.roll = forbidden
    try:
        game.fold(events)
    finally:
        dice.roll = original


@settings(max_examples=60, deadline=None)
@given(setups(), moves())
def test_dealt_orders_suit_the_closed_sectors(setup, commands):
    _, events, states = play_all(setup, commands)
    ticks = [e for e in events if isinstance(e, OrdersDealt | TickResolved)]
    for state, event in zip(states, ticks, strict=False):
        deals = event.orders if isinstance(event, OrdersDealt) else event.orders_dealt
        closed = state.closed
        for deal in deals:
            for symbol, count in Counter(deal.symbols).items():
                assert count <= closed[SYMBOL_INDEX[symbol]], (deal, closed)


@settings(max_examples=60, deadline=None)
@given(setups(), st.data())
def test_long_games_over_hidden_sectors_keep_every_invariant(setup, data):
    rules = dataclasses.replace(setup.rules, connectivity=40, connectivity_max=40, contour=60, charge=30)
    setup = dataclasses.replace(setup, rules=rules)
    state, events = game.start(setup)
    while state.live:
        hidden = [i for i in range(SECTORS) if state.is_hidden(i)]
        tool = data.draw(st.sampled_from([Probe, Beam, Beam]))
        state, outcome = game.play(state, tool(sector=data.draw(st.sampled_from(hidden))))
        if isinstance(outcome, game.Rejection):
            assert outcome.code == "not_enough_charge"
            state, outcome = game.play(state, Probe(sector=hidden[0]))
        events += outcome
        check_invariants(state)
    assert state.status in ("complete", "breakdown")
    if state.status == "complete":
        assert all(n == e.size for e, n in zip(state.field.ephemera, state.segments_open, strict=True))
        assert state.clean + state.lossy == len(state.field.ephemera)
    assert game.fold(events) == state
