"""The dev clock: a MovableClock that tells the publisher when it moved, and the operator's endpoints.

With ECHO_DAILY_DEV_CLOCK on, `GET /dev/clock` shows the service's time and `POST /dev/clock/next-midnight`
jumps to the next 00:00 MSK (or `seconds_before` it), so a person can watch the rollover by hand. The
endpoints exist only with the dev clock on (404 otherwise), live on the daily service's own port (never
on the gateway) and answer only requests from the loopback interface (the machine itself, or
`kubectl port-forward`). The dev clock also answers core NATS requests on `dev.daily.clock` with its
time, which the gateway (in its dev mode) uses for the Daily's time left.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Annotated, Any

from echo_events.daily import SUBJECT_DEV_CLOCK
from echo_runtime.clock import Clock, MovableClock
from litestar import Request, get, post
from litestar.exceptions import NotAuthorizedException
from litestar.params import Parameter
from nats.aio.client import Client
from nats.aio.msg import Msg

from .calendar import MSK, moscow_date, next_midnight
from .schedule import next_due_at

MAX_SECONDS_BEFORE = 3600


class SteerableClock(MovableClock):
    """A MovableClock whose moves are announced to subscribers (the publisher wakes up early)."""

    def __init__(self, start: datetime | None = None) -> None:
        super().__init__(start)
        self._listeners: list[Callable[[], object]] = []

    def subscribe(self, listener: Callable[[], object]) -> None:
        self._listeners.append(listener)

    def advance(self, delta: timedelta) -> None:
        super().advance(delta)
        for listener in self._listeners:
            listener()


async def answer_clock_requests(nc: Client, clock: Clock) -> None:
    """Answer `dev.daily.clock` requests with the dev clock's time, so the gateway's dev views follow it."""

    async def answer(msg: Msg) -> None:
        await msg.respond(clock.now().isoformat().encode())

    await nc.subscribe(SUBJECT_DEV_CLOCK, cb=answer)


def _operator_only(request: Request) -> None:
    host = request.client.host if request.client else ""
    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if not loopback:
        raise NotAuthorizedException("the dev clock answers only on the loopback interface")


def _clock_view(request: Request) -> dict[str, Any]:
    now = request.app.state.clock.now()
    return {
        "dev_clock": True,
        "now": now.isoformat(),
        "now_msk": now.astimezone(MSK).isoformat(),
        "moscow_date": moscow_date(now).isoformat(),
        "next_midnight": next_midnight(now).isoformat(),
        "next_due_at": next_due_at(now, request.app.state.schedule_config).isoformat(),
    }


@get("/dev/clock", operation_id="devClock")
async def dev_clock(request: Request) -> dict[str, Any]:
    _operator_only(request)
    return _clock_view(request)


@post("/dev/clock/next-midnight", operation_id="devClockNextMidnight", status_code=200)
async def dev_clock_next_midnight(
    request: Request,
    seconds_before: Annotated[
        int, Parameter(ge=0, le=MAX_SECONDS_BEFORE, description="stop this many seconds before it")
    ] = 0,
) -> dict[str, Any]:
    """Jump to the next 00:00 MSK (minus `seconds_before`). Never backwards: a target already behind the
    clock leaves it where it is."""
    _operator_only(request)
    clock: MovableClock = request.app.state.clock
    before = clock.now()
    target = next_midnight(before) - timedelta(seconds=seconds_before)
    moved = timedelta(0)
    if target > clock.now():
        clock.jump_to(target)
        moved = target - before
    return {**_clock_view(request), "before": before.isoformat(), "moved_seconds": moved.total_seconds()}


DEV_ROUTES = (dev_clock, dev_clock_next_midnight)
