"""A command's event ids come from one draw: as many as asked, each 32 hex digits (128 random bits, the form
`uuid4().hex` gave), none repeated."""

from __future__ import annotations

import re

import pytest
from echo_engine.store import event_ids

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("n", [1, 2, 8, 40])
def test_each_event_of_a_batch_gets_an_id_of_its_own(n: int) -> None:
    ids = event_ids(n)
    assert len(ids) == n and len(set(ids)) == n
    assert all(re.fullmatch(r"[0-9a-f]{32}", event_id) for event_id in ids)


def test_no_two_draws_give_the_same_ids() -> None:
    drawn = [event_id for _ in range(500) for event_id in event_ids(4)]
    assert len(set(drawn)) == len(drawn)
