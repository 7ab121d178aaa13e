"""The CLI's move language (echo-challenge.md §22): `P A1; B C3; F`."""

import pytest
from echo_challenge.cli.moves import BadMove, Move, parse_move, parse_moves

pytestmark = pytest.mark.unit


def test_probe_beam_finish():
    assert parse_moves("P A1; B C3; F") == [
        Move("P A1", "probe", 0),
        Move("B C3", "beam", 22),
        Move("F", "finish", None),
    ]


def test_case_spacing_and_newlines():
    assert parse_moves(" p j10 ;\n beam  b2 ;; finish ") == [
        Move("p j10", "probe", 99),
        Move("beam  b2", "beam", 11),
        Move("finish", "finish", None),
    ]


@pytest.mark.parametrize("text", ["P K1", "B A11", "P A0", "X A1", "P", "B A1 A2", "F A1", "P 11"])
def test_bad_moves_are_values_with_code_bad_move(text):
    move = parse_move(text)
    assert isinstance(move, BadMove)
    assert move.code == "bad_move" and move.raw == text and move.message
