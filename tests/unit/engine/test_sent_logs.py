"""A table game's view has its log in its rules' view (`view.game.log`, Ghost Five's resolved turns): its
headers say that log's length, an update that extends what the seat was last sent carries only the new
entries, an answer to an asker who says what he holds too — and a table view without a log (Ark's) is whole
as before."""

from __future__ import annotations

import json

import pytest
from echo_engine.sent_logs import SentLogs
from echo_engine.view_logs import answer, log_after, log_of
from echo_engine.wire import encode_frame, encode_update
from echo_events.play import (
    FRAME_INFO_HEADER,
    GameUpdate,
)

pytestmark = pytest.mark.unit


def table(version: int, turns: int | None, seat: int = 1) -> dict:
    """A table's view at `version`; its rules' view has `turns` log entries (None: no log, as Ark's)."""
    game: dict = {"round": 1, "turn": turns or 0, "score": {"A": 0, "B": 0}}
    if turns is not None:
        game["log"] = [{"round": 1, "turn": n, "actions": {"A": "skip", "B": "skip"}} for n in range(1, turns + 1)]
    return {"game_id": "k1", "kind": "ghost_five", "mode": "table", "version": version,
            "table": {"seats": 2, "taken": 2, "you": seat, "status": "playing", "settings": {}}, "game": game}


def test_a_tables_log_is_its_rules_views_and_a_cut_keeps_the_rest_whole() -> None:
    view = table(7, 4)
    assert log_of(view) is view["game"]["log"]
    cut = log_after(view, 3)
    assert cut["game"]["log"] == view["game"]["log"][3:]
    assert {**cut["game"], "log": None} == {**view["game"], "log": None}
    assert {**cut, "game": None} == {**view, "game": None}
    assert len(view["game"]["log"]) == 4, "the view cut is left as it was (views are shared)"
    assert log_of(table(7, None)) is None
    echo = {"game_id": "f1", "log": [{"tick": 1}], "status": "live"}
    assert log_of(echo) is echo["log"]


def info(headers: dict[str, str]) -> dict:
    """What the gateway decides a frame on, as the engine wrote it (one header, a JSON object)."""
    return json.loads(headers[FRAME_INFO_HEADER])


def test_a_tables_update_says_its_logs_length_and_a_delta_carries_only_the_new_entries() -> None:
    view = table(9, 5)
    whole = {"game_id": "k1", "version": 9, "log_length": 5, "seat": 1, "table_status": "playing"}
    data, headers = encode_update("k1", 9, view)
    assert list(headers) == [FRAME_INFO_HEADER] and info(headers) == whole
    assert json.loads(data) == GameUpdate(game_id="k1", version=9, view=view).model_dump(exclude_none=True)
    data, headers = encode_update("k1", 9, view, (7, 3))
    assert info(headers) == {**whole, "base_version": 7, "log_from": 3}
    body = json.loads(data)
    assert body == {"game_id": "k1", "version": 9, "base_version": 7, "log_from": 3,
                    "view": {**view, "game": {**view["game"], "log": view["game"]["log"][3:]}}}


def test_an_answer_to_an_asker_who_holds_the_log_carries_the_rest_as_a_frame() -> None:
    view = table(9, 5)
    reply = answer("k1", 9, view, log_from=4, duplicate=True)
    assert (reply.log_from, reply.duplicate, reply.view["game"]["log"]) == (4, True, view["game"]["log"][4:])
    data, headers = encode_frame(reply, "replica-1")
    assert json.loads(data) == {"game_id": "k1", "version": 9, "log_from": 4, "view": reply.view}
    assert info(headers) == {"game_id": "k1", "version": 9, "log_length": 5, "log_from": 4, "seat": 1,
                             "table_status": "playing", "duplicate": True, "replica": "replica-1"}
    # nothing held, more entries held than there are, no log at all: whole
    for log_from, whole in ((None, view), (6, view), (2, table(9, None))):
        reply = answer("k1", 9, whole, log_from=log_from)
        assert reply.log_from is None and reply.view == whole
        _, headers = encode_frame(reply, "replica-1")
        assert "log_from" not in info(headers)


def test_a_seat_s_update_extends_what_that_seat_was_sent_last() -> None:
    sent = SentLogs()
    assert sent.sending("k1", 0, 3, table(3, 0, seat=0)) is None, "nothing sent yet: whole"
    assert sent.sending("k1", 1, 3, table(3, 0)) is None
    assert sent.sending("k1", 0, 5, table(5, 1, seat=0)) == (3, 0)
    assert sent.sending("k1", 0, 6, table(6, 1, seat=0)) == (5, 1), "a change with no new entry: an empty delta"
    assert sent.sending("k1", 1, 6, table(6, 1)) == (3, 0), "each seat by what it was sent"
    assert sent.sending("k1", 0, 6, table(6, 1, seat=0)) is None, "the same version again: whole"
    assert sent.sending("k2", 0, 7, table(7, 2, seat=0)) is None, "another game's record is its own"


def test_a_view_without_a_log_is_never_a_delta_and_forgets_what_was_sent() -> None:
    sent = SentLogs()
    assert sent.sending("k1", 0, 2, table(2, None, seat=0)) is None
    assert sent.sending("k1", 0, 3, table(3, None, seat=0)) is None
    assert sent.sending("k1", 0, 4, table(4, 0, seat=0)) is None, "the first view with a log is whole"
    assert sent.sending("k1", 0, 5, table(5, None, seat=0)) is None
    assert sent.sending("k1", 0, 6, table(6, 1, seat=0)) is None, "a log after none: whole again"


def test_a_shorter_log_than_the_one_sent_is_whole() -> None:
    sent = SentLogs()
    sent.sending("k1", 0, 4, table(4, 3, seat=0))
    assert sent.sending("k1", 0, 5, table(5, 2, seat=0)) is None


def test_past_its_capacity_the_least_recent_seats_are_whole_again() -> None:
    sent = SentLogs(capacity=2)
    for game_id in ("k1", "k2", "k3"):
        sent.sending(game_id, 0, 1, table(1, 0, seat=0))
    assert sent.sending("k1", 0, 2, table(2, 1, seat=0)) is None
    assert sent.sending("k3", 0, 2, table(2, 1, seat=0)) == (1, 0)
