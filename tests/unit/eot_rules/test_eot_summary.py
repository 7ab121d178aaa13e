"""What a finished Echoes of Time game leaves in its players' history (`summary`): nothing while it is on;
then each seat's win or loss and final VP total, as the game's end scored them."""

from __future__ import annotations

import echoes_of_time as eot
import pytest
from echo_events.game_rules import is_rejection

from tests.unit.eot_rules.test_eot_hosting import NOW, evolved, started

pytestmark = pytest.mark.unit


def test_a_conceded_duel_is_a_win_for_the_other_with_the_scores_of_the_end() -> None:
    state = started(2)
    assert eot.summary(state) is None
    outcome = eot.decide(state, eot.command_for({"type": "concede"}, 0, NOW))
    assert not is_rejection(outcome)
    over = evolved(state, outcome)
    scores = over.result["scores"]
    assert eot.summary(over) == {"outcome": "finished", "rounds": None,
                                 "seats": [{"result": "loss", "score": scores["p1"]["total"]},
                                           {"result": "win", "score": scores["p2"]["total"]}]}
