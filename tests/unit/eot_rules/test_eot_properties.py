"""Hypothesis properties over whole random games: determinism, replay, conservation of cards, hidden views."""

from __future__ import annotations

import pytest
from echoes_of_time import fold, view
from echoes_of_time.bots.selfplay import self_play
from echoes_of_time.catalogue import CARDS
from hypothesis import given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.unit

games = st.tuples(st.sampled_from(["random", "greedy", "balanced"]), st.integers(2, 4), st.text(min_size=1, max_size=8))


def _cards_everywhere(table) -> list[str]:
    seen = [*table.deck, *table.discard, *table.looking]
    for seat in table.seats:
        seen += [*seat.hand, *seat.fellowship, *(c for stack in seat.board for c in stack)]
    seen += [c for slot in table.sources for c in slot.under]
    return seen


@settings(max_examples=8, deadline=None)
@given(games)
def test_random_legal_games_finish_replay_from_their_events_and_keep_every_card(game) -> None:
    policy, players, seed = game
    played = self_play(policy, players, seed)
    assert played.table.over and not played.stalled and not played.rejections
    assert fold(played.events) == played.table
    assert self_play(policy, players, seed).events == played.events
    assert sorted(_cards_everywhere(played.table)) == sorted(CARDS)


@settings(max_examples=6, deadline=None)
@given(st.integers(2, 4), st.text(min_size=1, max_size=8), st.integers(0, 400))
def test_a_view_never_shows_another_hand_or_the_deck(players: int, seed: str, cut: int) -> None:
    played = self_play("random", players, seed)
    table = fold(played.events[:min(cut, len(played.events))] or played.events)
    for index, seat in enumerate(table.seats):
        shown = view(table, index)
        text = repr({k: v for k, v in shown.items() if k != "me"})
        hidden = {c for other in table.seats if other.id != seat.id for c in other.hand} | set(table.deck)
        if table.pending is not None and table.pending.player == seat.id:
            hidden -= set(table.pending.options)
        assert not any(f"'{card}'" in text for card in hidden)
        assert shown["me"]["hand"] == seat.hand
    assert "key" not in view(table, None) and view(table, None)["me"] is None
