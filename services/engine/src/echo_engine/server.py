"""The engine on NATS: requests on `engine.cmd` (queue group `engine`, so replicas share the load) and
on this replica's own `engine.cmd.replica.<id>` (so a game's commands can come back to the replica that
holds it in its cache: every reply says the id), the expiry of every live game of a Daily when the
daily service closes it, and the games' deadlines when their schedules fire (`timers`). The same two
subjects are served in this process too (`echo_runtime.local_requests`): a gateway running beside this
replica asks it directly, and its new games are opened here."""

from __future__ import annotations

import asyncio
import importlib
import os
import re
import time
import uuid
from collections import Counter as Tally
from collections.abc import Awaitable, Callable, Mapping, Sequence
from functools import partial

import structlog
from echo_events.daily import DailyClosed
from echo_events.envelope import decode, unwrap
from echo_events.errors import explain
from echo_events.play import (
    DEADLINE_HEADER,
    ENGINE_QUEUE,
    ENGINE_SUBJECT,
    PLAY_REQUEST,
    REASK_HEADER,
    REPLY_AS_HEADER,
    PlayReply,
    TimerFired,
    replica_subject,
)
from echo_runtime.db import UNREACHABLE
from echo_runtime.elections import STORE_UNAVAILABLE
from echo_runtime.local_requests import Answer, serve_here
from echo_runtime.service import ServiceRuntime
from echo_runtime.store_usage import parse_size, sample_store
from echo_runtime.telemetry import span_from_headers
from nats.aio.client import Client
from nats.aio.msg import Msg
from opentelemetry.trace import SpanKind
from prometheus_client import Counter, Gauge, Histogram
from pydantic import ValidationError

from . import games as hosted
from .accounts import ACCOUNTS_CONSUMER, accounts_handler
from .handlers import PlayService, refuse
from .messaging import EXPIRY_CONSUMER, MESSAGING
from .outbox import Update
from .presence import PresenceWatcher
from .projections import GAMES_CONSUMER, games_handler
from .store import GameStore
from .timers import FIRED_CONSUMER
from .wire import encode_frame, encode_reply

log = structlog.get_logger(__name__)
MOVES = ("start", "act", "open", "join")
MOVES_TOTAL = Counter("echo_engine_moves_total", "Accepted commands that changed a game", ["command"])
REJECTIONS = Counter("echo_engine_rejections_total", "Refused commands by code", ["code"])
MOVE_SECONDS = Histogram("echo_engine_move_seconds", "Time to decide, append durably and answer a command",
                         buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 1.0))

CACHED_GAMES = Gauge("echo_engine_cached_games", "Games kept folded in this replica's memory")
ABANDONED = Counter("echo_engine_abandoned_total",
                    "Requests not started because the asker had stopped waiting (past their deadline)")
REASKS_DROPPED = Counter("echo_engine_reasks_dropped_total",
                         "Requests asked again by a gateway while this replica was still handling the first "
                         "asking (whose answer the gateway awaits too): not handled twice")
CLOCKS_APART = Counter("echo_engine_deadline_clock_skew_total",
                       "Requests served although their deadline had passed long ago: the asker's clock and "
                       "this replica's disagree")
IN_FLIGHT = 64  # commands handled at once; the rest wait in arrival order
SKEW_LIMIT = 60.0  # seconds past a request's deadline beyond which the clocks disagree (the gateway waits 5)


def replica_name() -> str:
    """This replica's id: its host (the pod's name in Kubernetes) and a random part (two on one host differ)."""
    host = re.sub(r"[^A-Za-z0-9_-]", "-", os.environ.get("HOSTNAME") or os.uname().nodename)[:40]
    return f"{host}-{uuid.uuid4().hex[:8]}"


class Asking:
    """A request from an asker in this process, handled as a NATS request is; its answer is handed back
    (`answered`) instead of published."""

    reply = "here"  # answered, as a NATS request with a reply subject is

    def __init__(self, data: bytes, headers: dict[str, str]) -> None:
        self.data = data
        self.headers = headers
        self.answered: asyncio.Future[Answer | None] = asyncio.get_running_loop().create_future()

    def answer(self, answer: Answer | None) -> None:
        if not self.answered.done():
            self.answered.set_result(answer)


class EngineServer:
    def __init__(self, play: PlayService, replica: str, nc: Client) -> None:
        self.play = play
        self.replica = replica
        self._nc = nc
        self._inflight: set[asyncio.Task[None]] = set()
        self._handling: Tally[bytes] = Tally()  # the requests (their bodies) queued or being handled here
        # Under a surge (midnight: everyone starts the Daily), handling everything at once would make every
        # request slow and many late; a bounded number at a time serves them in order. A request whose
        # asker has given up is not started: he will retry with the same command id.
        self._admission = asyncio.Semaphore(IN_FLIGHT)
        self._skew_warned_at = -60.0

    async def on_request(self, msg: Msg) -> None:
        """A request: a task of its own, so that the subscription goes on to the next at once."""
        self._start(msg)

    async def answer_here(self, data: bytes, headers: dict[str, str]) -> Answer | None:
        """A request from an asker in this process, handled as `on_request` handles one — in a task of its own,
        so an asker that stops waiting does not cut a command short between its append and its updates; None
        when it is not answered (a second asking of one still handled here, or an asker past its deadline)."""
        asking = Asking(data, headers)
        task = self._start(asking)
        if task is None:
            return None
        task.add_done_callback(lambda _: asking.answer(None))  # handled without an answer: none will come
        return await asking.answered

    def _start(self, msg: Msg | Asking) -> asyncio.Task[None] | None:
        """The request's handling started (None: not started). A gateway's second asking of a request this
        replica is still handling is dropped: the gateway awaits the first one's answer too, and handling both
        would double a queue at the moment it is longest."""
        if (msg.headers or {}).get(REASK_HEADER) and msg.data in self._handling:
            REASKS_DROPPED.inc()
            return None
        self._handling[msg.data] += 1
        task = asyncio.create_task(self._answer(msg))
        self._inflight.add(task)
        task.add_done_callback(partial(self._handled, msg.data))
        return task

    def _handled(self, body: bytes, task: asyncio.Task[None]) -> None:
        self._inflight.discard(task)
        self._handling[body] -= 1
        if not self._handling[body]:
            del self._handling[body]

    async def _answer(self, msg: Msg | Asking) -> None:
        async with self._admission:
            if self._abandoned(msg.headers):
                ABANDONED.inc()
                return
            await self._handle(msg)

    def _abandoned(self, headers: dict[str, str] | None) -> bool:
        """The asker stopped waiting (its `Echo-Deadline` passed). A deadline passed by more than
        `SKEW_LIMIT` was not missed in this replica's queue — nothing waits that long — but set by a clock
        that disagrees with this one: dropping by it would drop every request of that gateway, so such a
        request is served (a retry of it is a duplicate, answered from the stream), counted and warned of."""
        try:
            late = time.time() - float((headers or {})[DEADLINE_HEADER])
        except (KeyError, ValueError):
            return False
        if late <= SKEW_LIMIT:
            return late > 0
        CLOCKS_APART.inc()
        if time.monotonic() - self._skew_warned_at >= 60:  # a warning a minute, not one a request
            self._skew_warned_at = time.monotonic()
            log.warning("request deadline long past: the gateway's clock and this replica's disagree",
                        seconds_apart=round(late, 1))
        return False

    async def _handle(self, msg: Msg | Asking) -> None:
        updates: list[Update] = []
        asker: str | None = None
        reply: PlayReply | None = None
        try:
            with self.play.outbox.held() as updates:
                asker, reply = await self._reply_to(msg)
        finally:
            answer = partial(self._respond, msg, reply) if reply is not None and msg.reply else None
            await self.tell(updates, asker, answer)

    async def tell(self, updates: list[Update], asker: str | None,
                   answer: Callable[[], Awaitable[None]] | None = None) -> None:
        """A command's updates and its answer: the other players' updates, then the answer, in one write (a
        turn is over for them when they have it too); the asker's own other devices' once that write is out —
        the answer's gateway gets that update too, and handling it there delayed the answer it relays (a move
        ~10 % slower, alternating in one stack: docs/performance.md). The others' go ahead of the answer: a
        gateway relays what it reads in order, so their frames, read first, are not held behind the answer's."""
        await self.play.outbox.send([update for update in updates if update.account_id != asker])
        if answer is not None:
            await answer()
        own = [update for update in updates if update.account_id == asker]
        if own:
            await asyncio.sleep(0)  # the NATS client's flusher writes what is published so far
            await self.play.outbox.send(own)

    async def _respond(self, msg: Msg | Asking, reply: PlayReply) -> None:
        """As the device's `ack` when the asker wants frames and the reply has a view; else a `PlayReply`.
        Two formats because a gateway relays a frame's view unread (~6 µs an ack) where it would parse a reply's
        and write it again (25 µs for Ark's 5 KB view, 65 for Ghost Five's 11 KB: bench_gateway_frames), while
        the engine writes either in the same time, and every other asker reads the one `PlayReply`."""
        framed = encode_frame(reply, self.replica) if (msg.headers or {}).get(REPLY_AS_HEADER) == "frame" else None
        data, headers = framed if framed is not None else (encode_reply(reply, self.replica), None)
        if isinstance(msg, Asking):
            msg.answer(Answer(data, headers))
        elif headers is None:
            await msg.respond(data)
        else:
            await self._nc.publish(msg.reply, data, headers=headers)

    async def _reply_to(self, msg: Msg | Asking) -> tuple[str | None, PlayReply]:
        """The asking account (None: a request that names none, or could not be read) and the reply."""
        started = time.perf_counter()
        asker = None
        with span_from_headers("engine handle", msg.headers, kind=SpanKind.SERVER) as span:
            try:
                request = PLAY_REQUEST.validate_json(msg.data)
            except ValidationError as error:
                kind, reply = "invalid", refuse("bad_request", explain(error))
            else:
                kind, asker = request.type, getattr(request, "account_id", None)
                span.set_attribute("echo.command", kind)
                try:
                    reply = await self.play.handle(request)
                except STORE_UNAVAILABLE as error:  # the stream had no leader for longer than append waits
                    log.warning("the game store did not answer", command=kind, error=repr(error))
                    reply = refuse("engine_unavailable", "the game store did not answer in time; send the "
                                                         "command again (its id makes that safe)")
                except UNREACHABLE as error:  # a start that needs PostgreSQL while it is down (a move needs none)
                    log.warning("PostgreSQL did not answer", command=kind, error=repr(error))
                    reply = refuse("engine_unavailable", "the engine's database is not reachable; send the "
                                                         "command again later (its id makes that safe)")
                except Exception:  # noqa: BLE001 - the player gets an answer; the failure is logged in full
                    log.exception("command failed", request=request.model_dump(mode="json"))
                    reply = refuse("internal", "the engine could not process this command; nothing changed")
            if reply.error is not None:
                span.set_attribute("echo.rejection", reply.error.code)
                REJECTIONS.labels(reply.error.code).inc()
            elif kind in MOVES:
                MOVES_TOTAL.labels(kind).inc()
                MOVE_SECONDS.observe(time.perf_counter() - started)
        return asker, reply

    async def on_daily_closed(self, msg: Msg) -> None:
        for envelope in decode(msg.data).events:
            event = unwrap(envelope)
            if not isinstance(event, DailyClosed):
                continue
            expired = await self.play.expire_daily(event.daily_id)
            if expired:  # a first start reads every past close, most of them with no game left open
                log.info("daily games expired", daily_id=event.daily_id, games=expired)

    async def on_timer(self, msg: Msg) -> None:
        """A deadline's schedule fired (a malformed body raises: retried, then dead-lettered, never lost)."""
        await self.fire(TimerFired.model_validate_json(msg.data), scheduled=True)

    async def fire(self, timer: TimerFired, scheduled: bool = False) -> None:
        """A deadline came (its schedule, or this replica's own timer for it): decided, its updates sent."""
        with self.play.outbox.held() as updates:
            await self.play.on_timer(timer, scheduled)
        await self.play.outbox.send(updates)

    async def drain(self) -> None:
        if self._inflight:
            await asyncio.wait(self._inflight, timeout=10)


async def start_engine(runtime: ServiceRuntime, *, cached_games: int, replica: str,
                       games: Sequence[str] = (), store_limit: int = parse_size("8GB"),
                       written_as: Mapping[str, int] | None = None) -> None:
    hosted.load_installed()
    for module in games:
        hosted.register(importlib.import_module(module))
    store = GameStore(runtime.js, runtime.nc, capacity=cached_games, written_as=written_as)
    CACHED_GAMES.set_function(lambda: store.size)
    server = EngineServer(PlayService(runtime.nc, runtime.js, runtime.pool, runtime.clock, store), replica,
                          runtime.nc)
    server.play.timers.on_local = server.fire
    shared = await runtime.nc.subscribe(ENGINE_SUBJECT, queue=ENGINE_QUEUE, cb=server.on_request)
    own = await runtime.nc.subscribe(replica_subject(server.replica), cb=server.on_request)
    here = [serve_here(subject, server.answer_here) for subject in (ENGINE_SUBJECT, replica_subject(server.replica))]

    async def stop_serving_here() -> None:  # first: a gateway beside it asks the other replicas meanwhile
        for stop in here:
            stop()

    log.info("engine replica serving", replica=server.replica)
    runtime.consume(MESSAGING, {EXPIRY_CONSUMER.durable: server.on_daily_closed,
                                FIRED_CONSUMER.durable: server.on_timer,
                                GAMES_CONSUMER.durable: games_handler(runtime.pool, runtime.nc, store),
                                ACCOUNTS_CONSUMER.durable: accounts_handler(runtime.pool)})
    watcher = PresenceWatcher(runtime.nc, server.play.tables)
    presence = await watcher.subscribe()
    runtime.spawn("presence", watcher.run)
    runtime.spawn("store-usage", partial(sample_store, runtime.js, store_limit))
    runtime.on_stop(stop_serving_here, shared.unsubscribe, own.unsubscribe, presence.unsubscribe, server.drain,
                    server.play.timers.close)
