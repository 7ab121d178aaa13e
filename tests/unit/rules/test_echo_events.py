"""Echo commands and events as contract messages: registered, frozen, JSON round trip."""

import pydantic
import pytest
from echo_challenge import commands, events, game
from echo_challenge.textformat import parse_field_text
from echo_events.registry import command_class, event_class, registered_events

pytestmark = pytest.mark.unit

GRID = (
    "detector_chance: 1\n"
    + "..gG......\n..g.......\n"
    + "..........\n" * 4
    + "rr........\n.R........\n"
    + "..........\n" * 2
)


def test_commands_are_registered_and_check_the_sector():
    assert command_class("echo.Probe") is commands.Probe and command_class("echo.Beam") is commands.Beam
    assert command_class("echo.Finish") is commands.Finish and command_class("echo.Expire") is commands.Expire
    with pytest.raises(pydantic.ValidationError):
        commands.Probe(sector=100)
    with pytest.raises(pydantic.ValidationError):
        commands.Beam(sector=-1)


def test_events_are_registered_with_a_schema_version():
    for cls in events.ECHO_EVENTS:
        assert registered_events()[cls.event_type] is cls and cls.schema_version == 1
        assert cls.event_type.startswith("echo.")


def test_messages_are_frozen_and_refuse_unknown_fields():
    probe = commands.Probe(sector=3)
    with pytest.raises(pydantic.ValidationError):
        probe.sector = 4  # type: ignore[misc]
    with pytest.raises(pydantic.ValidationError):
        commands.Probe(sector=3, extra=1)


def test_a_played_stream_round_trips_through_json():
    state, stream = game.start(parse_field_text(GRID))
    for move in (
        commands.Probe(sector=0),
        commands.Probe(sector=2),
        commands.Beam(sector=3),
        commands.Finish(),
    ):
        state, out = game.play(state, move)
        stream += out
    assert [type(e).__name__ for e in stream] == [
        "GameStarted", "OrdersDealt", "TickResolved", "TickResolved", "TickResolved", "GameFinished",
    ]  # fmt: skip
    for e in stream:
        payload = e.model_dump(mode="json")
        assert event_class(e.event_type).model_validate(payload) == e
        assert type(e).model_validate_json(e.model_dump_json()) == e


def test_tick_events_are_readable_by_analysts():
    state, _ = game.start(parse_field_text(GRID))
    _, [tick] = game.play(state, commands.Probe(sector=2))
    data = tick.model_dump(mode="json")
    assert data["tool"] == "probe" and data["sector"] == 2 and data["sector_name"] == "C1"
    assert data["color"] == "green" and data["burnt"] is True and data["nadloms"] == ["probe"]
    assert data["credits_earned"] == 0 and "grid" not in data and "seed" not in data
