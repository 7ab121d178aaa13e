"""The client view (echo-challenge.md §19, §21, §23): every key, and nothing hidden for a live game."""

import json
import re

import pytest
from echo_challenge import game
from echo_challenge.commands import Beam, Probe
from echo_challenge.field import SECTORS, sector_name
from echo_challenge.grid import field_rows
from echo_challenge.view import client_view, log_entry, revealed_field
from echo_helpers import SMALL, begin, header, run
from echo_strategies import setups
from hypothesis import given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.unit

KEYS = {
    "status", "tick", "credits", "credits_breakdown", "connectivity", "connectivity_max", "charge",
    "contour", "layer_charge", "detector", "detector_max", "spectrometer", "spectrometer_max", "orders",
    "membranes", "ephemera", "board", "hints", "highlights", "interference", "timers", "log",
}  # fmt: skip
SECTOR = re.compile(r"^[A-J](10|[1-9])$")


def test_the_view_has_every_key_of_the_state_summary_and_is_json():
    view = client_view(begin(SMALL, orders=None))
    assert KEYS <= set(view)
    assert json.loads(json.dumps(view)) == view
    assert set(view["credits_breakdown"]) == {"clean", "lossy", "orders"}
    assert all(set(o) >= {"symbols", "progress"} for o in view["orders"])
    assert len(view["board"]) == 10 and all(len(row) == 10 for row in view["board"])


def test_connectivity_is_a_number_in_halves():
    state, _ = run(begin(SMALL), "B C2")
    assert client_view(state)["connectivity"] == 3.5


def test_board_characters_follow_the_tool_that_opened_each_sector():
    state, _ = run(begin(SMALL, header(charge=6)), "P A1; P B1; B C1; P C2; B D1")
    assert client_view(state)["board"][0][:4] == "02gg" and client_view(state)["board"][1][2] == "x"


def test_the_log_says_what_each_tick_brought_and_cost():
    state, _ = run(begin(SMALL, header(charge=6)), "P C2; B C1; B D1")
    log = client_view(state)["log"]
    assert [e["tick"] for e in log] == [1, 2, 3]
    assert log[0]["opened"] == "x" and log[0]["nadloms"] == ["probe"] and log[0]["tool"] == "probe"
    assert log[0]["connectivity"] == 2.5 and log[0]["charge"] == 6
    assert log[1]["charge_spent"] == 2 and log[1]["opened"] == "green"
    assert log[2]["credits"] == 20 and log[2]["membrane"] == "triggered"
    assert log[2]["ephemeron"] == {"color": "green", "size": 3, "clean": False}


def test_a_log_rendered_once_per_tick_gives_the_same_view():
    state, _ = run(begin(SMALL, header(charge=6)), "P C2; B C1; B D1")
    rendered = [log_entry(event) for event in state.log]
    assert client_view(state, rendered) == client_view(state)


def test_revealed_field_is_none_while_live_and_everything_after_the_end():
    state = begin(SMALL)
    assert revealed_field(state) is None
    state, _ = run(state, "F")
    revealed = revealed_field(state)
    assert revealed["grid"] == list(field_rows(state.field)) and revealed["seed"] == 0


def assert_nothing_hidden(state) -> None:
    view = client_view(state)
    field = state.field
    text = json.dumps(view)
    assert "seed" not in text and "grid" not in text and "owner" not in text
    for row in field_rows(field):
        if any(c != "." for c in row):
            assert row not in text
    open_ = {i for i in range(SECTORS) if not state.is_hidden(i)}
    hinted = {i for i in state.hinted if state.is_hidden(i)}
    framed = {i for i in state.highlighted if state.is_hidden(i)}
    assert all(field.owner[i] < 0 for i in hinted)  # the Detector only hints free sectors
    allowed = {sector_name(i) for i in open_ | hinted | framed}

    def walk(value, key=None):
        if isinstance(value, dict):
            for k, v in value.items():
                assert "membrane_sector" not in k and k not in ("sectors_hidden", "position")
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and SECTOR.match(value):
            assert value in allowed, (key, value)

    walk(view)
    for i in range(SECTORS):
        char = view["board"][i // 10][i % 10]
        assert (char == "#") == state.is_hidden(i)
        if field.owner[i] >= 0 and char != "#":
            assert char in "gyrx"
    for h in view["highlights"]:  # a frame shows exactly what the instrument saw
        i = next(j for j in framed if sector_name(j) == h["sector"])
        eph = field.ephemera[field.owner[i]]
        assert h["color"] == eph.color and h["membrane"] == (i == eph.membrane)
    for m, e in zip(view["membranes"], field.ephemera, strict=True):
        assert set(m) == {"color", "kind", "state"}
        if m["state"] == "hidden":
            assert state.is_hidden(e.membrane)
    for e in view["ephemera"]:
        assert set(e) == {"color", "size", "opened", "clean"}
        if not e["opened"]:
            assert e["clean"] is None


@settings(max_examples=80, deadline=None)
@given(setups(), st.data())
def test_a_live_view_never_shows_a_hidden_segment_colour_membrane_or_seed(setup, data):
    state, _ = game.start(setup)
    for _ in range(data.draw(st.integers(0, 40))):
        if not state.live:
            break
        hidden = [i for i in range(SECTORS) if state.is_hidden(i)]
        sector = data.draw(st.sampled_from(hidden))
        tool = data.draw(st.sampled_from([Probe, Beam]))
        state, _ = game.play(state, tool(sector=sector))
        if state.live:
            assert_nothing_hidden(state)
