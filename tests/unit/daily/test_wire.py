"""The wire form of schedule items: a Batch of one Envelope, identical bytes from every replica."""

from datetime import UTC, datetime

import pytest
from echo_daily.publisher import aggregate_of, batch_of
from echo_daily.schedule import ScheduleConfig, due
from echo_events.envelope import decode, encode, unwrap

from .conftest import LAUNCH, SECRET

pytestmark = pytest.mark.unit

CONFIG = ScheduleConfig(secret=SECRET, launch=LAUNCH)


def test_each_item_is_one_envelope_that_round_trips_and_is_deterministic():
    items = due(datetime(2026, 11, 29, 20, tzinfo=UTC), datetime(2026, 11, 29, 21, tzinfo=UTC), CONFIG)
    assert len(items) == 4 + 4 + 4 + 1 + 4
    for item in items:
        batch = batch_of(item)
        assert encode(batch) == encode(batch_of(item))  # two replicas, same bytes
        (envelope,) = decode(encode(batch)).events
        assert unwrap(envelope) == item.event
        assert envelope.occurred_at == item.at  # the scheduled instant, not the moment of writing
    assert len({batch_of(i).events[0].event_id for i in items}) == len(items)


def test_a_dailys_history_is_versioned_in_order():
    items = due(datetime(2026, 11, 27, 20, 59, tzinfo=UTC), datetime(2026, 11, 28, 21, tzinfo=UTC), CONFIG)
    history = [aggregate_of(i.event) for i in items if aggregate_of(i.event)[0] == "2026-11-28:gold"]
    assert history == [("2026-11-28:gold", v) for v in (1, 2, 3, 4)]
    week = [aggregate_of(i.event) for i in due(None, datetime(2026, 11, 30, 22, tzinfo=UTC), CONFIG)
            if i.subject == "league.week.closed"]
    mondays = ["2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"]
    assert week == [(f"week:{monday}", 1) for monday in mondays]
