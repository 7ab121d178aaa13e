"""Capture cases no two-player turn can stage from an empty board by script: found directly on a board."""

from __future__ import annotations

import pytest
from ghost_five.apply import apply
from ghost_five.board import Board, Piece, Work
from ghost_five.captures import captured_pairs
from ghost_five.geometry import geometry
from ghost_five.outcomes import Captured

pytestmark = pytest.mark.unit
GEO = geometry(15)


def board_of(cells: dict[str, tuple[int, bool]]) -> dict[int, Piece]:
    return {GEO.index[name]: Piece(seat, anchor, 0, 1) for name, (seat, anchor) in cells.items()}


def names(pairs: list[tuple[int, int]]) -> list[list[str]]:
    return [[GEO.names[a], GEO.names[b]] for a, b in pairs]


def test_a_stone_in_two_pairs_counts_two_pairs_and_goes_once() -> None:
    pieces = board_of({"G8": (0, False), "H8": (1, False), "J8": (1, False), "K8": (0, False),
                       "J7": (0, False), "J9": (1, False), "J10": (0, False)})
    pairs = captured_pairs(pieces, GEO, 0, {GEO.index["K8"], GEO.index["J10"]})
    assert names(pairs) == [["H8", "J8"], ["J8", "J9"]]
    work = Work.of(Board(1, 0, pieces, {}, {}, (2, 2), (0, 0), (0, 0), 0))
    for pair in names(pairs):
        apply(work, GEO, None, 0, Captured(cells=tuple(pair)))  # type: ignore[arg-type]
    assert work.pairs == [2, 0]
    assert sorted(GEO.names[c] for c in work.pieces) == ["G8", "J10", "J7", "K8"]


def test_a_flank_inside_the_other_players_pair_both_captures_happen() -> None:
    pieces = board_of({"G8": (0, False), "H8": (1, False), "J8": (1, False), "K8": (0, False),
                       "L8": (0, False), "M8": (1, False)})
    arrived = {GEO.index["K8"], GEO.index["M8"]}
    assert names(captured_pairs(pieces, GEO, 0, arrived)) == [["H8", "J8"]]
    assert names(captured_pairs(pieces, GEO, 1, arrived)) == [["K8", "L8"]]


def test_a_flank_arrival_decides_even_if_a_middle_stone_also_arrived() -> None:
    pieces = board_of({"G8": (0, False), "H8": (1, False), "J8": (1, False), "K8": (0, False)})
    assert names(captured_pairs(pieces, GEO, 0, {GEO.index["J8"]})) == []
    assert names(captured_pairs(pieces, GEO, 0, {GEO.index["J8"], GEO.index["G8"]})) == [["H8", "J8"]]


def test_five_captured_pairs_take_the_round_and_a_row_against_them_draws() -> None:
    from ghost_five.ending import round_result
    from ghost_five.settings import Settings

    on = Settings(capture=True)
    five = Board(1, 9, {}, {}, {}, (2, 2), (5, 4), (0, 0), 0)
    assert round_result(five, GEO, on) == ("A", "pairs")
    assert round_result(five, GEO, Settings()) is None
    row = board_of({name: (1, False) for name in ("A1", "B1", "C1", "D1", "E1")})
    assert round_result(five._replace(pieces=row), GEO, on) == ("draw", "both_qualify")
