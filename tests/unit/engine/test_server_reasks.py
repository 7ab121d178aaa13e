"""A gateway's second asking of a request (`Echo-Reask`) that this replica is still handling is dropped —
the gateway awaits the first one's answer too — and handled once the first is done (its answer was lost);
a request asked for the first time is always handled, even when an identical one is in hand."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest
from echo_engine.server import EngineServer
from echo_events.play import REASK_HEADER

pytestmark = pytest.mark.unit

BODY = b'{"type":"act","account_id":"ann","command_id":"c1"}'


class HeldServer(EngineServer):
    """Handles a request by waiting until the test lets it finish; counts what it handled."""

    def __init__(self) -> None:
        super().__init__(SimpleNamespace(), "replica-1", SimpleNamespace())
        self.release = asyncio.Event()
        self.handled: list[bytes] = []

    async def _answer(self, msg) -> None:  # noqa: ANN001
        self.handled.append(msg.data)
        await self.release.wait()


def request(body: bytes = BODY, reask: bool = False) -> SimpleNamespace:
    return SimpleNamespace(data=body, headers={REASK_HEADER: "1"} if reask else {}, reply="_INBOX_gateway.1")


async def settled() -> None:
    for _ in range(3):
        await asyncio.sleep(0)


async def test_a_reask_of_a_request_in_hand_is_dropped_and_handled_once_that_one_is_done() -> None:
    server = HeldServer()
    await server.on_request(request())
    await server.on_request(request(reask=True))  # the gateway asked again: the first is in hand here
    await server.on_request(request(b'{"type":"act","account_id":"ann","command_id":"c2"}', reask=True))
    await settled()
    assert server.handled == [BODY, b'{"type":"act","account_id":"ann","command_id":"c2"}']

    server.release.set()
    await settled()
    await server.on_request(request(reask=True))  # the first was answered, and its answer lost
    await settled()
    assert server.handled.count(BODY) == 2


async def test_a_first_asking_is_handled_even_beside_an_identical_one() -> None:
    server = HeldServer()
    await server.on_request(request())
    await server.on_request(request())  # another device's, or the client's own resend: not the gateway's
    await settled()
    assert server.handled == [BODY, BODY]
    server.release.set()
    await settled()
