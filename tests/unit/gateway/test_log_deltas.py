"""Which deltas of a log-delta connection pass on: only one that extends exactly what it was last sent."""

import pytest
from echo_gateway.ws.frames import GameFrame
from echo_gateway.ws.log_deltas import LogDeltas

pytestmark = pytest.mark.unit


def delta(version: int, log_from: int, entries: int, game_id: str = "g") -> GameFrame:
    return GameFrame(game_id, version, b"{}", log_from, version - 1, log_from + entries, None, None, False)


def test_what_a_connection_holds_is_what_a_move_may_ask_to_be_spared() -> None:
    deltas = LogDeltas()
    assert deltas.held("g") is None
    deltas.whole("g", 5, 2)
    assert deltas.held("g") == (5, 2)
    deltas.whole("g", 6, None)  # a view with no log: nothing it could extend, what was held stays
    assert deltas.held("g") == (5, 2)


def test_a_delta_passes_only_onto_the_view_it_extends() -> None:
    deltas = LogDeltas()
    deltas.whole("g", 5, 2)
    assert deltas.extend(delta(6, 2, 1), 5) and deltas.held("g") == (6, 3)
    assert deltas.extend(delta(7, 3, 1), 6)  # it remembered 6 with three entries
    assert not deltas.extend(delta(9, 5, 1), 8)  # 8 was never sent
    assert not deltas.extend(delta(8, 4, 1, game_id="other"), 7)  # a game this connection was never sent
    assert not deltas.extend(delta(8, 3, 1), 7)  # from an index other than what it holds
    assert deltas.held("g") == (7, 4)


def test_a_reply_older_than_what_the_device_holds_is_no_delta_of_it() -> None:
    deltas = LogDeltas()
    deltas.whole("g", 6, 3)
    assert not deltas.extend(delta(5, 3, 0), 6)  # a stale replica's duplicate


def test_a_frame_that_says_no_log_extends_nothing() -> None:
    deltas = LogDeltas()
    deltas.whole("g", 5, 2)
    no_length = GameFrame("g", 6, b"{}", 2, 5, None, None, None, False)
    whole = GameFrame("g", 6, b"{}", None, None, 3, None, None, False)
    assert not deltas.extend(no_length, 5) and not deltas.extend(whole, 5) and deltas.held("g") == (5, 2)
