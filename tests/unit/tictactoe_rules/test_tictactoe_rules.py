"""examples/tictactoe: known games to their end, refusals, and properties of random legal play (hypothesis):
replaying a game's events gives the state the decisions reached, marks alternate, a game ends exactly when a
row is made or the board is full, and every hosted name of the contract is there."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from echo_events.game_rules import RulesPackage, TableRules, is_rejection
from hypothesis import given
from hypothesis import strategies as st
from tictactoe import hosting
from tictactoe.commands import Place, Resign
from tictactoe.events import GameEnded, MarkPlaced
from tictactoe.rules import LINES, State, made_line

pytestmark = pytest.mark.unit
NOW = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)


def new_game() -> tuple[State, list]:
    setup = hosting.new_setup({}, 2, seed=7, now=NOW)
    return hosting.start(setup)


def play(cells: list[int]) -> tuple[State, list]:
    """Places the cells in turn (X first) through the hosted contract, as the engine does."""
    state, events = new_game()
    for number, cell in enumerate(cells):
        command = hosting.command_for({"type": "place", "cell": cell}, number % 2, NOW)
        outcome = hosting.decide(state, command)
        assert not is_rejection(outcome), (cells, number, outcome)
        for event in outcome:
            state = hosting.evolve(state, event)
        events += outcome
    return state, events


def test_the_library_provides_the_hosting_contract() -> None:
    assert isinstance(hosting, RulesPackage) and isinstance(hosting, TableRules)
    assert hosting.KIND == "tictactoe" and hosting.SEATS == (2, 2)
    assert hosting.deadlines(new_game()[0]) == []


def test_x_wins_on_the_top_row() -> None:
    state, events = play([0, 3, 1, 4, 2])
    assert events[-1] == GameEnded(result="row", winner=0, line=(0, 1, 2), at=NOW.timestamp())
    assert hosting.is_over(state)
    assert hosting.view(state, 1) == {"board": ["X", "X", "X", "O", "O", None, None, None, None], "to_move": None,
                                      "status": "finished", "winner": "X", "line": [0, 1, 2], "seat": "O"}
    assert hosting.summary(state) == {"outcome": "finished", "rounds": None,
                                      "seats": [{"result": "win", "score": None}, {"result": "loss", "score": None}]}


def test_o_wins_on_the_anti_diagonal() -> None:
    state, events = play([0, 2, 1, 4, 3, 6])
    assert events[-1].winner == 1 and events[-1].line == (2, 4, 6)


def test_a_full_board_without_a_row_is_a_draw() -> None:
    # X O X / X O O / O X X
    state, events = play([0, 1, 2, 4, 3, 5, 7, 6, 8])
    assert events[-1] == GameEnded(result="full_board", winner=None, at=NOW.timestamp())
    assert state.winner is None and hosting.view(state)["status"] == "finished"
    assert [seat["result"] for seat in hosting.summary(state)["seats"]] == ["draw", "draw"]


def test_a_row_on_the_ninth_mark_wins_rather_than_draws() -> None:
    # X O X / O X O / O X X: the board is full and X's last mark makes the diagonal
    state, events = play([0, 1, 2, 3, 4, 5, 7, 6, 8])
    assert None not in state.board
    assert events[-1] == GameEnded(result="row", winner=0, line=(0, 4, 8), at=NOW.timestamp())


@pytest.mark.parametrize(("moves", "command", "code"), [
    ([], {"type": "place", "cell": 4, "seat": 1}, "not_your_turn"),
    ([4], {"type": "place", "cell": 4, "seat": 1}, "cell_taken"),
    ([0, 3, 1, 4, 2], {"type": "place", "cell": 8, "seat": 1}, "game_over"),
])
def test_refusals_change_nothing(moves: list[int], command: dict, code: str) -> None:
    state, _ = play(moves)
    outcome = hosting.decide(state, hosting.command_for({k: v for k, v in command.items() if k != "seat"},
                                                        command["seat"], NOW))
    assert is_rejection(outcome) and outcome.code == code


def test_the_server_sets_the_seat_and_the_time() -> None:
    command = hosting.command_for({"type": "place", "cell": 3, "seat": 1, "now": 0}, 0, NOW)
    assert command == Place(seat=0, cell=3, now=NOW.timestamp())


def test_resigning_hands_the_game_to_the_other_seat() -> None:
    state, _ = play([4])
    outcome = hosting.decide(state, hosting.command_for({"type": "resign"}, 1, NOW))
    assert outcome == [GameEnded(result="resign", winner=0, at=NOW.timestamp())]
    assert hosting.decide(state, Resign(seat=0, now=1.0))[0].winner == 1


def test_settings_and_seat_counts_are_refused() -> None:
    assert hosting.new_setup({"clock": True}, 2, 1, NOW).code == "bad_settings"
    assert hosting.new_setup({}, 3, 1, NOW).code == "bad_seats"


@given(st.permutations(range(9)))
def test_random_play_alternates_replays_and_ends_exactly_at_a_row_or_a_full_board(order: list[int]) -> None:
    state, events = new_game()
    for number, cell in enumerate(order):
        if not state.live:
            break
        outcome = hosting.decide(state, Place(seat=number % 2, cell=cell, now=float(number)))
        assert not is_rejection(outcome)
        for event in outcome:
            state = hosting.evolve(state, event)
        events += outcome
    marks = [e for e in events if isinstance(e, MarkPlaced)]
    assert [m.seat for m in marks] == [n % 2 for n in range(len(marks))]
    assert hosting.fold(events) == state  # the stream alone gives the state the decisions reached
    ended = [e for e in events if isinstance(e, GameEnded)]
    assert len(ended) == 1 and ended[0] is events[-1]
    rows = [line for line in LINES for seat in (0, 1) if all(state.board[c] == seat for c in line)]
    if ended[0].winner is None:
        assert not rows and None not in state.board
    else:
        assert ended[0].line in rows and {state.board[c] for c in ended[0].line} == {ended[0].winner}
        # the game stopped at the first row: without the last mark there was none
        before = list(state.board)
        before[marks[-1].cell] = None
        assert made_line(before, 0) is None and made_line(before, 1) is None
