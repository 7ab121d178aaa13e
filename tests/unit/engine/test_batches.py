"""A move's batch written straight to JSON is, byte for byte, the batch the envelopes' models write: what is
on the stream does not depend on which of the two wrote it."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest
from echo_challenge import game as echo_rules
from echo_challenge import modes
from echo_challenge.commands import Finish, Probe
from echo_engine.batches import encode_wrapped
from echo_events.accounts import GuestCreated
from echo_events.envelope import Batch, encode, wrap
from echo_events.model import Event
from echo_events.play import GameCreated, SeatTaken

pytestmark = pytest.mark.unit

AT = datetime(2026, 11, 29, 21, 0, tzinfo=UTC)


def _played_echo_events() -> list[Event]:
    """A Free game's events as the engine appends them: its start, a few ticks, its end."""
    setup = modes.free_setup("standard", "acc1", date(2026, 12, 1), 1, None)
    state, events = echo_rules.start(setup)
    events = list(events)
    for sector in (n for n in range(100) if n not in setup.opened):
        outcome = echo_rules.decide(state, Probe(sector=sector))
        if isinstance(outcome, echo_rules.Rejection) or not state.live:
            break
        for event in outcome:
            state = echo_rules.evolve(state, event)
        events += outcome
        if len(events) > 12:
            break
    return [*events, *echo_rules.decide(state, Finish())] if state.live else events


@pytest.mark.parametrize("at", [AT, datetime(2026, 11, 29, 21, 0, 0, 5, tzinfo=UTC),
                                datetime(2026, 11, 30, 0, 0, tzinfo=timezone(timedelta(hours=3)))])
def test_a_batch_written_without_envelopes_is_the_same_bytes(at: datetime) -> None:
    created = GameCreated(game_id="g1", account_id="acc1", mode="table", msk_date="2026-12-01",
                          kind="ghost_five", seats=4, settings={"name": "Стол «Ночь»", "pace": 1.5, "big": 10**20,
                                                                "raw": "a\u0001b\u007f\"\\"})
    events = [created, SeatTaken(seat=0, account_id="acc1"), GuestCreated(account_id="acc1", device_id="dev1"),
              *_played_echo_events()]
    for first in range(len(events)):  # every event type alone, then all of them in one batch
        chunk = events[first:first + 1] if first else events
        ids = [f"e{n}" for n in range(len(chunk))]
        envelopes = tuple(wrap(event, event_id=event_id, stream_id="g1", version=first + 1 + n, occurred_at=at,
                               correlation_id="cmd «1»\n", causation_id="cmd «1»\n")
                          for n, (event_id, event) in enumerate(zip(ids, chunk, strict=True)))
        written = encode_wrapped(chunk, event_ids=ids, stream_id="g1", first_version=first + 1, occurred_at=at,
                                 correlation_id="cmd «1»\n", causation_id="cmd «1»\n")
        assert written.data == encode(Batch(events=envelopes))
        assert written.event_types == tuple(e.event_type for e in envelopes)


def test_a_batch_written_without_envelopes_refuses_what_they_refuse() -> None:
    event = GuestCreated(account_id="acc1", device_id="dev1")
    fields = {"event_ids": ["e1"], "stream_id": "acc1", "first_version": 1, "occurred_at": AT}
    encode_wrapped([event], **fields)  # type: ignore[arg-type]
    for overrides in ({"occurred_at": datetime(2026, 1, 1)}, {"event_ids": [""]}, {"first_version": 0},
                      {"stream_id": ""}):
        with pytest.raises(ValueError, match="aware|batch"):
            encode_wrapped([event], **{**fields, **overrides})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="batch"):
        encode_wrapped([], **{**fields, "event_ids": []})  # type: ignore[arg-type]
