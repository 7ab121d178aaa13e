"""Speed (benchmark): a 16-player Survival game with the kind vote played to its finale by a script; the fold
of its whole stream and the sixteen views after one vote. Targets: ≤ 50 ms per fold, ≤ 5 ms for 16 views."""

from __future__ import annotations

import time

import pytest
from ark import fold, view

from tests.unit.ark_rules.ark_helpers import Table, finished, play_until, players, started, step_is

pytestmark = pytest.mark.unit

FOLD_TARGET_MS = 50.0
VIEWS_TARGET_MS = 5.0


def best_ms(action: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        begin = time.perf_counter()
        action()  # type: ignore[operator]
        times.append((time.perf_counter() - begin) * 1000)
    return min(times)


def full_game() -> Table:
    table = started(16, "mode=survival", "incubator=off")
    play_until(table, finished)
    return table


def test_a_16_player_game_folds_within_50_ms() -> None:
    table = full_game()
    stream = table.session.stream
    assert fold(stream) == table.room
    took = best_ms(lambda: fold(stream), repeat=7)
    print(f"\nfold of a 16-player game: {len(stream)} events in {took:.2f} ms")
    assert took <= FOLD_TARGET_MS


def test_sixteen_views_after_one_vote_within_5_ms() -> None:
    table = started(16, "mode=survival")
    play_until(table, step_is("exile_vote"))
    table.do("vote p1 p2")
    room = table.room
    took = best_ms(lambda: [view(room, seat) for seat in players(16)], repeat=20)
    print(f"\nsixteen views after a vote: {took:.3f} ms")
    assert took <= VIEWS_TARGET_MS
