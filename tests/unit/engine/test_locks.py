"""A game's lock: one command at a time per game, others' games not held up, nothing kept once unused."""

from __future__ import annotations

import asyncio
import contextlib

import pytest
from echo_engine.locks import Locks

pytestmark = pytest.mark.unit


async def test_commands_on_one_game_take_turns_and_other_games_do_not_wait() -> None:
    locks, order = Locks(), []

    async def command(game_id: str, name: str, gate: asyncio.Event | None = None) -> None:
        async with locks(game_id):
            order.append(f"{name} in")
            if gate is not None:
                await gate.wait()
            order.append(f"{name} out")

    gate = asyncio.Event()
    first = asyncio.create_task(command("g1", "first", gate))
    await asyncio.sleep(0)
    second = asyncio.create_task(command("g1", "second"))
    other = asyncio.create_task(command("g2", "other"))
    await asyncio.sleep(0)
    assert order == ["first in", "other in", "other out"]  # the second waits for the first; g2 does not
    gate.set()
    await asyncio.gather(first, second, other)
    assert order[3:] == ["first out", "second in", "second out"]
    assert len(locks) == 0  # nothing kept for games nobody holds


async def test_a_command_cancelled_while_waiting_leaves_nothing_behind() -> None:
    locks = Locks()
    gate = asyncio.Event()

    async def holder() -> None:
        async with locks("g1"):
            await gate.wait()

    held = asyncio.create_task(holder())
    await asyncio.sleep(0)

    async def waiter() -> None:
        async with locks("g1"):
            raise AssertionError("never reached: cancelled while waiting")

    waiting = asyncio.create_task(waiter())
    await asyncio.sleep(0)
    waiting.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await waiting
    gate.set()
    await held
    assert len(locks) == 0


async def test_the_lock_is_released_when_the_command_fails() -> None:
    locks = Locks()
    with pytest.raises(RuntimeError):
        async with locks("g1"):
            raise RuntimeError("the command failed")
    async with locks("g1"):  # not left held
        pass
    assert len(locks) == 0


async def test_the_holder_enters_its_game_again_and_others_still_wait() -> None:
    locks, order = Locks(), []
    gate = asyncio.Event()

    async def holder() -> None:
        async with locks("g1"):
            async with locks("g1"):  # a join holds the lock for its claim, and its command takes it again
                order.append("holder inside twice")
                await gate.wait()
            order.append("holder inside once")
        order.append("holder out")

    async def other() -> None:
        async with locks("g1"):
            order.append("other in")

    first = asyncio.create_task(holder())
    await asyncio.sleep(0)
    second = asyncio.create_task(other())
    await asyncio.sleep(0)
    assert order == ["holder inside twice"]
    gate.set()
    await asyncio.gather(first, second)
    assert order == ["holder inside twice", "holder inside once", "holder out", "other in"]
    assert len(locks) == 0
