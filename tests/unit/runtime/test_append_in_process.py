"""An append whose earlier attempt is still on its way into the stream (JetStream answers "duplicate message
id is in process") is sent again after a pause until that one has landed — then it is a duplicate, not a
failure — or, past the store's patience, is the stream not answering in time (the player sends it again).
So is one told that JetStream is temporarily unavailable (503, around a leader election)."""

from __future__ import annotations

import pytest
from echo_events.envelope import EncodedBatch
from echo_runtime import append as appending
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
    monkeypatch.setattr(appending, "STORE_PATIENCE", 0.25)
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
