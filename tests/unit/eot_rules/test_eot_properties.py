"""Hypothesis properties over whole random games: determinism, replay, conservation of cards, hidden views."""

from __future__ import annotations

import pytest
from echoes_of_time import fold, view
from echoes_of_time.bots.selfplay import self_play
from echoes_of_time.catalogue import CARDS
from echoes_of_time.events import CardPlayed, CardsDiscarded
from echoes_of_time.evolve import apply
from echoes_of_time.public import public_event, public_log
from echoes_of_time.state import Table
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
        text = repr({k: v for k, v in shown.items() if k not in ("me", "log")})  # the log: the test below
        hidden = {c for other in table.seats if other.id != seat.id for c in other.hand} | set(table.deck)
        if table.pending is not None and table.pending.player == seat.id:
            hidden -= set(table.pending.options)
        assert not any(f"'{card}'" in text for card in hidden)
        assert shown["me"]["hand"] == seat.hand
    assert "key" not in view(table, None) and view(table, None)["me"] is None


def _face_up(table) -> set[str]:
    """The cards every seat sees where they are: boards, fellowships, the discard pile, under the Sources."""
    seen = {*table.discard, *(c for slot in table.sources for c in slot.under)}
    for seat in table.seats:
        seen |= {*seat.fellowship, *(c for stack in seat.board for c in stack)}
    return seen


@settings(max_examples=6, deadline=None)
@given(games)
def test_the_public_log_names_a_card_only_when_it_is_face_up_and_never_the_seed_or_the_deck_order(game) -> None:
    """An entry may name a card in a hand only as it comes out of it, shown (played, discarded: a few events
    later), or goes into it from the discard pile, or leaves the time board (face up just before)."""
    policy, players, seed = game
    played = self_play(policy, players, seed)
    table, face_up = Table(), []
    for event in played.events:
        apply(table, event)
        shown = {event.card} if isinstance(event, CardPlayed) else set(event.cards) \
            if isinstance(event, CardsDiscarded) else set()
        face_up.append(_face_up(table) | shown)
    log = view(played.table, 0)["log"]
    assert log == public_log(played.events) and log == view(played.table, None)["log"]
    seed_hex = played.events[0].seed
    for index, event in enumerate(played.events):
        entry = public_event(event)
        if entry is None:
            continue
        text = repr(entry)
        assert seed_hex not in text and "'order'" not in text and "'seed'" not in text
        named = {card for card in CARDS if f"'{card}'" in text}
        window = set().union(*face_up[max(index - 3, 0):index + 5])
        assert named <= window, (entry, named - window)
