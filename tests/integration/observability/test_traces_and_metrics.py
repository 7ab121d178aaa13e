"""One command is one trace: WebSocket → gateway → NATS → engine → JetStream → the consumers that read it.
And the metrics operators scrape are there."""

import asyncio

import httpx
import pytest
from echo_events.streams import game_events
from echo_runtime.consumer import ConsumerSpec, DurableConsumer
from echo_runtime.nats_client import connect
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from tests.support.tracing import collected_spans
from tests.support.wsclient import Device

pytestmark = pytest.mark.integration


@pytest.fixture
def spans() -> InMemorySpanExporter:
    exporter = collected_spans()
    exporter.clear()
    return exporter


async def test_a_move_is_one_trace_from_socket_to_projection(spans, system: str, private_nats_url: str) -> None:  # noqa: ANN001
    device = await Device.guest(system)
    await device.connect()
    game = await device.command("start", mode="free", preset="standard")
    hidden = "".join(game["view"]["board"]).index("#")  # a sector a probe opens (a Free field may open A1)
    spans.clear()
    probed = await device.command("probe", game_id=game["game_id"], sector=hidden)
    assert probed["type"] == "ack", probed  # an appended move, so the stream's tip is this command's
    finished = {s.name: s for s in spans.get_finished_spans()}
    client, server = finished["engine act probe"], finished["engine handle"]
    assert server.context.trace_id == client.context.trace_id
    assert server.parent.span_id == client.context.span_id

    nc = await connect(private_nats_url, "tests")
    js = nc.jetstream()
    tip = await js.get_last_msg("GAMES", game_events(game["game_id"]))
    assert f"{client.context.trace_id:032x}" in tip.headers["traceparent"]

    # the third and fourth services: the leagues service's and the engine's own projections read only the
    # games' lifecycle subjects, so the command that ends the game is the one whose trace reaches them
    await device.command("finish", game_id=game["game_id"])
    finisher = next(s for s in spans.get_finished_spans() if s.name == "engine act finish")
    for durable in ("leagues-games", "engine-games"):
        for _ in range(100):
            traced = [s for s in spans.get_finished_spans() if s.name == f"consume {durable}"
                      and s.context.trace_id == finisher.context.trace_id]
            if traced:
                break
            await asyncio.sleep(0.05)
        assert traced, f"{durable} did not continue the finishing command's trace"
    assert not [s for s in spans.get_finished_spans() if s.name.startswith("consume ")
                and s.context.trace_id == client.context.trace_id], "a move reached a projection"

    consumed = asyncio.Event()

    async def projection(msg) -> None:  # noqa: ANN001
        if msg.metadata.sequence.stream >= tip.seq:  # the probe's batch (one message at a time, in order)
            consumed.set()

    spec = ConsumerSpec(stream="GAMES", durable="trace-test", filter_subject=game_events(game["game_id"]))
    consumer = DurableConsumer(nc, spec, projection)
    task = asyncio.create_task(consumer.run())
    await asyncio.wait_for(consumed.wait(), 10)
    consumer.stop()
    await task
    consumer_spans = [s for s in spans.get_finished_spans() if s.name == "consume trace-test"]
    assert client.context.trace_id in {s.context.trace_id for s in consumer_spans}
    await nc.drain()
    await device.close()


async def test_operators_can_scrape_moves_rejections_latency_and_connections(system: str) -> None:
    device = await Device.guest(system)
    await device.connect()
    game = await device.command("start", mode="free", preset="standard")
    await device.command("probe", game_id=game["game_id"], sector="A1")
    await device.command("probe", game_id=game["game_id"], sector="A1")  # sector_open
    async with httpx.AsyncClient(base_url=system) as client:
        text = (await client.get("/metrics")).text
    assert "echo_engine_moves_total" in text and 'echo_engine_rejections_total{code="sector_open"}' in text
    assert "echo_engine_move_seconds_bucket" in text
    assert "echo_gateway_websocket_connections 1.0" in text
    await device.close()


async def test_consumer_lag_is_exported(private_nats_url: str) -> None:
    """On a NATS of its own: its undecodable messages must not reach other tests' consumers."""
    import uuid

    from echo_runtime.nats_client import ensure_streams
    from prometheus_client import REGISTRY

    nc = await connect(private_nats_url, "tests")
    js = nc.jetstream()
    await ensure_streams(js)

    durable = f"lag-{uuid.uuid4().hex[:8]}"
    spec = ConsumerSpec(stream="ACCOUNTS", durable=durable, filter_subject=f"account.{durable}")
    for n in range(3):
        await js.publish(f"account.{durable}", b"not a batch", stream="ACCOUNTS",
                         headers={"Nats-Msg-Id": f"{durable}{n}"})
    blocked = asyncio.Event()

    async def slow(msg) -> None:  # noqa: ANN001
        await blocked.wait()

    consumer = DurableConsumer(nc, spec, slow)
    task = asyncio.create_task(consumer.run())
    for _ in range(100):
        value = REGISTRY.get_sample_value("echo_consumer_lag_messages", {"durable": durable})
        if value is not None:
            break
        await asyncio.sleep(0.05)
    blocked.set()
    consumer.stop()
    await task
    await nc.drain()
    assert value == 3
