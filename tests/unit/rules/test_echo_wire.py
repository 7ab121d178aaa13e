"""The engine's replies and updates, written by orjson, say exactly what pydantic's JSON of the same
`PlayReply` / `GameUpdate` says — for every mode, live and ended games, and the Tutorial's guidance —
and a cached game (its state without the rules' log, its log as JSON fragments) shows what the rules'
view of the whole state shows."""

import json

import orjson
import pytest
from echo_challenge import compact, game
from echo_challenge.view import client_view, log_entry
from echo_engine.store import LoadedGame, rendered
from echo_engine.views import game_view
from echo_engine.wire import encode_reply, encode_update
from echo_events.play import GameCreated, GameUpdate, PlayError, PlayReply
from echo_strategies import moves, setups
from hypothesis import given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.unit

METAS = [
    GameCreated(game_id="t1", account_id="a", mode="tutorial", preset_id="tutorial", msk_date="2026-11-29"),
    GameCreated(game_id="f1", account_id="a", mode="free", preset_id="standard", free_slot=1, league="bronze",
                msk_date="2026-11-29"),
    GameCreated(game_id="d1", account_id="a", mode="daily", preset_id="standard", daily_id="2026-11-29.bronze",
                daily_number=30, league="bronze", msk_date="2026-11-29"),
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
    loaded = LoadedGame(meta=meta, state=bare, version=len(commands) + 2, last_sequence=9, log=rendered(entries))
    cached = game_view(loaded)  # what the engine writes: the cached game's log as JSON fragments
    view = {**cached, "log": [log_entry(e) for e in state.log]}  # the same view as plain values, for pydantic
    assert json.loads(orjson.dumps(cached)) == json.loads(orjson.dumps(view))
    rules_view = client_view(state)  # the rules' view of the whole state, log and all
    del rules_view["preset"]  # the game view names the product's preset (e.g. «tutorial»), not the rules'
    assert {key: view[key] for key in rules_view} == rules_view
    reply = PlayReply(ok=True, game_id=meta.game_id, version=loaded.version, view=view, duplicate=duplicate)
    assert json.loads(encode_reply(reply)) == pydantic_json(reply)
    update = GameUpdate(game_id=meta.game_id, version=loaded.version, view=view)
    assert json.loads(encode_update(meta.game_id, loaded.version, view)) == pydantic_json(update)
    known = len(view["log"]) // 2  # after a move: only the entries the version before did not have
    delta = GameUpdate(game_id=meta.game_id, version=loaded.version, base_version=loaded.version - 1,
                       log_from=known, view={**view, "log": view["log"][known:]})
    assert json.loads(encode_update(meta.game_id, loaded.version, view, (loaded.version - 1, known))) == \
        pydantic_json(delta)


def test_replies_without_a_view_are_unchanged():
    refusal = PlayReply(ok=False, error=PlayError(code="bad_move", message="нельзя"))
    options = PlayReply(ok=True, data={"presets": [{"id": "standard", "name": "Стандарт"}]})
    for reply in (refusal, options):
        assert json.loads(encode_reply(reply)) == pydantic_json(reply)
