"""A request whose asker stopped waiting (its `Echo-Deadline` passed) is not started: no answer, no
change; the asker's retry with the same command id is then the first to act."""

import json
import time
import uuid

import pytest
from echo_challenge.modes import free_game_id
from echo_events.moscow import moscow_date
from echo_events.play import DEADLINE_HEADER, ENGINE_SUBJECT
from echo_runtime.clock import SystemClock
from nats.errors import TimeoutError as NatsTimeout

from tests.support.metrics import metric
from tests.support.play import ask

pytestmark = pytest.mark.integration


async def test_a_request_past_its_deadline_changes_nothing_and_the_retry_acts(engine, nc) -> None:  # noqa: ANN001
    me, command_id = uuid.uuid4().hex, uuid.uuid4().hex
    start = json.dumps({"type": "start", "account_id": me, "mode": "free", "preset": "standard",
                        "command_id": command_id}).encode()
    before = await metric(engine, "echo_engine_abandoned_total")
    with pytest.raises(NatsTimeout):
        await nc.request(ENGINE_SUBJECT, start, timeout=1, headers={DEADLINE_HEADER: f"{time.time() - 1:.3f}"})
    assert await metric(engine, "echo_engine_abandoned_total") == before + 1
    first_slot = free_game_id(me, moscow_date(SystemClock().now()), 1)
    unknown = await ask(nc, type="get", account_id=me, game_id=first_slot)
    assert unknown["error"]["code"] == "unknown_game"

    reply = json.loads((await nc.request(ENGINE_SUBJECT, start, timeout=5,
                                         headers={DEADLINE_HEADER: f"{time.time() + 5:.3f}"})).data)
    assert reply["ok"] and reply["duplicate"] is False  # the abandoned request had opened nothing
    assert reply["game_id"] == first_slot  # and used none of the day's three Free starts


async def test_a_malformed_deadline_is_ignored(engine, nc) -> None:  # noqa: ANN001
    request = json.dumps({"type": "options", "account_id": uuid.uuid4().hex}).encode()
    reply = await nc.request(ENGINE_SUBJECT, request, timeout=5, headers={DEADLINE_HEADER: "soon"})
    assert json.loads(reply.data)["ok"]


async def test_a_deadline_long_past_means_the_clocks_disagree_and_the_request_is_served(engine, nc) -> None:  # noqa: ANN001
    """No request waits in the engine's queue for an hour: a deadline that far back was set by a clock that
    disagrees with the engine's, and dropping by it would drop every request of that gateway."""
    request = json.dumps({"type": "options", "account_id": uuid.uuid4().hex}).encode()
    before = await metric(engine, "echo_engine_deadline_clock_skew_total")
    reply = await nc.request(ENGINE_SUBJECT, request, timeout=5, headers={DEADLINE_HEADER: f"{time.time() - 3600:.3f}"})
    assert json.loads(reply.data)["ok"]
    assert await metric(engine, "echo_engine_deadline_clock_skew_total") == before + 1
