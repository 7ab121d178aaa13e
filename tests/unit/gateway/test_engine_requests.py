"""The gateway asks the engine with the contract's own request models (`echo_events.play`), written by the one
encoder the engine's reading mirrors: every device command becomes the request the engine reads back equal, and
one beyond the engine's bounds is refused before it is sent, as the engine would refuse it."""

import json
from typing import Any

import pytest
from echo_events import play
from echo_events.play import PLAY_REQUEST, encode_request
from echo_gateway.engine_client import Holders, span_name
from echo_gateway.ws import connection as connection_module
from echo_gateway.ws.connection import Connection
from echo_gateway.ws.log_deltas import LogDeltas
from echo_gateway.ws.protocol import CLIENT_MESSAGE

pytestmark = pytest.mark.unit


class Socket:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(json.loads(text))


def device(monkeypatch: pytest.MonkeyPatch, league: str = "silver") -> tuple[Connection, Socket, list[Any]]:
    """A connection whose player is in `league`, and the requests it asked the engine (none answered)."""
    socket, asked = Socket(), []

    async def league_of(nc: object, account_id: str) -> str:
        return league

    async def ask_engine_for_frame(nc: object, request: play.PlayRequest, holders: Holders) -> dict[str, Any]:
        asked.append(request)
        return {"ok": False, "error": {"code": "unknown_game", "message": "no such game"}}

    monkeypatch.setattr(connection_module, "league_of", league_of)
    monkeypatch.setattr(connection_module, "ask_engine_for_frame", ask_engine_for_frame)
    return Connection(socket, None, None, None, Holders(), None), socket, asked  # type: ignore[arg-type]


ACCOUNT = type("Identity", (), {"account_id": "acc-1"})()


@pytest.mark.parametrize(("frame", "expected"), [
    ({"type": "start", "id": "c1", "kind": "echo", "mode": "tutorial"},
     play.StartGame(account_id="acc-1", command_id="c1", mode="tutorial")),
    ({"type": "start", "id": "c1", "kind": "echo", "mode": "daily"},
     play.StartGame(account_id="acc-1", command_id="c1", mode="daily", league="silver")),
    ({"type": "start", "id": "c1", "kind": "echo", "mode": "free", "preset": "p3"},
     play.StartGame(account_id="acc-1", command_id="c1", mode="free", preset="p3")),
    ({"type": "start", "id": "c1", "kind": "ark", "seats": 5, "settings": {"roles": 2}, "bots": ["easy"]},
     play.OpenTable(account_id="acc-1", command_id="c1", kind="ark", seats=5, settings={"roles": 2},
                    bots=("easy",))),
    ({"type": "join", "id": "c1", "kind": "ghost_five", "invite": "g1.secret"},
     play.JoinTable(account_id="acc-1", command_id="c1", kind="ghost_five", invite="g1.secret")),
    ({"type": "pair", "id": "c1", "kind": "ghost_five", "settings": {"board": 15}},
     play.PairTable(account_id="acc-1", command_id="c1", kind="ghost_five", settings={"board": 15})),
    ({"type": "unpair", "id": "c1", "kind": "ghost_five"},
     play.UnpairTable(account_id="acc-1", command_id="c1", kind="ghost_five")),
    ({"type": "leave", "id": "c1", "game_id": "g1"},
     play.LeaveTable(account_id="acc-1", command_id="c1", game_id="g1")),
    ({"type": "act", "id": "c1", "game_id": "g1", "action": {"type": "probe", "sector": 7}},
     play.Act(account_id="acc-1", command_id="c1", game_id="g1", action={"type": "probe", "sector": 7})),
    ({"type": "resume", "id": "c1", "game_id": "g1", "version": 3},
     play.GetGame(account_id="acc-1", game_id="g1")),
])
async def test_each_device_command_is_the_engines_request_read_back_equal(
        monkeypatch: pytest.MonkeyPatch, frame: dict[str, Any], expected: play.PlayRequest) -> None:
    connection, socket, asked = device(monkeypatch)
    await connection._command(ACCOUNT, CLIENT_MESSAGE.validate_python(frame))
    assert asked == [expected]
    assert PLAY_REQUEST.validate_json(encode_request(expected)) == expected
    assert socket.sent == [{"type": "error", "id": "c1", "code": "unknown_game", "message": "no such game"}]


async def test_a_move_of_a_game_whose_log_the_device_holds_asks_for_the_entries_after_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    connection, _, asked = device(monkeypatch)
    connection._logs = LogDeltas()
    connection._logs.whole("g1", 4, 11)
    await connection._command(ACCOUNT, CLIENT_MESSAGE.validate_python(
        {"type": "act", "id": "c2", "game_id": "g1", "action": {"type": "finish"}}))
    assert [request.log_from for request in asked] == [11]


async def test_a_request_beyond_the_engines_bounds_is_refused_unsent(monkeypatch: pytest.MonkeyPatch) -> None:
    connection, socket, asked = device(monkeypatch, league="diamond")  # a league the contract does not know
    await connection._command(ACCOUNT, CLIENT_MESSAGE.validate_python(
        {"type": "start", "id": "c3", "kind": "echo", "mode": "daily"}))
    assert asked == []
    (refusal,) = socket.sent
    assert (refusal["type"], refusal["id"], refusal["code"]) == ("error", "c3", "bad_request")
    assert "league" in refusal["message"]


def test_the_wire_holds_a_requests_fields_and_leaves_out_those_it_has_not() -> None:
    move = play.Act(account_id="acc-1", command_id="c1", game_id="g1", action={"type": "beam", "sector": 12})
    assert json.loads(encode_request(move)) == {"type": "act", "account_id": "acc-1", "command_id": "c1",
                                                "game_id": "g1", "action": {"type": "beam", "sector": 12}}
    replay = play.ReplayGame(game_id="g1")
    assert json.loads(encode_request(replay)) == {"type": "replay", "game_id": "g1"}
    assert (span_name(move), span_name(replay)) == ("engine act beam", "engine replay")
