"""`through_election` asks an operation again while its error is one the caller names retryable — by default
what a stream between leaders answers — and raises any other error at once, after that one attempt."""

from __future__ import annotations

import pytest
from echo_runtime import elections
from nats.errors import NoRespondersError
from nats.js.errors import APIError, KeyNotFoundError, ServiceUnavailableError

pytestmark = pytest.mark.unit


@pytest.fixture(autouse=True)
def brief_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(elections, "RETRY_PAUSE", 0.01)


class Refusing:
    """An operation that raises each of `refusals` in turn, then answers "done"."""

    def __init__(self, *refusals: Exception) -> None:
        self.refusals, self.attempts = list(refusals), 0

    async def __call__(self) -> str:
        self.attempts += 1
        if self.refusals:
            raise self.refusals.pop(0)
        return "done"


async def test_the_errors_of_a_store_between_leaders_are_asked_again_by_default() -> None:
    operation = Refusing(NoRespondersError(), ServiceUnavailableError(code=503, err_code=10008), TimeoutError())
    assert await elections.through_election(operation) == "done"
    assert operation.attempts == 4


async def test_an_error_outside_the_retryable_ones_is_raised_after_one_attempt() -> None:
    operation = Refusing(KeyNotFoundError())
    with pytest.raises(KeyNotFoundError):
        await elections.through_election(operation)
    assert operation.attempts == 1


async def test_a_caller_names_its_own_retryable_errors() -> None:
    def in_process(error: Exception) -> bool:
        return isinstance(error, APIError) and error.err_code == 10158

    operation = Refusing(APIError(code=409, err_code=10158), APIError(code=409, err_code=10158))
    assert await elections.through_election(operation, in_process) == "done"
    assert operation.attempts == 3
    unavailable = Refusing(ServiceUnavailableError(code=503, err_code=10008))  # not among the ones named
    with pytest.raises(ServiceUnavailableError):
        await elections.through_election(unavailable, in_process)
    assert unavailable.attempts == 1


async def test_an_attempt_that_keeps_its_own_time_is_given_the_attempts_seconds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(elections, "STORE_TRY", 0.1)
    given: list[float] = []

    async def publish(seconds: float) -> str:  # as a publish with its timeout: unanswered twice, then acked
        given.append(seconds)
        if len(given) <= 2:
            raise TimeoutError
        return "acked"

    assert await elections.timed_through_election(publish) == "acked"
    assert len(given) == 3 and all(0 < seconds <= 0.1 for seconds in given)
