"""A command's updates and its answer: the other players' updates, then the answer, in the same write; the
asker's own other devices' only once the event loop has turned (the NATS client's flusher has written the
answer) — the answer's gateway gets that update too, and must not be handling it while it relays the answer."""

from __future__ import annotations

import asyncio
from functools import partial
from types import SimpleNamespace

import pytest
from echo_engine.outbox import Outbox, Update
from echo_engine.server import EngineServer

pytestmark = pytest.mark.unit

FLUSHER = "the loop turned"


class RecordingNats:
    def __init__(self, happened: list[str]) -> None:
        self.happened = happened

    async def publish(self, subject: str, data: bytes, headers: dict[str, str] | None = None) -> None:
        self.happened.append(subject)


def server(happened: list[str]) -> EngineServer:
    return EngineServer(SimpleNamespace(outbox=Outbox(RecordingNats(happened))), "replica-1", RecordingNats(happened))


def update(account_id: str) -> Update:
    return Update(account_id, "k1", 4, {"game": {"log": []}}, base=(3, 0))


async def answer(happened: list[str]) -> None:
    happened.append("the answer")


async def test_the_others_go_ahead_of_the_answer_the_askers_own_waits_for_the_loop_to_turn() -> None:
    happened: list[str] = []
    asyncio.get_running_loop().call_soon(happened.append, FLUSHER)  # runs at the first turn of the loop
    await server(happened).tell([update("bob"), update("ann"), update("cid")], asker="ann",
                                answer=partial(answer, happened))
    assert happened == ["echo.updates.bob", "echo.updates.cid", "the answer", FLUSHER, "echo.updates.ann"]


async def test_with_no_update_of_the_askers_own_nothing_waits() -> None:
    happened: list[str] = []
    asyncio.get_running_loop().call_soon(happened.append, FLUSHER)
    await server(happened).tell([update("bob"), update("cid")], asker="ann")
    assert happened == ["echo.updates.bob", "echo.updates.cid"]
    await asyncio.sleep(0)
    assert happened[-1] == FLUSHER


async def test_an_echo_move_has_only_the_askers_own_update_and_it_goes_after_the_turn() -> None:
    happened: list[str] = []
    asyncio.get_running_loop().call_soon(happened.append, FLUSHER)
    await server(happened).tell([update("ann")], asker="ann", answer=partial(answer, happened))
    assert happened == ["the answer", FLUSHER, "echo.updates.ann"]
