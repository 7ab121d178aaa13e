"""The seat's `moves` ask `accepts` (a main action's or an answer's checks alone) instead of deciding every
candidate; it must agree with `decide` on every candidate, accepted or refused. Each seat's view of one
table shares one public state, built once: never a stale one for a table changed in place."""

from __future__ import annotations

from datetime import UTC, datetime

import echoes_of_time as eot
from echo_events.game_rules import is_rejection
from echoes_of_time.bots import actor
from echoes_of_time.bots.candidates import answers, main_actions
from echoes_of_time.evolve import apply
from echoes_of_time.game import accepts
from echoes_of_time.public import public_state

NOW = datetime(2026, 12, 1, 12, tzinfo=UTC)


def test_accepts_agrees_with_decide_on_every_candidate_of_whole_games() -> None:
    verdicts = set()
    for seats, seed in ((2, 1), (3, 2), (4, 3)):
        state = eot.start(eot.new_setup({}, seats, seed, NOW))[0]
        for step in range(3000):
            if eot.is_over(state):
                break
            player = actor(state)
            assert player is not None
            if state.pending is not None:
                candidates = answers(state, list)
            else:
                candidates = [c for found in main_actions(state, player, list).values() for c in found]
            for command in candidates:
                verdict = accepts(state, command)
                assert verdict == (not is_rejection(eot.decide(state, command))), command
                verdicts.add(verdict)
            seat = int(player[1:]) - 1
            events = eot.decide(state, eot.command_for(eot.bot_action(state, seat, "greedy", step), seat, NOW))
            assert not is_rejection(events)
            for event in events:
                state = eot.evolve(state, event)
    assert verdicts == {True, False}


def test_the_views_of_a_table_changed_in_place_show_the_change() -> None:
    state = eot.start(eot.new_setup({}, 2, 5, NOW))[0]
    seen = eot.view(state, 0)
    seat = int(actor(state)[1:]) - 1
    for event in eot.decide(state, eot.command_for({"type": "main", "slot": "draw.1"}, seat, NOW)):
        apply(state, event)  # the same table object, one version on
    after = eot.view(state, 1)
    assert after["version"] == state.version != seen["version"]
    assert {k: v for k, v in after.items() if k not in ("me", "moves", "deadline", "game_id", "version", "log")} == \
        public_state(state)
    assert len(after["log"]) > len(seen["log"])
