"""The responders served in this process: found by askers only where the process turned that on, and each
withdrawn by its own stop (a newer responder of the subject stays)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from echo_runtime import local_requests
from echo_runtime.local_requests import Answer, responder_here, serve_here

pytestmark = pytest.mark.unit


@pytest.fixture
def enabled() -> Iterator[None]:
    local_requests.enable()
    yield
    local_requests.enable(False)


async def first(data: bytes, headers: dict[str, str]) -> Answer | None:
    return Answer(b"first:" + data)


async def second(data: bytes, headers: dict[str, str]) -> Answer | None:
    return Answer(b"second:" + data, {"h": "1"})


def test_nobody_is_asked_here_where_the_process_did_not_turn_it_on() -> None:
    stop = serve_here("subject.off", first)
    try:
        assert responder_here("subject.off") is None
    finally:
        stop()


async def test_a_served_subject_is_answered_here_until_its_stop(enabled: None) -> None:
    stop_first = serve_here("subject.on", first)
    responder = responder_here("subject.on")
    assert responder is not None and await responder(b"x", {}) == Answer(b"first:x")
    stop_second = serve_here("subject.on", second)  # a replica started again in the same process
    stop_first()  # the old one's stop leaves the new one serving
    responder = responder_here("subject.on")
    assert responder is not None and await responder(b"y", {}) == Answer(b"second:y", {"h": "1"})
    stop_second()
    assert responder_here("subject.on") is None
    assert responder_here("subject.never") is None
