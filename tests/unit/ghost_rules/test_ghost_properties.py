"""Invariants over random scripts: no stone on a wall, memory within M, anchors conserved,
replay = fold (also through JSON), and the same script gives the same JSON."""

from __future__ import annotations

import json

import pytest
from echo_events.registry import event_class
from ghost_five.driver import Driver, ScriptRefused
from ghost_five.evolve import fold
from ghost_five.geometry import DIRECTIONS, geometry
from ghost_five.memory import memory
from ghost_five.report import report
from ghost_five.script import Token
from ghost_five.settings import Settings
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.ghost_rules.ghost_players import random_player

pytestmark = pytest.mark.unit

CELLS = [f"{c}{r}" for c in "CDEFG" for r in range(3, 8)]  # a crowded corner of the board: many conflicts
cell = st.sampled_from(CELLS)
direction = st.sampled_from(sorted(DIRECTIONS))
GEO = geometry(13)


def neighbour(name: str, way: str) -> str:
    target = GEO.walk(GEO.index[name], DIRECTIONS[way], 1)
    return name if target is None else GEO.names[target]


place = st.builds(lambda k, c: f"{k}:{c}", st.sampled_from("PPPAAX"), cell)
shift = st.builds(lambda a, d: f"S:{a}:{neighbour(a, d)}", cell, direction)
magnet = st.builds(lambda a, d: f"M:{a}:{d}", cell, direction)
main = st.integers(0, 9).flatmap(lambda k: place if k < 7 else shift if k < 9 else magnet)
take_back = st.integers(0, 9).flatmap(lambda k: st.sampled_from(CELLS[:3]) if k == 9 else st.none())
action = st.builds(lambda m, t: m if t is None else f"{m};T:{t}", main, take_back)
time = st.sampled_from([None] * 12 + [10.0, 35.5, 149.0, 160.0, "timeout"])
token = st.builds(Token, st.sampled_from([""] * 15 + [None]).flatmap(lambda n: st.none() if n is None else action),
                  time)
turns = st.lists(st.tuples(token, token), min_size=1, max_size=40)
room = st.builds(Settings, memory=st.integers(5, 9), capture=st.booleans(), walls=st.sampled_from([None, 3]),
                 row=st.sampled_from([4, 5]), board=st.just(13))


def played(room: Settings, script: list) -> Driver:
    driver = Driver(room)
    for pair in script:
        if not driver.state.live:
            break
        driver.play(pair)
        check_invariants(driver, room)
    return driver


def check_invariants(driver: Driver, room: Settings) -> None:
    board, geo = driver.state.board, driver.state.geo
    assert not set(board.pieces) & set(board.walls), "a stone on a wall"
    for seat in (0, 1):
        assert len(memory(board.pieces, geo, seat)) <= room.memory
        anchors = sum(1 for p in board.pieces.values() if p.anchor and p.seat == seat)
        assert anchors + board.reserve[seat] == 2
        assert 0 <= board.skips[seat] <= 3


@settings(max_examples=60, deadline=None)
@given(room, turns)
def test_invariants_hold_after_every_turn_and_replay_equals_fold(room: Settings, script: list) -> None:
    driver = played(room, script)
    assert fold(driver.events) == driver.state
    again = [event_class(e.event_type).model_validate_json(e.model_dump_json()) for e in driver.events]
    assert fold(again) == driver.state


@settings(max_examples=20, deadline=None)
@given(room, turns)
def test_the_same_script_gives_the_same_json(room: Settings, script: list) -> None:
    first, second = played(room, script), played(room, script)
    assert json.dumps(report(first.state)) == json.dumps(report(second.state))


def test_a_finished_match_refuses_more_turns() -> None:
    driver = Driver(Settings())
    for _ in range(6):
        driver.play((Token("P:A1" if driver.state.board.turn == 0 else f"P:C{driver.state.board.turn}", None),
                     Token(None, None)))
    assert driver.state.status == "finished"
    with pytest.raises(ScriptRefused):
        driver.play((Token(None, None), Token(None, None)))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 100_000), room)
def test_invariants_hold_between_random_legal_players(seed: int, room: Settings) -> None:
    driver = Driver(room)
    for _ in range(40):
        if not driver.state.live:
            break
        actions = [random_player(driver.state, seat, seed) for seat in (0, 1)]
        driver.play((Token(actions[0], None), Token(actions[1], None)))
        check_invariants(driver, room)
    assert fold(driver.events) == driver.state
