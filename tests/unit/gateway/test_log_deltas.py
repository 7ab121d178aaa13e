"""Which frames of a log-delta connection are shortened, and that a shortened one rebuilds the whole."""

import pytest
from echo_gateway.ws.log_deltas import LogDeltas

pytestmark = pytest.mark.unit


def frame(version: int, log: list[int], game_id: str = "g") -> dict:
    return {"type": "ack", "game_id": game_id, "version": version, "view": {"tick": len(log), "log": log}}


def test_a_game_first_seen_is_whole_then_each_newer_view_carries_only_what_follows() -> None:
    deltas = LogDeltas()
    assert deltas.whole(frame(3, [])) == frame(3, [])
    first = deltas.shorten(frame(4, [1]))
    assert first["view"]["log"] == [1] and (first["base_version"], first["log_from"]) == (3, 0)
    second = deltas.shorten(frame(6, [1, 2, 3]))
    assert second["view"] == {"tick": 3, "log": [2, 3]} and (second["base_version"], second["log_from"]) == (4, 1)
    assert second["version"] == 6 and second["type"] == "ack"


@pytest.mark.parametrize("case", ["unknown game", "same version", "older version", "shorter log", "no log"])
def test_whenever_a_delta_could_mislead_the_view_is_whole(case: str) -> None:
    deltas = LogDeltas()
    deltas.whole(frame(5, [1, 2]))
    sent = {"unknown game": frame(6, [1, 2, 3], game_id="other"), "same version": frame(5, [1, 2]),
            "older version": frame(4, [1]), "shorter log": frame(7, [1]),
            "no log": {"type": "update", "game_id": "g", "version": 8, "view": {"tick": 2}}}[case]
    assert deltas.shorten(sent) == sent


def test_an_update_that_is_a_delta_passes_only_onto_the_view_it_extends() -> None:
    deltas = LogDeltas()
    deltas.whole(frame(5, [1, 2]))
    delta = {"type": "update", "game_id": "g", "version": 6, "base_version": 5, "log_from": 2,
             "view": {"tick": 3, "log": [3]}}
    assert deltas.extend(delta) is delta
    after = {**delta, "version": 7, "base_version": 6, "log_from": 3, "view": {"tick": 4, "log": [4]}}
    assert deltas.extend(after) is after  # it remembered 6 with three entries
    assert deltas.extend({**after, "version": 9, "base_version": 8, "log_from": 5}) is None  # 8 never sent
    assert deltas.extend({**delta, "game_id": "other"}) is None  # a game this connection was never sent


def test_a_view_with_no_log_is_not_remembered() -> None:
    deltas = LogDeltas()
    deltas.whole({"type": "ack", "game_id": "g", "version": 2, "view": None})
    assert deltas.shorten(frame(3, [1])) == frame(3, [1])


def test_what_a_connection_holds_is_what_a_move_may_ask_to_be_spared() -> None:
    deltas = LogDeltas()
    assert deltas.held("g") is None
    deltas.whole(frame(5, [1, 2]))
    assert deltas.held("g") == (5, 2)
    answer = {"type": "ack", "game_id": "g", "version": 6, "base_version": 5, "log_from": 2,
              "view": {"tick": 3, "log": [3]}}
    assert deltas.extend(answer) is answer and deltas.held("g") == (6, 3)
    # a reply older than what the device holds (a stale replica's duplicate) cannot be a delta of it
    assert deltas.extend({**answer, "version": 5, "base_version": 6, "log_from": 3}) is None
