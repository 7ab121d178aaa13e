"""A game's frame as the engine wrote it: read from headers only, spliced into the frame a device gets
(the same members a device got when the gateway parsed and wrote every view), and a message that is no
frame is dropped rather than relayed or fatal."""

import json

import pytest
from echo_gateway.ws.frames import UPDATE, ack_prefix, game_frame
from nats.aio.msg import Msg

pytestmark = pytest.mark.unit

VIEW = {"game_id": "g1", "kind": "ghost_five", "table": {"you": 1, "status": "playing"}, "game": {"log": ["ё"]}}
BODY = json.dumps({"game_id": "g1", "version": 7, "view": VIEW}, ensure_ascii=False).encode()


def message(headers: dict[str, str] | None, data: bytes = BODY) -> Msg:
    return Msg(_client=None, subject="echo.updates.a", data=data, headers=headers)  # type: ignore[arg-type]


def test_an_update_and_an_ack_carry_the_engines_members_behind_their_own() -> None:
    frame = game_frame(message({"Echo-Game-Id": "g1", "Echo-Game-Version": "7", "Echo-Seat": "1",
                                "Echo-Table-Status": "playing"}))
    assert frame is not None and (frame.game_id, frame.version, frame.seat, frame.table_status) == \
        ("g1", 7, 1, "playing")
    assert (frame.log_from, frame.base_version, frame.log_length, frame.duplicate) == (None, None, None, False)
    assert json.loads(frame.text(UPDATE)) == {"type": "update", "game_id": "g1", "version": 7, "view": VIEW}
    assert json.loads(frame.text(ack_prefix("c-1", True))) == \
        {"type": "ack", "id": "c-1", "duplicate": True, "game_id": "g1", "version": 7, "view": VIEW}


def test_a_delta_says_where_its_log_starts_and_what_it_extends() -> None:
    body = b'{"game_id":"g1","version":9,"base_version":8,"log_from":4,"view":{"log":[5]}}'
    frame = game_frame(message({"Echo-Game-Id": "g1", "Echo-Game-Version": "9", "Echo-Base-Version": "8",
                                "Echo-Log-From": "4", "Echo-Log-Length": "5"}, body))
    assert frame is not None and (frame.log_from, frame.base_version, frame.log_length) == (4, 8, 5)
    reply = b'{"game_id":"g1","version":9,"log_from":4,"view":{"log":[5]}}'
    answer = game_frame(message({"Echo-Game-Id": "g1", "Echo-Game-Version": "9", "Echo-Log-From": "4",
                                 "Echo-Log-Length": "5", "Echo-Duplicate": "1"}, reply))
    assert answer is not None and answer.duplicate
    assert json.loads(answer.text(ack_prefix("c-2", False, 8))) == \
        {"type": "ack", "id": "c-2", "duplicate": False, "base_version": 8, "game_id": "g1", "version": 9,
         "log_from": 4, "view": {"log": [5]}}


@pytest.mark.parametrize(("headers", "data"), [
    (None, BODY),
    ({"Echo-Game-Version": "7"}, BODY),
    ({"Echo-Game-Id": "g1"}, BODY),
    ({"Echo-Game-Id": "g1", "Echo-Game-Version": "seven"}, BODY),
    ({"Echo-Game-Id": "g1", "Echo-Game-Version": "7", "Echo-Log-From": "x"}, BODY),
    ({"Echo-Game-Id": "g1", "Echo-Game-Version": "7", "Echo-Seat": ""}, BODY),
    ({"Echo-Game-Id": "g1", "Echo-Game-Version": "7"}, b""),
    ({"Echo-Game-Id": "g1", "Echo-Game-Version": "7"}, b"{}"),
    ({"Echo-Game-Id": "g1", "Echo-Game-Version": "7"}, b"[1, 2, 3]"),
])
def test_a_message_that_is_no_frame_is_none(headers: dict[str, str] | None, data: bytes) -> None:
    assert game_frame(message(headers, data)) is None
