"""An append whose earlier attempt is still on its way into the stream (JetStream answers "duplicate message
id is in process") is sent again after a pause until that one has landed — then it is a duplicate, not a
failure — or, past the store's patience, is the stream not answering in time (the player sends it again).
So is one told that JetStream is temporarily unavailable (503, around a leader election). A read of a
subject's tip that gets no answer (only a leader answers it) is asked again each attempt's time, not waited
out for the client's whole timeout."""

from __future__ import annotations

import asyncio

import pytest
from echo_events.envelope import EncodedBatch
from echo_runtime import append as appending
from echo_runtime import elections
from nats.errors import TimeoutError as NatsTimeout
from nats.js.api import PubAck
from nats.js.errors import APIError, ServiceUnavailableError

pytestmark = pytest.mark.unit

BATCH = EncodedBatch(b"{}", ("echo.TickResolved",))


class StreamStillStoring:
    """Answers "in process" to the first `busy` attempts, then that the message had landed."""

    def __init__(self, busy: int, refusal: type[APIError] = APIError, err_code: int = appending.DUPLICATE_IN_PROCESS
                 ) -> None:
        self.busy, self.refusal, self.err_code = busy, refusal, err_code
        self.attempts: list[str] = []

    async def publish(self, subject: str, payload: bytes, *, stream: str, headers: dict[str, str],
                      timeout: float) -> PubAck:
        self.attempts.append(headers["Nats-Msg-Id"])
        if len(self.attempts) <= self.busy:
            raise self.refusal(code=409, err_code=self.err_code, description="busy")
        return PubAck(stream=stream, seq=7, duplicate=self.err_code == appending.DUPLICATE_IN_PROCESS)


async def test_an_attempt_told_the_first_is_in_process_is_sent_again_and_lands_once() -> None:
    js = StreamStillStoring(busy=2)
    appended = await appending.append(js, "GAMES", "echo.game.g1.move", BATCH, msg_id="g1:ann/c1",  # type: ignore[arg-type]
                                      expected_last_sequence=6)
    assert appended == appending.Appended(sequence=7, duplicate=True)
    assert js.attempts == ["g1:ann/c1"] * 3  # the same id each time


async def test_in_process_past_the_patience_is_the_store_not_answering(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(elections, "STORE_PATIENCE", 0.25)
    js = StreamStillStoring(busy=1000)
    with pytest.raises(NatsTimeout):
        await appending.append(js, "GAMES", "echo.game.g1.move", BATCH, msg_id="g1:ann/c1",  # type: ignore[arg-type]
                               expected_last_sequence=6)
    assert 2 <= len(js.attempts) <= 4  # a pause between attempts, not a busy loop


async def test_an_attempt_told_jetstream_is_unavailable_is_sent_again() -> None:
    js = StreamStillStoring(busy=1, refusal=ServiceUnavailableError, err_code=10008)
    appended = await appending.append(js, "GAMES", "echo.game.g1.move", BATCH, msg_id="g1:ann/c1",  # type: ignore[arg-type]
                                      expected_last_sequence=6)
    assert appended == appending.Appended(sequence=7, duplicate=False) and len(js.attempts) == 2


class TipWithoutLeader:
    """A stream whose tip read gets no answer `silent` times (no leader yet), then is answered."""

    def __init__(self, silent: int) -> None:
        self.silent, self.asked = silent, 0

    async def get_last_msg(self, stream: str, subject: str, direct: bool = False) -> str:
        self.asked += 1
        if self.asked <= self.silent:
            await asyncio.sleep(3600)
        return f"tip of {subject}"


async def test_a_tip_read_without_an_answer_is_asked_again_not_waited_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(elections, "STORE_TRY", 0.1)
    js = TipWithoutLeader(silent=2)
    assert await appending.last_message(js, "GAMES", "echo.game.g1.*") == "tip of echo.game.g1.*"  # type: ignore[arg-type]
    assert js.asked == 3


async def test_a_tip_read_never_answered_is_the_store_not_answering(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(elections, "STORE_TRY", 0.1)
    monkeypatch.setattr(elections, "STORE_PATIENCE", 0.3)
    with pytest.raises(NatsTimeout):
        await appending.last_message(TipWithoutLeader(silent=1000), "GAMES", "echo.game.g1.*")  # type: ignore[arg-type]
