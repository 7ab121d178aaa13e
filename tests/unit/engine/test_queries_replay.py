"""A table replay holds a kept log once: in its last frame, the others saying how much of it they had."""

from __future__ import annotations

import orjson
import pytest
from echo_engine.queries import logs_once
from ghost_five.driver import Driver
from ghost_five.script import parse_script
from ghost_five.settings import Settings
from ghost_five.view import view

pytestmark = pytest.mark.unit

# A round of 30 turns without a row: A walks the bottom rows, B the top ones, never five in a line.
TURNS = "; ".join(f"P:{'ABCDEFGHJKLMNOP'[(t * 3) % 15]}{1 + t // 5} P:{'ABCDEFGHJKLMNOP'[(t * 7) % 15]}{15 - t // 5}"
                  for t in range(30))


def _frames() -> list[dict]:
    driver = Driver(Settings(memory=9))
    frames = []
    for segment in parse_script(TURNS):
        driver.run(segment)
        frames.append(orjson.loads(orjson.dumps(view(driver.state, 0))))
    return frames


def test_every_frame_but_the_last_names_its_log_by_length_and_the_whole_log_rebuilds() -> None:
    frames = _frames()
    assert len(frames) == 30 and len(frames[-1]["log"]) == 30
    shortened = logs_once(frames)
    assert shortened[-1] == frames[-1]
    for full, short in zip(frames[:-1], shortened[:-1], strict=True):
        assert "log" not in short
        length = short.pop("log_length")
        assert {**short, "log": frames[-1]["log"][:length]} == full


def test_the_replay_grows_with_the_game_not_with_its_square() -> None:
    frames = _frames()
    whole, once = len(orjson.dumps(frames)), len(orjson.dumps(logs_once(frames)))
    assert once < whole / 2  # 30 turns; the longer the match, the larger the gap


def test_frames_without_a_log_are_left_as_they_are() -> None:
    frames = [{"phase": "play", "round": 1}, {"phase": "over", "round": 2}]
    assert logs_once(frames) == frames
    assert logs_once([]) == []
