"""The leagues service's pure parts: generated callsigns, group ids, the Game of the day's frames and the
public field of a closed Daily."""

import datetime as dt

import pytest
from echo_challenge import game as rules
from echo_challenge.commands import Beam, Finish, Probe
from echo_challenge.generator import layout_rows
from echo_challenge.modes import daily_setup
from echo_leagues.callsigns import display_callsign, generated_callsign
from echo_leagues.field import public_field
from echo_leagues.frames import frames_of
from echo_leagues.groups import group_id, parse_group_id

from tests.support.leagues import daily_event

pytestmark = pytest.mark.unit


def test_generated_callsigns_are_stable_and_shaped() -> None:
    name = generated_callsign("0f3a9c")
    assert name == generated_callsign("0f3a9c") == "Эхонавт-" + name.split("-")[1]
    assert 1000 <= int(name.split("-")[1]) <= 9999
    assert len({generated_callsign(f"acc{i}") for i in range(200)}) > 150
    assert display_callsign("x", "Пилот") == "Пилот" and display_callsign("x", None) == generated_callsign(
        "x"
    )


def test_group_ids_round_trip() -> None:
    week = dt.date(2026, 11, 23)
    assert group_id(week, "gold", 0) == "2026-11-23:gold:1"
    assert parse_group_id("2026-11-23:gold:1") == (week, "gold", 0)
    for bad in ("2026-11-23:iron:1", "2026-11-23:gold:0", "2026-11-23:gold", "x:gold:1"):
        with pytest.raises(ValueError):
            parse_group_id(bad)


def played_game() -> tuple[list, object]:
    setup = daily_setup(daily_event(dt.date(2026, 11, 18), seed=99))
    state, events = rules.start(setup)
    segments = {s for e in setup.field.ephemera for s in e.sectors}
    free = [i for i in range(100) if i not in segments and i not in setup.opened]
    target = min(setup.field.ephemera, key=lambda e: e.size)
    for sector in target.sectors:
        while state.charge < setup.rules.beam_cost:
            state, new = rules.play(state, Probe(sector=free.pop()))
            events += new
        state, new = rules.play(state, Beam(sector=sector))
        events += new
        if state.status != "live":
            break
    if state.status == "live":
        state, new = rules.play(state, Finish())
        events += new
    return events, state


def test_frames_one_per_tick_and_the_field_only_at_the_end() -> None:
    events, final = played_game()
    frames = frames_of(events)
    assert [f["tick"] for f in frames] == list(range(final.tick + 1))
    assert frames[0]["event"] is None and frames[0]["status"] == "live"
    assert [f["event"]["tick"] for f in frames[1:]] == list(range(1, final.tick + 1))
    assert all("log" not in f for f in frames)
    assert all("field" not in f for f in frames[:-1])
    assert frames[-1]["status"] == final.status and frames[-1]["credits"] == final.credits > 0
    assert frames[-1]["field"]["grid"] == list(layout_rows(final.setup))


def test_frames_need_the_start_of_a_game() -> None:
    events, _ = played_game()
    with pytest.raises(ValueError):
        frames_of(events[1:])


def test_the_public_field_is_the_daily_one_and_refused_while_live() -> None:
    daily = daily_event(dt.date(2026, 11, 18), seed=1234)
    row = {
        "daily_id": daily.daily_id,
        "number": daily.number,
        "day": daily.date,
        "league": daily.league,
        "name_ru": daily.name_ru,
        "preset_id": daily.preset_id,
        "seed": daily.seed,
        "special": None,
        "opens_at": daily.opens_at,
        "closes_at": daily.closes_at,
        "closed_at": None,
    }
    with pytest.raises(ValueError):
        public_field(row)
    field = public_field({**row, "closed_at": daily.closes_at})
    assert field["grid"] == list(layout_rows(daily_setup(daily))) and field["seed"] == 1234
    assert sum(e["size"] for e in field["ephemera"]) == sum(
        r.count(c) for r in field["grid"] for c in "gyrGYR"
    )
