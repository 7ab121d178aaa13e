"""A direct get answered 503 — no replica serving direct gets yet, or JetStream temporarily unavailable, as
around a leader election — or not answered at all is asked again, from the message after the last one
received, within the store's patience; past it the read is the store not answering in time (NatsTimeout,
which the engine answers `engine_unavailable`), never an unexplained failure."""

from __future__ import annotations

import pytest
from echo_runtime import elections
from echo_runtime.direct_read import read_subject
from nats.errors import TimeoutError as NatsTimeout

from tests.support.direct_gets import NO_RESPONDERS, UNAVAILABLE, ScriptedDirectGets, end_of_batch, stored

pytestmark = pytest.mark.unit


@pytest.fixture(autouse=True)
def brief_patience(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(elections, "STORE_TRY", 0.1)
    monkeypatch.setattr(elections, "RETRY_PAUSE", 0.01)
    monkeypatch.setattr(elections, "STORE_PATIENCE", 0.5)


async def test_a_read_told_the_stream_is_unavailable_is_asked_again() -> None:
    nc = ScriptedDirectGets([NO_RESPONDERS], [UNAVAILABLE], [stored(3, b"a"), stored(5, b"b"), end_of_batch()])
    read = await read_subject(nc, "GAMES", "echo.game.g1.*")  # type: ignore[arg-type]
    assert [(m.sequence, m.data) for m in read] == [(3, b"a"), (5, b"b")]
    assert [r["seq"] for r in nc.requests] == [1, 1, 1]


async def test_a_batch_cut_short_is_asked_again_from_the_next_message() -> None:
    nc = ScriptedDirectGets([stored(3, b"a")], [stored(5, b"b"), end_of_batch()])  # the first batch's end is lost
    read = await read_subject(nc, "GAMES", "echo.game.g1.*")  # type: ignore[arg-type]
    assert [(m.sequence, m.data) for m in read] == [(3, b"a"), (5, b"b")]
    assert [r["seq"] for r in nc.requests] == [1, 4]


async def test_unavailable_past_the_patience_is_the_store_not_answering() -> None:
    nc = ScriptedDirectGets(*[[UNAVAILABLE]] * 1000)
    with pytest.raises(NatsTimeout):
        await read_subject(nc, "GAMES", "echo.game.g1.*")  # type: ignore[arg-type]
    assert 2 <= len(nc.requests) < 100  # a pause between askings, not a busy loop
