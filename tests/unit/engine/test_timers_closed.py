"""A replica shutting down arms none of its own timers: what a decision still in flight schedules is left to
its JetStream schedule (which another replica acts on), never fired here after the service stopped."""

import asyncio
from datetime import timedelta

from echo_engine.timers import Timers
from echo_events.game_rules import Deadline
from echo_runtime.clock import SystemClock


class StoredSchedules:
    """The JetStream context's part Timers uses: every schedule published is kept."""

    def __init__(self) -> None:
        self.published: list[str] = []

    async def publish(self, subject: str, *_: object, **__: object) -> None:
        self.published.append(subject)


async def test_after_close_a_deadline_is_scheduled_but_not_armed_here() -> None:
    clock = SystemClock()
    schedules = StoredSchedules()
    timers = Timers(schedules, clock)  # type: ignore[arg-type]
    fired: list[str] = []

    async def fire(body) -> None:  # noqa: ANN001
        fired.append(body.name)

    timers.on_local = fire
    soon = clock.now() + timedelta(milliseconds=50)
    await timers.schedule("g1", [Deadline(name="before", at=soon, command={"type": "timeout"})])
    await timers.close()  # drops the armed one
    await timers.schedule("g1", [Deadline(name="after", at=soon, command={"type": "timeout"})])
    await asyncio.sleep(0.15)
    assert fired == []
    assert len(schedules.published) == 2  # both are still in the stream, for the schedule to fire


async def test_before_close_a_deadline_fires_here() -> None:
    clock = SystemClock()
    timers = Timers(StoredSchedules(), clock)  # type: ignore[arg-type]
    fired: list[str] = []

    async def fire(body) -> None:  # noqa: ANN001
        fired.append(body.name)

    timers.on_local = fire
    await timers.schedule("g1", [Deadline(name="due", at=clock.now() + timedelta(milliseconds=20),
                                          command={"type": "timeout"})])
    await asyncio.sleep(0.1)
    assert fired == ["due"]
