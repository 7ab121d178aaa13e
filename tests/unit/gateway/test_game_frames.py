"""A game's frame as the engine wrote it: read from its one header only (`Echo-Frame-Info`), spliced into the
frame a device gets (the same members a device got when the gateway parsed and wrote every view), and a message
that is no frame is dropped rather than relayed or fatal."""

import json

import pytest
from echo_engine.wire import encode_frame, encode_update
from echo_events.play import PlayReply
from echo_gateway.ws.frames import UPDATE, ack_prefix, game_frame, is_frame
from nats.aio.msg import Msg

pytestmark = pytest.mark.unit

VIEW = {"game_id": "g1", "kind": "ghost_five", "table": {"you": 1, "status": "playing"}, "game": {"log": ["ё"]}}
BODY = json.dumps({"game_id": "g1", "version": 7, "view": VIEW}, ensure_ascii=False).encode()


def message(headers: dict[str, str] | None, data: bytes = BODY) -> Msg:
    return Msg(_client=None, subject="echo.updates.a", data=data, headers=headers)  # type: ignore[arg-type]


def info(**fields: object) -> dict[str, str]:
    return {"Echo-Frame-Info": json.dumps(fields)}


def test_an_update_and_an_ack_carry_the_engines_members_behind_their_own() -> None:
    frame = game_frame(message(info(game_id="g1", version=7, seat=1, table_status="playing")))
    assert frame is not None and (frame.game_id, frame.version, frame.seat, frame.table_status) == \
        ("g1", 7, 1, "playing")
    assert (frame.log_from, frame.base_version, frame.log_length, frame.duplicate) == (None, None, None, False)
    assert json.loads(frame.text(UPDATE)) == {"type": "update", "game_id": "g1", "version": 7, "view": VIEW}
    assert json.loads(frame.text(ack_prefix("c-1", True))) == \
        {"type": "ack", "id": "c-1", "duplicate": True, "game_id": "g1", "version": 7, "view": VIEW}


def test_a_delta_says_where_its_log_starts_and_what_it_extends() -> None:
    body = b'{"game_id":"g1","version":9,"base_version":8,"log_from":4,"view":{"log":[5]}}'
    frame = game_frame(message(info(game_id="g1", version=9, base_version=8, log_from=4, log_length=5), body))
    assert frame is not None and (frame.log_from, frame.base_version, frame.log_length) == (4, 8, 5)
    reply = b'{"game_id":"g1","version":9,"log_from":4,"view":{"log":[5]}}'
    answer = game_frame(message(info(game_id="g1", version=9, log_from=4, log_length=5, duplicate=True), reply))
    assert answer is not None and answer.duplicate
    assert json.loads(answer.text(ack_prefix("c-2", False, 8))) == \
        {"type": "ack", "id": "c-2", "duplicate": False, "base_version": 8, "game_id": "g1", "version": 9,
         "log_from": 4, "view": {"log": [5]}}


@pytest.mark.parametrize(("headers", "data"), [
    (None, BODY),
    ({"Echo-Game-Id": "g1", "Echo-Game-Version": "7"}, BODY),  # one header each: no engine writes that form
    (info(game_id="g1", version=7), b""),
    (info(game_id="g1", version=7), b"{}"),
    (info(game_id="g1", version=7), b"[1, 2, 3]"),
])
def test_a_message_that_is_no_frame_is_none(headers: dict[str, str] | None, data: bytes) -> None:
    assert game_frame(message(headers, data)) is None


def test_what_the_engine_writes_is_read_back() -> None:
    data, headers = encode_update("g1", 7, VIEW)
    frame = game_frame(message(headers, data))
    assert frame is not None and (frame.game_id, frame.version, frame.seat, frame.table_status, frame.log_length,
                                  frame.duplicate) == ("g1", 7, 1, "playing", 1, False)
    delta = {**VIEW, "game": {"log": ["a", "b"]}}
    data, headers = encode_update("g1", 9, delta, (8, 1))
    frame = game_frame(message(headers, data))
    assert frame is not None and (frame.base_version, frame.log_from, frame.log_length) == (8, 1, 2)
    reply = PlayReply(ok=True, game_id="g1", version=9, view=delta, duplicate=True, log_from=1)
    data, headers = encode_frame(reply, "replica-1")
    answer = game_frame(message(headers, data))
    assert is_frame(headers) and answer is not None
    assert (answer.duplicate, answer.replica, answer.log_from, answer.seat) == (True, "replica-1", 1, 1)
    assert not is_frame({}) and not is_frame({"Echo-Frame": "1"})


@pytest.mark.parametrize("info", [
    "", "{", "[]", '"g1"', '{"version": 7}', '{"game_id": "", "version": 7}', '{"game_id": "g1"}',
    '{"game_id": "g1", "version": "7"}', '{"game_id": "g1", "version": true}', '{"game_id": 1, "version": 7}',
    '{"game_id": "g1", "version": 7, "seat": "1"}', '{"game_id": "g1", "version": 7, "log_from": 1.5}',
    '{"game_id": "g1", "version": 7, "table_status": 3}', '{"game_id": "g1", "version": 7, "replica": []}',
])
def test_a_frame_info_that_is_not_one_is_no_frame(info: str) -> None:
    assert game_frame(message({"Echo-Frame-Info": info})) is None
