"""The exile schedule, the whole table for 4..16 players, and a played game exiling exactly that many."""

from __future__ import annotations

import pytest
from ark.schedule import ark_places, exiles_in_round

from tests.unit.ark_rules.ark_helpers import finished, play_until, started

pytestmark = pytest.mark.unit

TABLE = {  # players: (round 1..5 exiles, Ark places)
    4: ((0, 0, 0, 1, 1), 2), 5: ((0, 0, 1, 1, 1), 2), 6: ((0, 0, 1, 1, 1), 3), 7: ((0, 1, 1, 1, 1), 3),
    8: ((0, 1, 1, 1, 1), 4), 9: ((0, 1, 1, 1, 2), 4), 10: ((0, 1, 1, 1, 2), 5), 11: ((0, 1, 1, 2, 2), 5),
    12: ((0, 1, 1, 2, 2), 6), 13: ((0, 1, 2, 2, 2), 6), 14: ((0, 1, 2, 2, 2), 7), 15: ((0, 2, 2, 2, 2), 7),
    16: ((0, 2, 2, 2, 2), 8),
}


@pytest.mark.parametrize("players", sorted(TABLE))
def test_the_schedule_is_the_spec_table(players: int) -> None:
    per_round, places = TABLE[players]
    assert tuple(exiles_in_round(players, r) for r in range(1, 6)) == per_round
    assert ark_places(players) == places
    assert sum(per_round) + places == players


@pytest.mark.parametrize("players", [4, 9, 16])
def test_a_played_game_exiles_per_the_schedule(players: int) -> None:
    table = started(players)
    play_until(table, finished)
    exiles = [v for v in table.view()["votes"] if v["kind"] == "exile" and v["result"] != "tie"]
    by_round = [sum(1 for v in exiles if v["round"] == r) for r in range(1, 6)]
    assert tuple(by_round) == TABLE[players][0]
    assert len(table.view()["winners"]) == ark_places(players)
