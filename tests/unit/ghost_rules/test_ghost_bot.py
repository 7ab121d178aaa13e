"""The bot: deterministic from its seed, always legal, and stronger than the baseline players."""

from __future__ import annotations

import pytest
from ghost_five.bot import LEVELS, choose
from ghost_five.driver import Driver
from ghost_five.legality import is_legal
from ghost_five.notation import parse_action
from ghost_five.script import Token
from ghost_five.settings import Settings
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.ghost_rules.ghost_players import greedy_player, random_player

pytestmark = pytest.mark.unit


def position(seed: int, turns: int, board: int = 15) -> Driver:
    """A live position reached by two random legal players."""
    driver = Driver(Settings(board=board))
    while driver.state.live and driver.state.board.turn < turns:
        actions = [random_player(driver.state, seat, seed) for seat in (0, 1)]
        driver.play((Token(actions[0], None), Token(actions[1], None)))
    return driver


def match(bot_seat: int, opponent, seed: int) -> str | None:
    driver = Driver(Settings(), match_id=f"test-{seed}")
    while driver.state.live and len(driver.state.log) < 150:
        actions = [choose(driver.state, seat, "strong", seed) if seat == bot_seat
                   else opponent(driver.state, seat, seed) for seat in (0, 1)]
        driver.play((Token(actions[0], None), Token(actions[1], None)))
    return None if driver.state.winner is None else "AB"[driver.state.winner]


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 12), st.sampled_from(LEVELS), st.sampled_from([13, 19]))
def test_the_bot_is_deterministic_and_legal(seed: int, turns: int, level: str, board: int) -> None:
    driver = position(seed, turns, board)
    if not driver.state.live:
        return
    state = driver.state
    for seat in (0, 1):
        action = choose(state, seat, level, seed)  # type: ignore[arg-type]
        assert action == choose(state, seat, level, seed)  # type: ignore[arg-type]
        parsed = parse_action(action)
        assert parsed is not None and is_legal(state.board, state.geo, seat, parsed)


def test_the_first_move_is_near_the_centre() -> None:
    state = Driver(Settings()).state
    for level in LEVELS:
        action = parse_action(choose(state, 0, level, 1))
        assert action is not None and action.kind == "P"
        assert abs("ABCDEFGHJKLMNOP".index(action.cell[0]) - 7) <= 3 and abs(int(action.cell[1:]) - 8) <= 3


def test_the_strong_bot_takes_a_win_and_blocks_one() -> None:
    driver = Driver(Settings())
    for a, b in [("P:A1", "P:A15"), ("P:B1", "P:C15"), ("P:C1", "P:E15"), ("P:D1", "P:G15")]:
        driver.play((Token(a, None), Token(b, None)))
    assert choose(driver.state, 0, "strong", 1) == "P:E1"  # the only cell that completes the row
    assert choose(driver.state, 1, "strong", 1) == "P:E1"  # the only cell that stops it


@pytest.mark.parametrize(("bot_seat", "opponent"), [(0, random_player), (1, greedy_player)])
def test_the_strong_bot_beats_the_baselines(bot_seat: int, opponent) -> None:
    assert match(bot_seat, opponent, 3) == "AB"[bot_seat]
