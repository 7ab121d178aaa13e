"""A player's command whose game must be read back while GAMES answers direct gets "unavailable" (503, a
stream between leaders) for longer than the store's patience is refused `engine_unavailable` — the player
sends it again with its id — not `internal`."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from echo_engine.server import EngineServer
from echo_engine.store import GameStore
from echo_runtime import elections

from tests.support.direct_gets import UNAVAILABLE, ScriptedDirectGets

pytestmark = pytest.mark.unit

ACT = b'{"type":"act","account_id":"ann","command_id":"c1","game_id":"g1","action":{"type":"probe","sector":"A1"}}'


async def test_a_game_unreadable_past_the_patience_is_engine_unavailable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(elections, "RETRY_PAUSE", 0.01)
    monkeypatch.setattr(elections, "STORE_PATIENCE", 0.2)
    nc = ScriptedDirectGets(*[[UNAVAILABLE]] * 1000)
    store = GameStore(SimpleNamespace(), nc)  # type: ignore[arg-type]

    async def handle(request):  # noqa: ANN001, ANN202 - reads the game back, as a command on an uncached game does
        return await store.load(request.game_id)

    server = EngineServer(SimpleNamespace(handle=handle), "replica-1", SimpleNamespace())  # type: ignore[arg-type]
    asker, reply = await server._reply_to(SimpleNamespace(data=ACT, headers={}))  # noqa: SLF001
    assert asker == "ann" and reply.error is not None and reply.error.code == "engine_unavailable"
    assert len(nc.requests) >= 2  # asked again within the patience first
