"""The engine's replies and updates, written by orjson, say exactly what pydantic's JSON of the same
`PlayReply` / `GameUpdate` says (a reply written as a device's frame, the same update's members; the
headers what the gateway decides on) — for every mode, live and ended games, and the Tutorial's guidance —
and a cached game (its state without the rules' log, its log as JSON fragments) shows what the rules'
view of the whole state shows."""

import json

import orjson
import pytest
from echo_challenge import compact, game
from echo_challenge.start_settings import start_settings
from echo_challenge.view import client_view, log_entry
from echo_engine.games import rules_for
from echo_engine.store import LoadedGame, rendered
from echo_engine.views import game_view
from echo_engine.wire import encode_frame, encode_reply, encode_update
from echo_events.play import (
    FRAME_INFO_HEADER,
    GameCreated,
    GameUpdate,
    PlayError,
    PlayReply,
)
from echo_events.solo_start import DailyRef, SoloStart
from echo_strategies import moves, setups
from hypothesis import given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.unit

METAS = [
    GameCreated(game_id="t1", account_id="a", mode="tutorial", kind="echo",
                settings=start_settings(SoloStart("tutorial")), msk_date="2026-11-29"),
    GameCreated(game_id="f1", account_id="a", mode="free", kind="echo",
                settings=start_settings(SoloStart("standard", "bronze", free_slot=1)), msk_date="2026-11-29"),
    GameCreated(game_id="d1", account_id="a", mode="daily", kind="echo",
                settings=start_settings(SoloStart("standard", "bronze", DailyRef("2026-11-29.bronze", 30))),
                msk_date="2026-11-29"),
]


def pydantic_json(model) -> object:  # noqa: ANN001
    return json.loads(model.model_dump_json(exclude_none=True))


@settings(max_examples=60, deadline=None)
@given(setup=setups(), commands=moves(40), meta=st.sampled_from(METAS), duplicate=st.booleans())
def test_a_view_reply_and_update_read_the_same_as_pydantics(setup, commands, meta, duplicate):
    state, _ = game.start(setup)
    for command in commands:
        state, _ = game.play(state, command)
    bare, entries = compact(state)
    loaded = LoadedGame(meta=meta, rules=rules_for(meta.kind), state=bare, version=len(commands) + 2, last_sequence=9,
                        log=rendered(entries))
    cached = game_view(loaded)  # what the engine writes: the cached game's log as JSON fragments
    view = {**cached, "log": [log_entry(e) for e in state.log]}  # the same view as plain values, for pydantic
    assert json.loads(orjson.dumps(cached)) == json.loads(orjson.dumps(view))
    rules_view = client_view(state)  # the rules' view of the whole state, log and all
    del rules_view["preset"]  # the game view names the product's preset (e.g. «tutorial»), not the rules'
    assert {key: view[key] for key in rules_view} == rules_view
    reply = PlayReply(ok=True, game_id=meta.game_id, version=loaded.version, view=view, duplicate=duplicate)
    assert json.loads(encode_reply(reply)) == pydantic_json(reply)
    update = GameUpdate(game_id=meta.game_id, version=loaded.version, view=view)
    data, headers = encode_update(meta.game_id, loaded.version, view)
    assert json.loads(data) == pydantic_json(update)
    whole = {"game_id": meta.game_id, "version": loaded.version, "log_length": len(view["log"])}
    assert list(headers) == [FRAME_INFO_HEADER] and json.loads(headers[FRAME_INFO_HEADER]) == whole
    known = len(view["log"]) // 2  # after a move: only the entries the version before did not have
    delta = GameUpdate(game_id=meta.game_id, version=loaded.version, base_version=loaded.version - 1,
                       log_from=known, view={**view, "log": view["log"][known:]})
    data, headers = encode_update(meta.game_id, loaded.version, view, (loaded.version - 1, known))
    assert json.loads(data) == pydantic_json(delta)
    assert json.loads(headers[FRAME_INFO_HEADER]) == {**whole, "base_version": loaded.version - 1, "log_from": known}
    # the same reply as a device's frame: the update's members (the asker's delta says `log_from`)
    asked = reply.model_copy(update={"view": delta.view, "log_from": known})
    data, headers = encode_frame(asked, "replica-1")
    assert json.loads(data) == {key: value for key, value in pydantic_json(delta).items() if key != "base_version"}
    assert json.loads(headers[FRAME_INFO_HEADER]) == {**whole, "log_from": known, "replica": "replica-1",
                                                      **({"duplicate": True} if duplicate else {})}


def test_replies_without_a_view_are_unchanged_and_never_frames():
    refusal = PlayReply(ok=False, error=PlayError(code="bad_move", message="нельзя"))
    options = PlayReply(ok=True, data={"presets": [{"id": "standard", "name": "Стандарт"}]})
    waiting = PlayReply(ok=True, data={"waiting": True})
    for reply in (refusal, options, waiting):
        assert json.loads(encode_reply(reply)) == pydantic_json(reply)
        assert encode_frame(reply, "replica-1") is None


def test_a_tables_frame_says_its_seat_and_status():
    view = {"game_id": "g", "kind": "ghost_five", "mode": "table", "version": 4,
            "table": {"seats": 2, "taken": 2, "you": 1, "status": "playing", "settings": {}},
            "game": {"log": [{"turn": 1}]}}
    _, headers = encode_update("g", 4, view)
    assert json.loads(headers[FRAME_INFO_HEADER]) == {"game_id": "g", "version": 4, "log_length": 1, "seat": 1,
                                                      "table_status": "playing"}
    spectator = {**view, "table": {**view["table"], "you": None, "status": "over"}, "game": {"round": 1}}
    _, headers = encode_update("g", 5, spectator)
    assert json.loads(headers[FRAME_INFO_HEADER]) == {"game_id": "g", "version": 5, "table_status": "over"}
