"""The online protocol through decide/evolve (§11): commit, withdraw, reveal and its check, timers,
cancel; the contract's module names; views that never leak the opponent's action."""

from __future__ import annotations

import json

import ghost_five
import pytest
from echo_events.game_rules import Refused, RulesPackage, is_rejection
from ghost_five import (
    CancelMatch,
    CloseReveal,
    Commit,
    CreateMatch,
    ExpireClock,
    Resign,
    Reveal,
    Settings,
    Withdraw,
    decide,
    evolve,
    fold,
    start,
    view,
)
from ghost_five.commitment import commit_hash
from ghost_five.events import MoveRevealed, RevealVoided, TurnResolved

pytestmark = pytest.mark.unit
SALT_A, SALT_B = "a" * 64, "b" * 64


def begin(**settings: object) -> tuple[ghost_five.MatchState, list]:
    state, events = start(CreateMatch(match_id="m-7", settings=Settings(**settings), now=1000.0))
    return state, list(events)


def send(state, events, command):
    outcome = decide(state, command)
    assert not is_rejection(outcome), outcome
    for event in outcome:
        state = evolve(state, event)
    events += outcome
    return state


def commit(seat: int, action: str, salt: str, now: float, turn: int = 1) -> Commit:
    return Commit(seat=seat, commit=commit_hash("m-7", 1, turn, seat, action, salt), now=now)


def both_commit(state, events, a: str, b: str, now: float = 1001):
    state = send(state, events, commit(0, a, SALT_A, now))
    return send(state, events, commit(1, b, SALT_B, now + 1))


def test_the_module_keeps_the_rules_contract() -> None:
    assert isinstance(ghost_five, RulesPackage)
    assert ghost_five.KIND == "ghost_five" and ghost_five.SEATS == (2, 2)
    command = ghost_five.COMMANDS.validate_python({"type": "withdraw", "seat": 1, "now": 3.5})
    assert command == Withdraw(seat=1, now=3.5)
    with pytest.raises(ValueError):
        ghost_five.COMMANDS.validate_python({"type": "expire_clock", "seat": 0, "round": 1, "turn": 1, "now": 1})


def test_a_full_turn_commit_reveal_resolve() -> None:
    state, events = begin()
    state = send(state, events, commit(0, "P:H8", SALT_A, 1003))
    state = send(state, events, commit(1, "X:H8", SALT_B, 1010))
    assert state.reveal_since == 1010
    state = send(state, events, Reveal(seat=0, action="P:H8", salt=SALT_A, now=1011))
    state = send(state, events, Reveal(seat=1, action="X:H8", salt=SALT_B, now=1012))
    resolved = [e for e in events if isinstance(e, TurnResolved)][0]
    assert resolved.actions == ("P:H8", "X:H8") and resolved.salts == (SALT_A, SALT_B)
    assert [o.type for o in resolved.outcomes[1]] == ["fresh_hit"]
    assert state.board.turn == 1 and state.seats[0].since == 1012
    assert fold(events) == state


def test_withdraw_while_the_opponent_has_not_committed_and_the_clock_runs_on() -> None:
    state, events = begin()
    state = send(state, events, commit(0, "P:H8", SALT_A, 1010))
    state = send(state, events, Withdraw(seat=0, now=1015))
    assert state.seats[0].commit is None and state.seats[0].spent == 10
    state = send(state, events, commit(0, "P:J8", SALT_A, 1040))
    assert state.seats[0].committed_after == 35
    state = send(state, events, commit(1, "P:A1", SALT_B, 1041))
    refusal = decide(state, Withdraw(seat=0, now=1042))
    assert isinstance(refusal, Refused) and refusal.code == "opponent_committed"


def test_a_mismatching_or_malformed_reveal_is_void_and_a_skip() -> None:
    state, events = begin()
    state = send(state, events, commit(0, "P:H8", SALT_A, 1001))
    state = send(state, events, commit(1, "P:J8", SALT_B, 1001))
    state = send(state, events, Reveal(seat=0, action="P:H9", salt=SALT_A, now=1002))
    state = send(state, events, Reveal(seat=1, action="P:J08", salt=SALT_B, now=1002))
    voids = [e.reason for e in events if isinstance(e, RevealVoided)]
    assert voids == ["reveal_mismatch", "reveal_malformed"]
    assert state.board.skips == (1, 1)


def test_a_missing_reveal_is_void_when_the_window_closes() -> None:
    state, events = begin()
    state = both_commit(state, events, "P:H8", "P:J8", 1001)
    state = send(state, events, Reveal(seat=0, action="P:H8", salt=SALT_A, now=1003))
    early = decide(state, CloseReveal(round=1, turn=1, now=1016))
    assert isinstance(early, Refused) and early.code == "not_due"
    state = send(state, events, CloseReveal(round=1, turn=1, now=1017))
    assert [e.reason for e in events if isinstance(e, RevealVoided)] == ["reveal_missing"]
    assert state.board.skips == (0, 1)
    stale = decide(state, CloseReveal(round=1, turn=1, now=1030))
    assert isinstance(stale, Refused) and stale.code == "stale"


def test_a_late_reveal_is_missing() -> None:
    state, events = begin()
    state = send(state, events, commit(0, "P:H8", SALT_A, 1001))
    state = send(state, events, commit(1, "P:J8", SALT_B, 1001))
    state = send(state, events, Reveal(seat=0, action="P:H8", salt=SALT_A, now=1016.5))
    assert events[-1].reason == "reveal_missing"


def test_the_clock_timer_fires_only_at_the_deadline() -> None:
    state, events = begin()
    state = send(state, events, commit(1, "P:J8", SALT_B, 1001))
    early = decide(state, ExpireClock(seat=0, round=1, turn=1, now=1151.9))
    assert isinstance(early, Refused) and early.code == "not_due"
    state = send(state, events, ExpireClock(seat=0, round=1, turn=1, now=1152))
    state = send(state, events, Reveal(seat=1, action="P:J8", salt=SALT_B, now=1153))
    assert state.board.turn == 1 and state.clocks[0].reserve == 0
    stale = decide(state, ExpireClock(seat=0, round=1, turn=1, now=1300))
    assert isinstance(stale, Refused) and stale.code == "stale"


def test_neither_committing_resolves_at_once() -> None:
    state, events = begin()
    state = send(state, events, ExpireClock(seat=0, round=1, turn=1, now=1152))
    state = send(state, events, ExpireClock(seat=1, round=1, turn=1, now=1152))
    assert state.board.turn == 1 and state.board.skips == (1, 1)


def test_cancel_stands_with_one_commit_and_ends_the_match_without_a_result() -> None:
    state, events = begin()
    state = send(state, events, commit(0, "P:H8", SALT_A, 1001))
    assert isinstance(decide(state, Resign(seat=0, now=1002)), Refused)
    state = send(state, events, CancelMatch(seat=1, now=1002))
    assert state.status == "cancelled" and state.winner is None
    assert isinstance(decide(state, commit(1, "P:J8", SALT_B, 1003)), Refused)


def test_resign_drops_pending_commits() -> None:
    state, events = begin()
    state = send(state, events, ExpireClock(seat=0, round=1, turn=1, now=1152))
    state = send(state, events, ExpireClock(seat=1, round=1, turn=1, now=1152))
    state = send(state, events, commit(0, "P:H8", SALT_A, 1153, turn=2))
    state = send(state, events, Resign(seat=1, now=1154))
    assert state.status == "finished" and state.winner == 0 and state.log[-1].turn == 1


def test_views_show_who_committed_and_the_hash_never_the_action_or_salt() -> None:
    state, events = begin()
    state = both_commit(state, events, "P:H8", "P:J8", 1001)
    state = send(state, events, Reveal(seat=0, action="P:H8", salt=SALT_A, now=1003))
    assert isinstance(events[-1], MoveRevealed)
    for seat in (None, 0, 1):
        text = json.dumps(view(state, seat))
        assert "P:H8" not in text and SALT_A not in text and SALT_B not in text
        assert view(state, seat)["open_turn"]["A"]["committed"] is True
    assert view(state, 1)["open_turn"]["A"]["commit"] == state.seats[0].commit
    state = send(state, events, Reveal(seat=1, action="P:J8", salt=SALT_B, now=1004))
    assert "P:H8" in json.dumps(view(state, 1))  # published with the turn


def test_events_survive_a_json_round_trip() -> None:
    from echo_events.registry import event_class

    state, events = begin(capture=True)
    state = both_commit(state, events, "A:H8", "P:J8", 1001)
    state = send(state, events, Reveal(seat=0, action="A:H8", salt=SALT_A, now=1003))
    state = send(state, events, Reveal(seat=1, action="P:J8", salt=SALT_B, now=1004))
    again = [event_class(e.event_type).model_validate_json(e.model_dump_json()) for e in events]
    assert again == events and fold(again) == state


def test_the_view_carries_the_anchor_memo() -> None:
    state, events = begin()
    state = both_commit(state, events, "A:H8", "P:J8", 1001)
    state = send(state, events, Reveal(seat=0, action="A:H8", salt=SALT_A, now=1003))
    state = send(state, events, Reveal(seat=1, action="P:J8", salt=SALT_B, now=1004))
    assert view(state, 1)["anchors"] == [{"cell": "H8", "seat": "A", "age": 0, "take_back_turn": 7,
                                          "magnet_cooldown": 0}]
