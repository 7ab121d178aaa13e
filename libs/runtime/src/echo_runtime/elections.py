"""A JetStream write or read that outlasts a stream's leader election.

A stream (or key-value bucket) whose leader is lost — its server killed — answers nothing until its replicas
elect another, a few seconds: a request to it gets no answer, finds no stream serving the subject, no
responders, or is told JetStream is temporarily unavailable (503). Such a request is asked again until
`STORE_PATIENCE` runs out, which stays below what the asker waits for (the gateway waits 5 s for the engine):
past it the caller answers "try again shortly", never a server error.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

from nats.errors import NoRespondersError
from nats.errors import TimeoutError as NatsTimeout
from nats.js.errors import NoStreamResponseError, ServiceUnavailableError

#: seconds one attempt waits for the stream's answer. A healthy cluster answers in milliseconds; just after a
#: leader election an attempt may go unanswered, and the next one lands (measured: a player's outage was the
#: election plus one whole attempt's wait). An append sent again too soon is told its first is in process.
STORE_TRY = 0.5
STORE_PATIENCE = 4.0  # seconds of attempts, while a lost leader's replicas elect another
RETRY_PAUSE = 0.1  # before an attempt after an answer at once that no leader serves yet
#: what a request met when the store was between leaders for longer than the patience: the asker may retry
STORE_UNAVAILABLE = (NatsTimeout, NoStreamResponseError, NoRespondersError, ServiceUnavailableError)


T = TypeVar("T")


def between_leaders(error: Exception) -> bool:
    """Whether `error` is what a request meets while its stream has no leader: no answer in an attempt's time
    (nats-py's own timeout is a TimeoutError too), no stream serving the subject, no responders, or JetStream
    temporarily unavailable."""
    return isinstance(error, (TimeoutError, *STORE_UNAVAILABLE))  # an attempt's own timer raises the builtin one


async def through_election(operation: Callable[[], Awaitable[T]],
                           retryable: Callable[[Exception], bool] = between_leaders) -> T:
    """`operation`'s result, asked again while the store is between leaders; past the patience NatsTimeout.
    Only for an operation that may safely be asked twice (a read, a put of the same value, an append with
    its message id): an attempt that got no answer may still have been done. `retryable` says which errors
    are worth asking again (by default `between_leaders`); any other is raised as it is. An attempt that got
    no answer is asked again at once (its wait was the pause), one answered at once after `RETRY_PAUSE`."""

    async def within(seconds: float) -> T:
        async with asyncio.timeout(seconds):
            return await operation()

    return await timed_through_election(within, retryable)


async def timed_through_election(attempt: Callable[[float], Awaitable[T]],
                                 retryable: Callable[[Exception], bool] = between_leaders) -> T:
    """As `through_election`, for an attempt that keeps its own time: it is given the seconds it may wait and
    raises a TimeoutError (nats-py's is one) past them. For a publish, whose request waits with a timeout of
    its own anyway: a second timer around it would cost each append on the engine's hot path as much again
    (an `asyncio.timeout` is several microseconds)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + STORE_PATIENCE
    while True:
        try:
            return await attempt(max(0.1, min(STORE_TRY, deadline - loop.time())))
        except Exception as error:
            if not retryable(error):
                raise
            if loop.time() >= deadline:
                raise NatsTimeout from error
            if not isinstance(error, TimeoutError):
                await asyncio.sleep(RETRY_PAUSE)
