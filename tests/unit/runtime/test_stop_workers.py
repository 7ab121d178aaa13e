"""A service's shutdown does not hang on a worker that swallows its cancellation (Python 3.11's
`asyncio.wait_for` does when the cancellation comes as its inner future finishes)."""

import asyncio

from echo_runtime.service import stop_workers


async def test_a_worker_that_swallowed_one_cancellation_is_cancelled_again() -> None:
    swallowed = 0

    async def worker() -> None:
        nonlocal swallowed
        while True:
            try:
                await asyncio.sleep(60)
            except asyncio.CancelledError:
                if swallowed:
                    raise
                swallowed += 1

    task = asyncio.create_task(worker())
    await asyncio.sleep(0)
    await stop_workers([task], wait=0.05)
    assert task.cancelled() and swallowed == 1


async def test_a_worker_that_never_stops_is_left_behind_and_shutdown_goes_on() -> None:
    async def worker() -> None:
        while True:
            try:
                await asyncio.sleep(60)
            except asyncio.CancelledError:
                continue

    task = asyncio.create_task(worker())
    await asyncio.sleep(0)
    async with asyncio.timeout(2):
        await stop_workers([task], rounds=3, wait=0.05)
    assert not task.done()
    task.get_coro().close()  # (the test's own clean-up of the stubborn coroutine)


async def test_workers_that_stop_and_ones_already_done() -> None:
    async def ends() -> None:
        return None

    done = asyncio.create_task(ends())
    await done
    sleeping = asyncio.create_task(asyncio.sleep(60))
    await stop_workers([done, sleeping], wait=0.05)
    assert sleeping.cancelled()
