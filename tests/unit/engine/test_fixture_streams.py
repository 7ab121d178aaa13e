"""Streams written by the engine as it was when they were recorded (tests/fixtures/streams/record.py: one game
of each kind — Tutorial, Free, Daily, an expired Daily, Ghost Five, an Ark room, Echoes of Time) still fold, and
every seat's view of them is what it was then, byte for byte. A rename of an event or a field needs an upcaster
for this to pass."""

from __future__ import annotations

import json

import pytest

from tests.fixtures.streams.replay import FOLDER, render_views

NAMES = sorted(path.name.removesuffix(".stream.json") for path in FOLDER.glob("*.stream.json"))


def test_every_kind_and_mode_is_recorded() -> None:
    assert NAMES == ["ark", "daily", "echoes_of_time", "expired_daily", "free", "ghost_five", "tutorial"]


@pytest.mark.parametrize("name", NAMES)
def test_a_recorded_stream_folds_to_the_views_it_had(name: str) -> None:
    stream = json.loads((FOLDER / f"{name}.stream.json").read_text())
    recorded = json.loads((FOLDER / f"{name}.views.json").read_text())
    assert render_views(stream) == recorded
