"""The engine on NATS: requests on `engine.cmd` (queue group `engine`, so replicas share the load),
and the expiry of every live game of a Daily when the daily service closes it."""

from __future__ import annotations

import asyncio

import structlog
from echo_events.daily import DailyClosed
from echo_events.envelope import decode, unwrap
from echo_events.errors import explain
from echo_events.play import ENGINE_QUEUE, ENGINE_SUBJECT, PLAY_REQUEST
from echo_runtime.consumer import ConsumerSpec, DurableConsumer
from echo_runtime.service import ServiceRuntime
from nats.aio.msg import Msg
from pydantic import ValidationError

from .handlers import PlayService, refuse

log = structlog.get_logger(__name__)

EXPIRY_CONSUMER = ConsumerSpec(stream="DAILY", durable="engine-expiry", filter_subject="daily.closed.*")


class EngineServer:
    def __init__(self, play: PlayService) -> None:
        self.play = play
        self._inflight: set[asyncio.Task[None]] = set()

    async def on_request(self, msg: Msg) -> None:
        task = asyncio.create_task(self._answer(msg))
        self._inflight.add(task)
        task.add_done_callback(self._inflight.discard)

    async def _answer(self, msg: Msg) -> None:
        try:
            request = PLAY_REQUEST.validate_json(msg.data)
        except ValidationError as error:
            reply = refuse("bad_request", explain(error))
        else:
            try:
                reply = await self.play.handle(request)
            except Exception:  # noqa: BLE001 - the player gets an answer; the failure is logged in full
                log.exception("command failed", request=request.model_dump(mode="json"))
                reply = refuse("internal", "the engine could not process this command; nothing changed")
        if msg.reply:
            await msg.respond(reply.model_dump_json(exclude_none=True).encode())

    async def on_daily_closed(self, msg: Msg) -> None:
        for envelope in decode(msg.data).events:
            event = unwrap(envelope)
            if not isinstance(event, DailyClosed):
                continue
            expired = await self.play.expire_daily(event.daily_id)
            log.info("daily games expired", daily_id=event.daily_id, games=expired)

    async def drain(self) -> None:
        if self._inflight:
            await asyncio.wait(self._inflight, timeout=10)


async def start_engine(runtime: ServiceRuntime) -> None:
    server = EngineServer(PlayService(runtime.nc, runtime.js, runtime.pool, runtime.clock))
    subscription = await runtime.nc.subscribe(ENGINE_SUBJECT, queue=ENGINE_QUEUE, cb=server.on_request)
    expiry = DurableConsumer(runtime.js, EXPIRY_CONSUMER, server.on_daily_closed)
    runtime.spawn("daily-expiry", expiry.run, expiry.stop)
    runtime.on_stop(subscription.unsubscribe, server.drain)
