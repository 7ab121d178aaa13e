"""Invariants under random play (hypothesis): no crash, no hidden card or vote link in any view, the same
game from the same seed and commands, fold = decide's state, and an end once everyone has disconnected."""

from __future__ import annotations

import json

import pytest
from ark import fold, view
from ark.catalogue import CATEGORIES
from ark.state import Room
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.unit.ark_rules.ark_helpers import Table, players

pytestmark = pytest.mark.unit

SETTINGS = ["mode=survival", "incubator=off", "format=common", "timers=off", "adult=off", "voting=15", "card=10"]


def candidates(room: Room) -> list[str]:
    """Script lines worth trying now: mostly what the current step awaits, plus noise."""
    ids = list(room.ids) or ["p1"]
    noise = [f"disconnect {ids[0]}", f"connect {ids[0]}", "wait 7", "timeout", f"skip {room.owner}",
             f"leave_game {ids[-1]}", f"vote {ids[0]} {ids[-1]}", "expire_session", "delete"]
    step = room.step
    if room.phase == "lobby":
        unready = [f"ready {p.id}" for p in room.players[1:] if not p.ready]
        return unready * 8 + ["start p1"] * 8 + [f"settings {s}" for s in SETTINGS] + ["unready p2"]
    if step is None:
        return noise
    awaited = [p for p in ids if p not in step.voted and p not in step.requested]
    lines = {
        "prepare": [f"prepared {p}" for p in awaited],
        "reveal": [f"reveal {step.player} {c}" for c in CATEGORIES],
        "discussion": [f"pass {step.player}"],
        "common_discussion": [f"end_discussion {p}" for p in awaited],
        "exile_vote": [f"vote {p} {t}" for p in awaited for t in step.targets[:3]],
        "incident_discussion": [f"to_vote {step.player}", *(f"cite {p} {step.player}:baggage" for p in ids[:2])],
        "survival_vote": [f"survive {p} {w}" for p in awaited for w in ("yes", "no")],
        "kind_vote": [f"kind {p} {w}" for p in awaited for w in ("for", "against")],
    }[step.kind]
    return lines * 12 + noise


def visible_cards(room: Room, seat: str | None) -> set[str]:
    seen = set(room.ark_cards)
    for player in room.players:
        seen |= {player.card(c) for c in player.shown}
        if player.incidents_shown:
            seen |= set(player.incidents)
        if player.id == seat:
            seen |= set(player.cards)
    return seen


def assert_private(room: Room, seat: str | None) -> None:
    shown = view(room, seat)
    text = json.dumps(shown, ensure_ascii=False)
    everything = {c for p in room.players for c in (*p.cards, *p.incidents)} | set(room.ark_deck)
    hidden = everything - visible_cards(room, seat)
    leaks = [card for card in hidden if f'"{card}"' in text]
    assert leaks == [], f"{seat} sees hidden cards {leaks}"
    assert room.seed.hex() not in text  # the seeds of these tests are long enough not to occur by chance
    if seat is not None:
        own = [{"ballot": b.ref, "choice": b.choice} for b in room.ballots if b.voter == seat]
        assert shown["me"]["votes"] == own
    if shown["step"] is not None:
        assert not {"ballots", "choices"} & set(shown["step"])


def run(n: int, picks: list[int], seed: str) -> Table:
    table = Table(seed)
    table.do(*(f"join {p}" for p in players(n)))
    for pick in picks:
        options = candidates(table.room)
        table.do(options[pick % len(options)])
    return table


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(4, 7), picks=st.lists(st.integers(0, 10_000), min_size=150, max_size=600),
       seed=st.sampled_from(["property-seed-alpha", "property-seed-beta", "0f" * 32]))
def test_random_play_never_leaks_and_replays_identically(n: int, picks: list[int], seed: str) -> None:
    table = run(n, picks, seed)
    room = table.room
    event(f"ended in phase {room.phase}")
    for seat in (None, *room.ids):
        assert_private(room, seat)
    assert not {e["type"] for e in table.session.log} & {"ExileVoteCast", "SurvivalVoteCast", "KindVoteCast"}
    again = run(n, picks, seed)
    assert again.session.stream == table.session.stream
    assert again.session.rejections == table.session.rejections


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(4, 6), picks=st.lists(st.integers(0, 10_000), min_size=10, max_size=150))
def test_every_step_keeps_views_private(n: int, picks: list[int]) -> None:
    table = Table("property-seed-views")
    table.do(*(f"join {p}" for p in players(n)))
    for pick in picks:
        options = candidates(table.room)
        table.do(options[pick % len(options)])
        room = table.room
        if room.turn_order:
            assert_private(room, None)
            assert_private(room, room.ids[pick % len(room.ids)])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(4, 6), picks=st.lists(st.integers(0, 10_000), min_size=10, max_size=300))
def test_fold_of_the_stream_is_the_state_decide_reached(n: int, picks: list[int]) -> None:
    table = run(n, picks, "property-seed-fold")
    assert fold(table.session.stream) == table.room


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(4, 6), picks=st.lists(st.integers(0, 10_000), min_size=0, max_size=200))
def test_once_everyone_has_disconnected_the_room_ends(n: int, picks: list[int]) -> None:
    table = run(n, picks, "property-seed-end")
    table.do(*(f"disconnect {p}" for p in table.room.ids), "wait 300", "expire_session", "wait 300", "delete")
    assert table.room.phase in ("closed", "void", "deleted")
