"""Asking the engine over NATS request/reply: any replica (queue group `engine`), or the one that last
answered about the game, which holds it in its cache (`engine.cmd.replica.<id>`, `PlayReply.replica`).

Sent to any replica, a game's moves would mostly find it cached elsewhere: with two replicas half of
them, with twelve nearly all, and each such move reads the game back from the stream and folds it.

A request with no answer after `reask_after` seconds is sent again, the same bytes, while the first one's
answer is still awaited: core NATS delivers at most once, and a request in flight through a NATS server that
is killed is lost — without a second asking the player would wait out the whole `ENGINE_TIMEOUT` and then
resend. Asking again is safe: a command carries its id, which the engine applies once (a retry is answered
as a duplicate), and a `get` changes nothing. The second asking says so (`REASK_HEADER`), so that a replica
still handling the first — a slow append while a stream elects a leader, a queue at midnight — drops it
rather than doing the work twice.

An engine replica running in this same process (`echo_runtime.local_requests`: `make run`, or the gateway and
the engine deployed together) is asked directly, the same bytes and headers: for a new game (any replica),
and for a game it holds. The NATS server then carries a move's append and updates, not its request and answer.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import orjson
import structlog
from echo_events.play import (
    DEADLINE_HEADER,
    ENGINE_SUBJECT,
    REASK_HEADER,
    REPLY_AS_HEADER,
    Act,
    PlayRequest,
    encode_request,
    replica_subject,
)
from echo_runtime.local_requests import Answer, Responder, responder_here
from echo_runtime.lru import Lru
from echo_runtime.telemetry import inject_headers, start_span
from nats.aio.client import Client
from nats.aio.msg import Msg
from opentelemetry.trace import SpanKind
from prometheus_client import Counter

from .service_request import NobodyThere, TooLarge, Unavailable, request_message
from .ws.frames import GameFrame, game_frame, is_frame

log = structlog.get_logger(__name__)

ENGINE_TIMEOUT = 5.0
REASK_AFTER = 2.0  # the gateway's `engine_reask_seconds` by default
HELD_GAMES = 20_000  # games whose replica a gateway remembers (~200 B each); the least recently asked go
HOLDER_GONE = Counter("echo_gateway_engine_holder_gone_total",
                      "Commands whose game's engine replica was gone (no responders), sent to any replica instead")
REASKED = Counter("echo_gateway_engine_reasks_total",
                  "Requests to the engine sent again, the same, after no answer in the gateway's re-ask time")


class EngineUnavailable(Unavailable):
    pass


class Holders:
    """Which engine replica holds each game, as this gateway last heard: shared by its connections, so a
    device that reconnects (a phone changing networks) finds its game where it was; and how long they wait
    for an answer before asking again (`reask_after`, the gateway's setting)."""

    def __init__(self, capacity: int = HELD_GAMES, reask_after: float = REASK_AFTER) -> None:
        self._replica: Lru[str, str] = Lru(capacity)
        self.reask_after = reask_after

    def of(self, game_id: str | None) -> str | None:
        return None if game_id is None else self._replica.get(game_id)

    def heard(self, game_id: Any, replica: Any) -> None:
        """A reply about `game_id` came from `replica` (either may be missing: nothing to remember)."""
        if isinstance(game_id, str) and game_id and isinstance(replica, str) and replica:
            self._replica.put(game_id, replica)

    def forget(self, game_id: str | None) -> None:
        if game_id is not None:
            self._replica.pop(game_id)


def span_name(request: PlayRequest) -> str:
    """`engine start`, `engine get`, …; a move names its action: `engine act probe`."""
    action = request.action.get("type") if isinstance(request, Act) else None
    kind = f" {action}" if isinstance(action, str) else ""
    return f"engine {request.type}{kind[:33]}"


async def ask_engine(nc: Client, request: PlayRequest, holders: Holders | None = None) -> dict[str, Any]:
    """The engine's reply, asked of the replica that holds the request's game when `holders` knows it."""
    return _parsed(await _ask_holder(nc, request, holders, {}), holders)


class UnreadableFrame(EngineUnavailable):
    """The engine's reply said it was a frame and was none."""


async def ask_engine_for_frame(nc: Client, request: PlayRequest, holders: Holders) -> GameFrame | dict[str, Any]:
    """As `ask_engine`, but a reply with a game's view comes as the frame the engine wrote: a device's frame
    body, unread, and what to decide on (echo_events.play.REPLY_AS_HEADER); any other reply (a refusal, a
    pairing's wait) is the `PlayReply`, parsed. `UnreadableFrame` when a frame is none."""
    message = await _ask_holder(nc, request, holders, {REPLY_AS_HEADER: "frame"})
    if not is_frame(message.headers or {}):
        return _parsed(message, holders)
    frame = game_frame(message)
    if frame is None:
        log.warning("a malformed frame from the engine", headers=message.headers)
        raise UnreadableFrame("the game server's answer was unreadable; retry with the same id")
    holders.heard(frame.game_id, frame.replica)
    return frame


def _parsed(message: Msg | Answer, holders: Holders | None) -> dict[str, Any]:
    """The `PlayReply` a message carries, its game's replica remembered."""
    reply = orjson.loads(message.data)
    if holders is not None:
        holders.heard(reply.get("game_id"), reply.get("replica"))
    return reply


async def _ask_holder(nc: Client, request: PlayRequest, holders: Holders | None,
                      headers: dict[str, str]) -> Msg | Answer:
    game_id = getattr(request, "game_id", None)  # the requests about one game (a get, a move, a replay, …)
    replica = holders.of(game_id) if holders is not None else None
    reask_after = holders.reask_after if holders is not None else REASK_AFTER
    try:
        return await _ask(nc, request, replica, headers, reask_after)
    except EngineUnavailable:
        if holders is not None:
            holders.forget(game_id)  # the retry goes to any replica
        raise


async def _ask(nc: Client, request: PlayRequest, replica: str | None, extra: dict[str, str],
               reask_after: float) -> Msg | Answer:
    """The first answer to the request, asked again each `reask_after` seconds without one until
    `ENGINE_TIMEOUT` is over; every asking's answer is awaited, whichever comes first is the one. When no
    replica at all is subscribed (NATS says so at once) the answer is that none answered, at once."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + ENGINE_TIMEOUT
    asking: set[asyncio.Task[Msg | Answer]] = set()
    every: list[asyncio.Task[Msg | Answer]] = []
    data = encode_request(request)
    try:
        with start_span(span_name(request), kind=SpanKind.CLIENT):
            headers = inject_headers({**extra, DEADLINE_HEADER: f"{time.time() + ENGINE_TIMEOUT:.3f}"})
            next_ask, asked = loop.time(), 0
            while (now := loop.time()) < deadline:
                if now >= next_ask:
                    again = {REASK_HEADER: "1"} if asked else {}
                    if asked:
                        REASKED.inc()
                    every.append(asyncio.create_task(_ask_once(nc, data, replica, {**headers, **again},
                                                               deadline - now)))
                    asking.add(every[-1])
                    next_ask, asked = now + reask_after, asked + 1
                done, asking = await asyncio.wait(asking, timeout=min(next_ask, deadline) - now,
                                                  return_when=asyncio.FIRST_COMPLETED)
                for task in done:
                    error = task.exception()
                    if error is None:
                        return task.result()
                    if isinstance(error, NobodyThere) or not isinstance(error, Unavailable):
                        raise error
                if not asking:  # each asking waits until the deadline: none left, none will answer
                    break
    except Unavailable:
        pass
    finally:
        for task in every:  # the others' answers are not wanted; a failure of theirs is no news
            if task.done() and not task.cancelled():
                task.exception()
            else:
                task.cancel()
    raise EngineUnavailable("the game server did not answer; retry with the same id")


async def _ask_once(nc: Client, data: bytes, replica: str | None, headers: dict[str, str],
                    timeout: float) -> Msg | Answer:
    """Asked of `replica` if given — or of any replica when that one is gone; of the one in this process when
    it is that one, or when any may answer."""
    if replica is not None:
        subject = replica_subject(replica)
        if (here := responder_here(subject)) is not None:
            return await _asked_here(nc, here, subject, data, headers, timeout)
        try:
            return await request_message(nc, subject, data, timeout=timeout, headers=headers)
        except NobodyThere:  # stopped or replaced: nothing was delivered, so any replica may take it
            HOLDER_GONE.inc()
    if (here := responder_here(ENGINE_SUBJECT)) is not None:
        return await _asked_here(nc, here, ENGINE_SUBJECT, data, headers, timeout)
    return await request_message(nc, ENGINE_SUBJECT, data, timeout=timeout, headers=headers)


async def _asked_here(nc: Client, responder: Responder, subject: str, data: bytes, headers: dict[str, str],
                      timeout: float) -> Answer:
    """The answer of the replica in this process, bounded as a request over NATS is (its size, its time)."""
    if len(data) > nc.max_payload:
        raise TooLarge(subject)
    try:
        answer = await asyncio.wait_for(responder(data, headers), timeout)
    except TimeoutError:
        raise Unavailable(subject) from None
    if answer is None:  # not answered (as a NATS responder may drop a request): the next asking, or the deadline
        raise Unavailable(subject)
    return answer
